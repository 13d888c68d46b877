import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { likePattern } from '../common/likePattern.js';
import type { Db } from '../db/database.js';
import type { TeamRole, UserRow } from '../db/schema.js';
import { HttpError, InvalidInput, notFound } from '../errors.js';
import { requireTeamRole } from './access.js';
import { TEAMS_PER_USER_MAX, type TeamCreate, type TeamDetail, type TeamPublic, type TeamUpdate } from './schema.js';

/**
 * Teams (docs/api/teams.md): what integrations, escalation policies, schedules and alerts
 * belong to. Anyone signed in creates one and is its admin; its members read it; its admins
 * (and superusers) change it. A stranger's team is "not found", like an unknown id.
 */
export const TEAM_NOT_FOUND = 'Team';
export const tooManyTeams = `A user creates at most ${TEAMS_PER_USER_MAX} teams`;
export const teamNotEmpty = (what: string[]) => `The team still has ${what.join(', ')}: move or delete them first`;

type TeamRow = {
  id: string;
  name: string;
  description: string | null;
  created_at: Date;
  member_count: string | number;
  my_role: TeamRole | null;
};

const toTeamPublic = (row: TeamRow): TeamPublic => ({
  id: row.id,
  name: row.name,
  description: row.description,
  my_role: row.my_role,
  member_count: Number(row.member_count),
  created_at: row.created_at.toISOString(),
});

const withFigures = (db: Db, viewer: Pick<UserRow, 'id'>) =>
  db
    .selectFrom('teams as t')
    .select(['t.id', 't.name', 't.description', 't.created_at'])
    .select(sql<string>`(SELECT count(*) FROM team_members m WHERE m.team_id = t.id)`.as('member_count'))
    .select(sql<TeamRole | null>`(SELECT role FROM team_members m WHERE m.team_id = t.id AND m.user_id = ${viewer.id})`.as('my_role'));

/** The caller's teams by name (a superuser's: every team), with the total. */
export async function listTeams(db: Db, viewer: UserRow, offset: number, limit: number, q?: string) {
  let rows = withFigures(db, viewer);
  let count = db.selectFrom('teams as t');
  if (viewer.onlyTeam) {
    rows = rows.where('t.id', '=', viewer.onlyTeam);
    count = count.where('t.id', '=', viewer.onlyTeam);
  } else if (!viewer.is_superuser) {
    const mine = sql<boolean>`t.id IN (SELECT team_id FROM team_members WHERE user_id = ${viewer.id})`;
    rows = rows.where(mine);
    count = count.where(mine);
  }
  if (q) {
    rows = rows.where('t.name', 'ilike', likePattern(q));
    count = count.where('t.name', 'ilike', likePattern(q));
  }
  const [page, total] = await Promise.all([
    rows.orderBy(sql`lower(t.name)`).orderBy('t.id').offset(offset).limit(limit).execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: page.map(toTeamPublic), count: Number(total.n) };
}

/** The team with its members, for a member or a superuser; emails to its admins and superusers. */
export async function getTeam(db: Db, viewer: UserRow, id: string): Promise<TeamDetail> {
  await requireTeamRole(db, viewer, id, 'read', () => notFound(TEAM_NOT_FOUND));
  const team = await withFigures(db, viewer).where('t.id', '=', id).executeTakeFirst();
  if (!team) throw notFound(TEAM_NOT_FOUND);
  const seesEmails = viewer.is_superuser || team.my_role === 'admin';
  const members = await db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.full_name', 'u.email', 'u.is_active', 'm.role', 'm.created_at'])
    .where('m.team_id', '=', id)
    .orderBy(sql`nullif(u.full_name, '') asc nulls last`)
    .orderBy('u.id')
    .execute();
  return {
    ...toTeamPublic(team),
    members: members.map((m) => ({
      user_id: m.id,
      full_name: m.full_name,
      ...(seesEmails && { email: m.email }),
      is_active: m.is_active,
      role: m.role,
      joined_at: m.created_at.toISOString(),
    })),
  };
}

/** A new team with its maker as admin; at most TEAMS_PER_USER_MAX made by one user (superusers aside). */
export async function createTeam(db: Db, actor: AuditActor, maker: UserRow, input: TeamCreate): Promise<TeamDetail> {
  const id = await db.transaction().execute(async (trx) => {
    if (!maker.is_superuser) {
      await sql`SELECT id FROM users WHERE id = ${maker.id} FOR NO KEY UPDATE`.execute(trx);
      const { n } = await trx
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('created_by', '=', maker.id)
        .executeTakeFirstOrThrow();
      if (Number(n) >= TEAMS_PER_USER_MAX) throw new InvalidInput([{ loc: ['body'], msg: tooManyTeams, type: 'value_error' }]);
    }
    const team = await trx
      .insertInto('teams')
      .values({ name: input.name.trim(), description: input.description ?? null, created_by: maker.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('team_members').values({ team_id: team.id, user_id: maker.id, role: 'admin' }).execute();
    await recordAudit(trx, actor, { action: 'team.created', targetType: 'team', targetId: team.id, teamId: team.id, after: team });
    return team.id;
  });
  return getTeam(db, maker, id);
}

export async function updateTeam(db: Db, actor: AuditActor, user: UserRow, id: string, patch: TeamUpdate): Promise<TeamDetail> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('teams').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(TEAM_NOT_FOUND);
    await requireTeamRole(trx, user, id, 'manage', () => notFound(TEAM_NOT_FOUND));
    const after = await trx
      .updateTable('teams')
      .set({
        ...(patch.name !== undefined && { name: patch.name.trim() }),
        ...(patch.description !== undefined && { description: patch.description }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'team.updated', targetType: 'team', targetId: id, teamId: id, before, after });
  });
  return getTeam(db, user, id);
}

/**
 * An admin (or superuser) deletes a team that owns no integration, policy or schedule (409
 * naming what is left: deleting them with it would stop their paging unseen). Its alerts, its
 * memberships and its invitations go with it.
 */
export async function deleteTeam(db: Db, actor: AuditActor, user: UserRow, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const team = await trx.selectFrom('teams').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!team) throw notFound(TEAM_NOT_FOUND);
    await requireTeamRole(trx, user, id, 'manage', () => notFound(TEAM_NOT_FOUND));
    const { rows } = await sql<{ integrations: number; policies: number; schedules: number }>`
      SELECT (SELECT count(*)::int FROM integrations WHERE team_id = ${id}) AS integrations,
             (SELECT count(*)::int FROM escalation_policies WHERE team_id = ${id}) AS policies,
             (SELECT count(*)::int FROM schedules WHERE team_id = ${id}) AS schedules`.execute(trx);
    const left = rows[0];
    const named = [
      left?.integrations ? `${left.integrations} integration(s)` : '',
      left?.policies ? `${left.policies} escalation policy(ies)` : '',
      left?.schedules ? `${left.schedules} schedule(s)` : '',
    ].filter(Boolean);
    if (named.length > 0) throw new HttpError(409, teamNotEmpty(named));
    await trx.deleteFrom('teams').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'team.deleted', targetType: 'team', targetId: id, teamId: id, before: team });
  });
}

/** Whether the team has another admin than `userId` (a team never loses its last admin by a member's hand). */
export async function hasOtherAdmin(db: Db, teamId: string, userId: string): Promise<boolean> {
  const other = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('role', '=', 'admin')
    .where('user_id', '<>', userId)
    .executeTakeFirst();
  return other !== undefined;
}
