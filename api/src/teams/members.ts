import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { TeamRole, UserRow } from '../db/schema.js';
import { HttpError, InvalidInput, notFound } from '../errors.js';
import { requireTeamRole, roleIn } from './access.js';
import { MEMBERS_PER_TEAM_MAX } from './schema.js';
import { hasOtherAdmin, TEAM_NOT_FOUND } from './service.js';

/**
 * A team's members and their roles (docs/api/teams.md). Superusers add anyone; team admins
 * bring people in by invitation (invites.ts), change roles and remove members; anyone leaves.
 * A team keeps at least one admin, and nobody leaves while the team still pages them.
 */
export const LAST_ADMIN = 'A team keeps at least one admin: make another member admin first';
export const tooManyMembers = `A team has at most ${MEMBERS_PER_TEAM_MAX} members`;
export const ALREADY_MEMBER = 'The user is a member of this team already';

/** Adds `userId` with `role`, within the cap (in the caller's transaction; the team's row is locked). */
export async function addMember(trx: Db, actor: AuditActor, teamId: string, userId: string, role: TeamRole): Promise<void> {
  const team = await trx.selectFrom('teams').select('id').where('id', '=', teamId).forNoKeyUpdate().executeTakeFirst();
  if (!team) throw notFound(TEAM_NOT_FOUND);
  if ((await roleIn(trx, userId, teamId)) !== null) throw new HttpError(409, ALREADY_MEMBER);
  const { n } = await trx
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= MEMBERS_PER_TEAM_MAX) throw new InvalidInput([{ loc: ['body'], msg: tooManyMembers, type: 'value_error' }]);
  const member = await trx
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: userId, role })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, { action: 'team_member.added', targetType: 'team_member', targetId: userId, teamId, after: member });
}

/** A superuser adds any user (422 at `user_id` for an unknown one). */
export async function addMemberAsSuperuser(db: Db, actor: AuditActor, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new InvalidInput([{ loc: ['body', 'user_id'], msg: 'Value error, no user with this id', type: 'value_error' }]);
    await addMember(trx, actor, teamId, userId, role);
  });
}

/** An admin (or superuser) changes a member's role; the last admin is not demoted (409). */
export async function changeRole(db: Db, audit: AuditActor, actor: UserRow, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, teamId);
    await requireTeamRole(trx, actor, teamId, 'manage', () => notFound(TEAM_NOT_FOUND));
    const current = await roleIn(trx, userId, teamId);
    if (current === null) throw notFound('Team member');
    if (current === 'admin' && role !== 'admin' && !(await hasOtherAdmin(trx, teamId, userId))) throw new HttpError(409, LAST_ADMIN);
    await trx.updateTable('team_members').set({ role }).where('team_id', '=', teamId).where('user_id', '=', userId).execute();
    await recordAudit(trx, audit, {
      action: 'team_member.role_changed',
      targetType: 'team_member',
      targetId: userId,
      teamId,
      before: { team_id: teamId, user_id: userId, role: current },
      after: { team_id: teamId, user_id: userId, role },
    });
  });
}

/**
 * Takes a member out: an admin or superuser removes anyone, a member themself. Refused (409)
 * for the last admin, and while the team still pages them: a rotation or an override not yet
 * ended of the team's schedules, or a level of the team's policies, named so the admin knows
 * what to change first (as deleting a user is refused while they are on call).
 */
export async function removeMember(db: Db, audit: AuditActor, actor: UserRow, teamId: string, userId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, teamId);
    if (actor.id !== userId || actor.is_superuser) await requireTeamRole(trx, actor, teamId, 'manage', () => notFound(TEAM_NOT_FOUND));
    const role = await roleIn(trx, userId, teamId);
    if (role === null) throw notFound(actor.id === userId ? TEAM_NOT_FOUND : 'Team member');
    if (role === 'admin' && !(await hasOtherAdmin(trx, teamId, userId))) throw new HttpError(409, LAST_ADMIN);
    const paging = await stillPaging(trx, teamId, userId, now);
    if (paging.length > 0) throw new HttpError(409, memberStillPaged(paging));
    await trx.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
    await recordAudit(trx, audit, {
      action: actor.id === userId ? 'team_member.left' : 'team_member.removed',
      targetType: 'team_member',
      targetId: userId,
      teamId,
      before: { team_id: teamId, user_id: userId, role },
    });
  });
}

export const memberStillPaged = (names: string[]) => `The member is still paged by this team's ${names.join(', ')}: take them out first`;

/** The team's schedules and policies that would still reach `userId`, named. */
async function stillPaging(trx: Db, teamId: string, userId: string, now: Date): Promise<string[]> {
  const { rows } = await sql<{ what: string }>`
    SELECT 'schedule ' || to_json(s.name)::text AS what FROM schedules s
    WHERE s.team_id = ${teamId} AND (
      EXISTS (SELECT 1 FROM schedule_rotations r JOIN schedule_rotation_members m ON m.rotation_id = r.id
              WHERE r.schedule_id = s.id AND m.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM schedule_overrides o WHERE o.schedule_id = s.id AND o.ends_at > ${now}
                 AND (o.user_id = ${userId} OR o.replaces_user_id = ${userId})))
    UNION ALL
    SELECT 'escalation policy ' || to_json(p.name)::text FROM escalation_policies p
    WHERE p.team_id = ${teamId} AND EXISTS (
      SELECT 1 FROM jsonb_array_elements(p.levels::jsonb) l WHERE l->'targets'->'user_ids' ? ${userId})
    ORDER BY 1`.execute(trx);
  return rows.map((row) => row.what);
}

/** Serializes the membership changes of one team: the "last admin" check holds under concurrency. */
async function lockTeam(trx: Db, teamId: string): Promise<void> {
  const team = await trx.selectFrom('teams').select('id').where('id', '=', teamId).forNoKeyUpdate().executeTakeFirst();
  if (!team) throw notFound(TEAM_NOT_FOUND);
}
