import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { ScheduleOverrideRow, UserRow } from '../db/schema.js';
import { invalidField, notFound } from '../errors.js';
import type { OverrideDef } from '../oncall/overrides.js';
import { makeRoomForOverride, OVERRIDES_PER_SCHEDULE_MAX } from './limits.js';
import type { OverrideCreate, OverridePublic, OverrideUpdate } from './schema.js';
import { scheduleForChange } from './service.js';
import { checkEndAfterStart, checkedInstant, checkTeamMembers } from './validation.js';

export function toOverridePublic(row: ScheduleOverrideRow): OverridePublic {
  return {
    id: row.id,
    schedule_id: row.schedule_id,
    kind: row.kind,
    user_id: row.user_id,
    replaces_user_id: row.replaces_user_id,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** The arithmetic's view of a stored override (oncall/overrides.ts). */
export const toOverrideDef = (row: ScheduleOverrideRow): OverrideDef => ({
  id: row.id,
  kind: row.kind,
  userId: row.user_id,
  replacesUserId: row.replaces_user_id,
  start: row.starts_at,
  end: row.ends_at,
  createdAt: row.created_at,
});

/** A page of a schedule's overrides by start (then the order they apply in). */
export async function listOverrides(db: Db, scheduleId: string, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('schedule_overrides')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .orderBy('starts_at')
      .orderBy('created_at')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('schedule_overrides')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toOverridePublic), count: Number(total.count) };
}

/**
 * The overrides of some schedules whose span meets [from, to): all the arithmetic needs there.
 * At most OVERRIDES_PER_SCHEDULE_MAX of each schedule, the latest made (those that win where
 * they conflict): a schedule holds no more, unless it held more before the cap.
 */
export async function overridesMeeting(db: Db, scheduleIds: string[], from: number, to: number): Promise<ScheduleOverrideRow[]> {
  if (scheduleIds.length === 0) return [];
  const { rows } = await sql<ScheduleOverrideRow>`
    SELECT o.* FROM unnest(${scheduleIds}::uuid[]) AS s(id), LATERAL (
      SELECT * FROM schedule_overrides
      WHERE schedule_id = s.id AND ends_at > ${new Date(from)} AND starts_at < ${new Date(to)}
      ORDER BY created_at DESC LIMIT ${OVERRIDES_PER_SCHEDULE_MAX}) AS o`.execute(db);
  return rows;
}

export async function getOverride(db: Db, scheduleId: string, id: string): Promise<ScheduleOverrideRow> {
  const row = await db
    .selectFrom('schedule_overrides')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Override');
  return row;
}

type OverrideFields = Omit<OverrideCreate, 'replaces_user_id'> & { replaces_user_id: string | null };

/** The override as it would stand, checked: a replace names whom it replaces, others nobody; the end after the start; known users. */
async function checkedOverride(db: Db, teamId: string, fields: OverrideFields) {
  const starts = checkedInstant(fields.starts_at, ['body', 'starts_at']);
  const ends = checkedInstant(fields.ends_at, ['body', 'ends_at']);
  checkEndAfterStart(starts, ends, ['body', 'ends_at'], 'starts_at');
  const replaces = fields.replaces_user_id;
  if (fields.kind === 'replace' && !replaces) throw invalidField(['body', 'replaces_user_id'], 'a replace override needs replaces_user_id');
  if (fields.kind !== 'replace' && replaces)
    throw invalidField(['body', 'replaces_user_id'], `only a replace override has one, not ${fields.kind}`);
  if (replaces === fields.user_id) throw invalidField(['body', 'replaces_user_id'], 'a user cannot replace themself');
  await checkTeamMembers(db, teamId, [
    { id: fields.user_id, loc: ['body', 'user_id'] },
    ...(replaces ? [{ id: replaces, loc: ['body', 'replaces_user_id'] }] : []),
  ]);
  return { kind: fields.kind, user_id: fields.user_id, replaces_user_id: replaces, starts_at: new Date(starts), ends_at: new Date(ends) };
}

/**
 * A new override, made after every other of its schedule (at the cap, the overrides that ended
 * first make room: limits.ts): its `created_at` is the database's
 * clock to the millisecond, or a millisecond after the latest there (the schedule's row is
 * locked), so the order overrides apply in never depends on a tie.
 */
export async function createOverride(
  db: Db,
  actor: AuditActor,
  user: UserRow,
  scheduleId: string,
  input: OverrideCreate,
  now: Date,
): Promise<ScheduleOverrideRow> {
  return db.transaction().execute(async (trx) => {
    const schedule = await scheduleForChange(trx, user, scheduleId);
    const fields = await checkedOverride(trx, schedule.team_id, { ...input, replaces_user_id: input.replaces_user_id ?? null });
    await makeRoomForOverride(trx, scheduleId, now);
    const { rows } = await sql<{ at: Date }>`
      SELECT greatest(date_trunc('milliseconds', clock_timestamp()),
        (SELECT max(created_at) + interval '1 millisecond' FROM schedule_overrides WHERE schedule_id = ${scheduleId})) AS at`.execute(trx);
    const after = await trx
      .insertInto('schedule_overrides')
      .values({ ...fields, schedule_id: scheduleId, created_at: rows[0]?.at ?? new Date() })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'override.created',
      targetType: 'override',
      teamId: schedule.team_id,
      targetId: after.id,
      after,
    });
    return after;
  });
}

/** A change keeps the override's place in the order. */
export async function updateOverride(db: Db, actor: AuditActor, user: UserRow, scheduleId: string, id: string, patch: OverrideUpdate) {
  return db.transaction().execute(async (trx) => {
    const schedule = await scheduleForChange(trx, user, scheduleId);
    const row = await getOverride(trx, scheduleId, id);
    const merged: OverrideFields = {
      kind: patch.kind ?? row.kind,
      user_id: patch.user_id ?? row.user_id,
      // Changing a replace to another kind drops whom it replaced unless the patch names one.
      replaces_user_id:
        patch.replaces_user_id !== undefined
          ? patch.replaces_user_id
          : (patch.kind ?? row.kind) === 'replace'
            ? row.replaces_user_id
            : null,
      starts_at: patch.starts_at ?? row.starts_at.toISOString(),
      ends_at: patch.ends_at ?? row.ends_at.toISOString(),
    };
    const fields = await checkedOverride(trx, schedule.team_id, merged);
    const after = await trx.updateTable('schedule_overrides').set(fields).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'override.updated',
      targetType: 'override',
      teamId: schedule.team_id,
      targetId: id,
      before: row,
      after,
    });
    return after;
  });
}

export async function deleteOverride(db: Db, actor: AuditActor, user: UserRow, scheduleId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const schedule = await scheduleForChange(trx, user, scheduleId);
    const before = await trx
      .deleteFrom('schedule_overrides')
      .where('schedule_id', '=', scheduleId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!before) throw notFound('Override');
    await recordAudit(trx, actor, { action: 'override.deleted', targetType: 'override', teamId: schedule.team_id, targetId: id, before });
  });
}
