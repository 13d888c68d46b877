import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { ScheduleRow, UserRow } from '../db/schema.js';
import { HttpError, notFound } from '../errors.js';
import { checkRoomForSchedule } from './limits.js';
import type { ScheduleCreate, SchedulePublic, ScheduleUpdate } from './schema.js';
import { checkedZone } from './validation.js';

/**
 * Schedules (docs/oncall/schedules-api.md). Who may do what:
 * - every signed-in user reads every schedule, its rotations, overrides, "who is on call" and
 *   timeline: on call is a team's shared knowledge, and an escalation may name anyone's schedule;
 * - its owner (who created it) and superusers change it, its rotations and its overrides;
 *   anyone else gets 403 "The user doesn't have enough privileges", as on an administrator's
 *   route (the console offers no change to them: the answer carries `owner_id`).
 * Deleting the owner deletes their schedules, as their integrations.
 */
export const NOT_ENOUGH_PRIVILEGES = "The user doesn't have enough privileges";

export function toSchedulePublic(row: ScheduleRow): SchedulePublic {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    time_zone: row.time_zone,
    owner_id: row.owner_id,
    created_at: row.created_at.toISOString(),
  };
}

/** Every schedule by name, with the total. */
export async function listSchedules(db: Db, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db.selectFrom('schedules').selectAll().orderBy('name').orderBy('id').offset(offset).limit(limit).execute(),
    db
      .selectFrom('schedules')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toSchedulePublic), count: Number(total.count) };
}

/** Any signed-in user may read it; 404 "Schedule not found" for an unknown id. */
export async function getSchedule(db: Db, id: string): Promise<ScheduleRow> {
  const row = await db.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Schedule');
  return row;
}

/**
 * The schedule, locked for the rest of the transaction, when `user` may change it: its owner
 * or a superuser (else 403). The lock orders its overrides' `created_at` (overrides.ts) and
 * keeps a deletion from crossing a change.
 */
export async function scheduleForChange(db: Db, user: UserRow, id: string): Promise<ScheduleRow> {
  const row = await db.selectFrom('schedules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Schedule');
  if (!user.is_superuser && row.owner_id !== user.id) throw new HttpError(403, NOT_ENOUGH_PRIVILEGES);
  return row;
}

/** At most SCHEDULES_PER_USER_MAX per owner, superusers aside (limits.ts). */
export async function createSchedule(db: Db, actor: AuditActor, owner: UserRow, input: ScheduleCreate): Promise<ScheduleRow> {
  const timeZone = checkedZone(input.time_zone);
  return db.transaction().execute(async (trx) => {
    await checkRoomForSchedule(trx, owner);
    const row = await trx
      .insertInto('schedules')
      .values({ name: input.name, description: input.description ?? null, time_zone: timeZone, owner_id: owner.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'schedule.created', targetType: 'schedule', targetId: row.id, after: row });
    return row;
  });
}

/** A new zone moves every hand-off and active hour to that zone's wall clock; instants stay. */
export async function updateSchedule(db: Db, actor: AuditActor, user: UserRow, id: string, patch: ScheduleUpdate): Promise<ScheduleRow> {
  const timeZone = patch.time_zone === undefined ? undefined : checkedZone(patch.time_zone);
  return db.transaction().execute(async (trx) => {
    const before = await scheduleForChange(trx, user, id);
    const after = await trx
      .updateTable('schedules')
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(timeZone !== undefined && { time_zone: timeZone }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'schedule.updated', targetType: 'schedule', targetId: id, before, after });
    return after;
  });
}

/** Its rotations and overrides go with it. */
export async function deleteSchedule(db: Db, actor: AuditActor, user: UserRow, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await scheduleForChange(trx, user, id);
    await trx.deleteFrom('schedules').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'schedule.deleted', targetType: 'schedule', targetId: id, before });
  });
}

/** The 409 of deleting a user still on call: names the schedules when known. */
export const userStillOnCall = (names: string[]) =>
  `The user is in rotations or overrides of ${names.length ? `the schedules ${names.map((n) => JSON.stringify(n)).join(', ')}` : 'schedules'}: take them out first`;

/**
 * Before a user is deleted (in the caller's transaction): refused (409, naming the schedules)
 * while they are in a rotation or an override that has not ended of a schedule they do not own
 * (theirs go with them). Taking them out silently would renumber the turns of everyone after
 * them: who is on call would change without anyone deciding it. Their ended overrides are
 * history and go; their own schedules go too.
 */
export async function releaseUserFromSchedules(db: Db, userId: string, now: Date): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT DISTINCT s.name FROM schedules s
    WHERE s.owner_id <> ${userId} AND (
      EXISTS (SELECT 1 FROM schedule_rotations r JOIN schedule_rotation_members m ON m.rotation_id = r.id
              WHERE r.schedule_id = s.id AND m.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM schedule_overrides o WHERE o.schedule_id = s.id AND o.ends_at > ${now}
                 AND (o.user_id = ${userId} OR o.replaces_user_id = ${userId})))
    ORDER BY s.name`.execute(db);
  if (rows.length > 0) throw new HttpError(409, userStillOnCall(rows.map((r) => r.name)));
  // Their own schedules first, in a statement of their own: left to the users row's cascade,
  // the members' check on users would run before the rotations' cascade removed them.
  await db.deleteFrom('schedules').where('owner_id', '=', userId).execute();
  await db
    .deleteFrom('schedule_overrides')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('replaces_user_id', '=', userId)]))
    .where('ends_at', '<=', now)
    .execute();
}
