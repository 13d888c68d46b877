import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { ScheduleRotationRow, UserRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { RotationDef } from '../oncall/rotation.js';
import { overCap, ROTATIONS_PER_SCHEDULE_MAX, tooManyRotations } from './limits.js';
import type { RotationCreate, RotationPublic, RotationUpdate } from './schema.js';
import { scheduleForChange } from './service.js';
import { checkedInstant, checkTeamMembers } from './validation.js';

/** A rotation row with its members in turn order. */
export type Rotation = ScheduleRotationRow & { user_ids: string[] };

export function toRotationPublic(rotation: Rotation): RotationPublic {
  return {
    id: rotation.id,
    schedule_id: rotation.schedule_id,
    name: rotation.name,
    user_ids: rotation.user_ids,
    shift_unit: rotation.shift_unit,
    shift_count: rotation.shift_count,
    handoff_time: rotation.handoff_time,
    starts_at: rotation.starts_at.toISOString(),
    active_hours: rotation.active_hours,
    created_at: rotation.created_at.toISOString(),
  };
}

/** The arithmetic's view of a stored rotation (oncall/rotation.ts). */
export const toRotationDef = (rotation: Rotation): RotationDef => ({
  id: rotation.id,
  userIds: rotation.user_ids,
  startsAt: rotation.starts_at,
  handoffTime: rotation.handoff_time,
  shiftLength: { unit: rotation.shift_unit, count: rotation.shift_count },
  activeHours: rotation.active_hours,
});

/**
 * The rotations of some schedules, oldest first, each with its members in order: one row per
 * rotation, its members read as one text (a row per member was 2,000 row objects per schedule
 * at the caps, each kept until the read ended: long pauses of the garbage collector).
 */
export async function rotationsOf(db: Db, scheduleIds: string[], rotationId?: string): Promise<Rotation[]> {
  if (scheduleIds.length === 0) return [];
  let query = db
    .selectFrom('schedule_rotations as r')
    .selectAll('r')
    .select(
      sql<
        string | null
      >`(SELECT string_agg(m.user_id::text, ' ' ORDER BY m.position) FROM schedule_rotation_members m WHERE m.rotation_id = r.id)`.as(
        'members',
      ),
    )
    .where('r.schedule_id', 'in', scheduleIds);
  if (rotationId) query = query.where('r.id', '=', rotationId);
  const rows = await query.orderBy('r.created_at').orderBy('r.id').execute();
  return rows.map(({ members, ...row }) => ({ ...row, user_ids: members ? members.split(' ') : [] }));
}

export async function getRotation(db: Db, scheduleId: string, rotationId: string): Promise<Rotation> {
  const [rotation] = await rotationsOf(db, [scheduleId], rotationId);
  if (!rotation) throw notFound('Rotation');
  return rotation;
}

/** The fields a create or a change sets, checked against what only the service knows. */
async function checkedFields(db: Db, teamId: string, input: RotationUpdate) {
  if (input.user_ids)
    await checkTeamMembers(
      db,
      teamId,
      input.user_ids.map((id, i) => ({ id, loc: ['body', 'user_ids', i] })),
    );
  const startsAt = input.starts_at === undefined ? undefined : new Date(checkedInstant(input.starts_at, ['body', 'starts_at']));
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.shift_unit !== undefined && { shift_unit: input.shift_unit }),
    ...(input.shift_count !== undefined && { shift_count: input.shift_count }),
    ...(input.handoff_time !== undefined && { handoff_time: input.handoff_time }),
    ...(startsAt !== undefined && { starts_at: startsAt }),
    ...(input.active_hours !== undefined && { active_hours: JSON.stringify(input.active_hours) }),
  };
}

async function setMembers(db: Db, rotationId: string, userIds: string[]): Promise<void> {
  await db.deleteFrom('schedule_rotation_members').where('rotation_id', '=', rotationId).execute();
  await db
    .insertInto('schedule_rotation_members')
    .values(userIds.map((user_id, position) => ({ rotation_id: rotationId, position, user_id })))
    .execute();
}

export async function createRotation(
  db: Db,
  actor: AuditActor,
  user: UserRow,
  scheduleId: string,
  input: RotationCreate,
): Promise<Rotation> {
  return db.transaction().execute(async (trx) => {
    const schedule = await scheduleForChange(trx, user, scheduleId);
    const fields = await checkedFields(trx, schedule.team_id, input);
    const { count } = await trx
      .selectFrom('schedule_rotations')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= ROTATIONS_PER_SCHEDULE_MAX) throw overCap(tooManyRotations);
    const row = await trx
      .insertInto('schedule_rotations')
      .values({
        name: input.name,
        shift_unit: input.shift_unit,
        shift_count: input.shift_count,
        handoff_time: input.handoff_time ?? '09:00',
        active_hours: '[]',
        ...fields,
        starts_at: fields.starts_at as Date,
        schedule_id: scheduleId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setMembers(trx, row.id, input.user_ids);
    const after = await getRotation(trx, scheduleId, row.id);
    await recordAudit(trx, actor, {
      action: 'rotation.created',
      targetType: 'rotation',
      teamId: schedule.team_id,
      targetId: row.id,
      after,
    });
    return after;
  });
}

/** A change applies to the whole rotation, past turns included: a new order renumbers them. */
export async function updateRotation(
  db: Db,
  actor: AuditActor,
  user: UserRow,
  scheduleId: string,
  rotationId: string,
  patch: RotationUpdate,
) {
  return db.transaction().execute(async (trx) => {
    const schedule = await scheduleForChange(trx, user, scheduleId);
    const before = await getRotation(trx, scheduleId, rotationId);
    const fields = await checkedFields(trx, schedule.team_id, patch);
    if (Object.keys(fields).length > 0) await trx.updateTable('schedule_rotations').set(fields).where('id', '=', rotationId).execute();
    if (patch.user_ids) await setMembers(trx, rotationId, patch.user_ids);
    const after = await getRotation(trx, scheduleId, rotationId);
    await recordAudit(trx, actor, {
      action: 'rotation.updated',
      targetType: 'rotation',
      teamId: schedule.team_id,
      targetId: rotationId,
      before,
      after,
    });
    return after;
  });
}

export async function deleteRotation(db: Db, actor: AuditActor, user: UserRow, scheduleId: string, rotationId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const schedule = await scheduleForChange(trx, user, scheduleId);
    const before = await getRotation(trx, scheduleId, rotationId);
    await trx.deleteFrom('schedule_rotations').where('schedule_id', '=', scheduleId).where('id', '=', rotationId).execute();
    await recordAudit(trx, actor, {
      action: 'rotation.deleted',
      targetType: 'rotation',
      teamId: schedule.team_id,
      targetId: rotationId,
      before,
    });
  });
}
