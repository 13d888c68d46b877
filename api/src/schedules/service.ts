import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { ScheduleRow, UserRow } from '../db/schema.js';
import { HttpError, notFound } from '../errors.js';
import { inTeamsOf, type Member, requireTeamRole, teamForNew } from '../teams/access.js';
import { checkRoomForSchedule } from './limits.js';
import type { ScheduleCreate, SchedulePublic, ScheduleUpdate } from './schema.js';
import { checkedZone } from './validation.js';

/**
 * Schedules (docs/oncall/schedules-api.md) belong to a team (docs/api/teams.md). Who may do what:
 * - the team's members read it, its rotations, overrides, "who is on call" and timeline; anyone
 *   else gets 404, as for an unknown id;
 * - the team's admins and superusers change it, its rotations and its overrides; a member
 *   with a lesser role gets 403 "The user doesn't have enough privileges".
 * Deleting the user who made it leaves it with its team.
 */
export { NOT_ENOUGH_PRIVILEGES } from '../errors.js';

export function toSchedulePublic(row: ScheduleRow): SchedulePublic {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    time_zone: row.time_zone,
    owner_id: row.owner_id,
    team_id: row.team_id,
    created_at: row.created_at.toISOString(),
  };
}

/** The schedules of the viewer's teams (a superuser's: all; `teamId`: that team's) by name, with the total. */
export async function listSchedules(db: Db, viewer: Member, offset: number, limit: number, teamId?: string) {
  let scope = db.selectFrom('schedules').where(inTeamsOf(viewer, 'team_id'));
  if (teamId) scope = scope.where('team_id', '=', teamId);
  const [rows, total] = await Promise.all([
    scope.selectAll().orderBy('name').orderBy('id').offset(offset).limit(limit).execute(),
    scope.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toSchedulePublic), count: Number(total.count) };
}

/** A schedule of the viewer's teams (any for a superuser); 404 "Schedule not found" otherwise. */
export async function getSchedule(db: Db, viewer: Member, id: string): Promise<ScheduleRow> {
  const row = await db.selectFrom('schedules').selectAll().where('id', '=', id).where(inTeamsOf(viewer, 'team_id')).executeTakeFirst();
  if (!row) throw notFound('Schedule');
  return row;
}

/**
 * The schedule, locked for the rest of the transaction, when `user` may change it: an admin of
 * its team or a superuser (a lesser member: 403; anyone else: 404). The lock orders its
 * overrides' `created_at` (overrides.ts) and keeps a deletion from crossing a change.
 */
export async function scheduleForChange(db: Db, user: UserRow, id: string): Promise<ScheduleRow> {
  const row = await db.selectFrom('schedules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Schedule');
  await requireTeamRole(db, user, row.team_id, 'manage', () => notFound('Schedule'));
  return row;
}

/** At most SCHEDULES_PER_USER_MAX per maker, superusers aside (limits.ts), in a team the maker administers. */
export async function createSchedule(db: Db, actor: AuditActor, owner: UserRow, input: ScheduleCreate): Promise<ScheduleRow> {
  const timeZone = checkedZone(input.time_zone);
  return db.transaction().execute(async (trx) => {
    const teamId = await teamForNew(trx, owner, input.team_id, 'manage');
    await checkRoomForSchedule(trx, owner);
    const row = await trx
      .insertInto('schedules')
      .values({ name: input.name, description: input.description ?? null, time_zone: timeZone, owner_id: owner.id, team_id: teamId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'schedule.created',
      targetType: 'schedule',
      targetId: row.id,
      teamId: row.team_id,
      after: row,
    });
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
    await recordAudit(trx, actor, {
      action: 'schedule.updated',
      targetType: 'schedule',
      targetId: id,
      teamId: before.team_id,
      before,
      after,
    });
    return after;
  });
}

/** Its rotations and overrides go with it. */
export async function deleteSchedule(db: Db, actor: AuditActor, user: UserRow, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await scheduleForChange(trx, user, id);
    await trx.deleteFrom('schedules').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'schedule.deleted', targetType: 'schedule', targetId: id, teamId: before.team_id, before });
  });
}

/** The 409 of deleting a user still on call: names the schedules when known. */
export const userStillOnCall = (names: string[]) =>
  `The user is in rotations or overrides of ${names.length ? `the schedules ${names.map((n) => JSON.stringify(n)).join(', ')}` : 'schedules'}: take them out first`;

/**
 * Before a user is deleted (in the caller's transaction): refused (409, naming the schedules)
 * while they are in a rotation or an override that has not ended. Taking them out silently
 * would renumber the turns of everyone after them: who is on call would change without anyone
 * deciding it. Their ended overrides are history and go; the schedules they made stay with
 * their teams.
 */
export async function releaseUserFromSchedules(db: Db, userId: string, now: Date): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT DISTINCT s.name FROM schedules s
    WHERE (
      EXISTS (SELECT 1 FROM schedule_rotations r JOIN schedule_rotation_members m ON m.rotation_id = r.id
              WHERE r.schedule_id = s.id AND m.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM schedule_overrides o WHERE o.schedule_id = s.id AND o.ends_at > ${now}
                 AND (o.user_id = ${userId} OR o.replaces_user_id = ${userId})))
    ORDER BY s.name`.execute(db);
  if (rows.length > 0) throw new HttpError(409, userStillOnCall(rows.map((r) => r.name)));
  await db
    .deleteFrom('schedule_overrides')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('replaces_user_id', '=', userId)]))
    .where('ends_at', '<=', now)
    .execute();
}
