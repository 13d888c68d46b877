import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { TeamRole, UserRow } from '../db/schema.js';
import { HttpError, invalidField, NOT_ENOUGH_PRIVILEGES } from '../errors.js';

/**
 * Who may do what with a team's things (docs/api/teams.md). One rank per role: a role may
 * do what the roles below it may.
 */
const RANK: Record<TeamRole, number> = { observer: 1, responder: 2, admin: 3 };

/** What an action on a team's things needs: reading, acting on alerts, or changing configuration. */
export type TeamNeed = 'read' | 'respond' | 'manage';
const NEEDED: Record<TeamNeed, TeamRole> = { read: 'observer', respond: 'responder', manage: 'admin' };

export const roleAllows = (role: TeamRole | null | undefined, need: TeamNeed): boolean =>
  role !== null && role !== undefined && RANK[role] >= RANK[NEEDED[need]];

export type Member = Pick<UserRow, 'id' | 'is_superuser' | 'onlyTeam'>;

/**
 * The caller's role in a team; null when not a member. A team token's request (`onlyTeam`)
 * is a member of its own team only.
 */
export async function roleOf(db: Db, user: Member, teamId: string): Promise<TeamRole | null> {
  if (user.onlyTeam && user.onlyTeam !== teamId) return null;
  return roleIn(db, user.id, teamId);
}

/** A user's role in a team; null when not a member. */
export async function roleIn(db: Db, userId: string, teamId: string): Promise<TeamRole | null> {
  const row = await db
    .selectFrom('team_members')
    .select('role')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** Every team of the user with their role there (a team token's request: its team only). */
export async function teamsOf(db: Db, userId: string, onlyTeam?: string): Promise<Map<string, TeamRole>> {
  let query = db.selectFrom('team_members').select(['team_id', 'role']).where('user_id', '=', userId);
  if (onlyTeam) query = query.where('team_id', '=', onlyTeam);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.team_id, row.role]));
}

/** The user with their role in each of their teams (none listed for a superuser, who sees all). */
export const viewerOf = async (db: Db, user: Member): Promise<Member & { roles: Map<string, TeamRole> }> => ({
  id: user.id,
  is_superuser: user.is_superuser,
  roles: user.is_superuser ? new Map() : await teamsOf(db, user.id, user.onlyTeam),
});

/**
 * SQL: the row's team is one of the user's (true for a superuser). Evaluated in the reading
 * statement itself, so a membership change is seen by the next read, with no cache to void.
 */
export function inTeamsOf(user: Member, column: string, need: TeamNeed = 'read'): Expression<SqlBool> {
  const only = user.onlyTeam ? sql`${sql.ref(column)} = ${user.onlyTeam} AND ` : sql``;
  if (user.is_superuser) return user.onlyTeam ? sql<SqlBool>`${sql.ref(column)} = ${user.onlyTeam}` : sql<SqlBool>`TRUE`;
  const roles = (Object.keys(RANK) as TeamRole[]).filter((role) => roleAllows(role, need));
  return sql<SqlBool>`${only}${sql.ref(column)} IN (SELECT team_id FROM team_members WHERE user_id = ${user.id} AND role IN (${sql.join(roles)}))`;
}

/**
 * Whether `user` may do `need` in `teamId`; otherwise a member who lacks the role gets 403 and
 * anyone else `hidden()` (a 404 of the thing asked for, so a stranger learns nothing).
 */
export async function requireTeamRole(db: Db, user: Member, teamId: string, need: TeamNeed, hidden: () => HttpError): Promise<void> {
  if (user.onlyTeam && user.onlyTeam !== teamId) throw hidden();
  if (user.is_superuser) return;
  const role = await roleIn(db, user.id, teamId);
  if (role === null) throw hidden();
  if (!roleAllows(role, need)) throw new HttpError(403, NOT_ENOUGH_PRIVILEGES);
}

/**
 * The team a new thing goes to: the one asked for (the caller must hold the role there), or,
 * when none is asked for, the caller's only team where they hold it. A user who holds it in no
 * team gets a team of their own, as its admin (made once: `personal_of` is unique), so a user
 * alone never has to create or pick a team. 422 naming `team_id` when the choice is ambiguous. Runs in the
 * caller's transaction.
 */
export async function teamForNew(
  db: Db,
  user: Member & Pick<UserRow, 'email' | 'full_name'>,
  asked: string | undefined,
  need: TeamNeed,
): Promise<string> {
  // A team token creates in its team, or nowhere.
  if (user.onlyTeam && asked !== undefined && asked !== user.onlyTeam) throw unknownTeam();
  const team = user.onlyTeam ?? asked;
  if (team !== undefined) {
    if (user.is_superuser) {
      const exists = await db.selectFrom('teams').select('id').where('id', '=', team).executeTakeFirst();
      if (!exists) throw unknownTeam();
      return team;
    }
    const role = await roleIn(db, user.id, team);
    if (role === null) throw unknownTeam();
    if (!roleAllows(role, need)) throw new HttpError(403, NOT_ENOUGH_PRIVILEGES);
    return team;
  }
  const mine = [...(await teamsOf(db, user.id, user.onlyTeam))].filter(([, role]) => roleAllows(role, need));
  if (mine.length === 0) return personalTeam(db, user);
  if (mine.length === 1 && mine[0]) return mine[0][0];
  throw teamFieldError('you may create this in several teams: choose one');
}

/** The user's own team, made (with them as admin) if they have none yet. */
export async function personalTeam(db: Db, user: Pick<UserRow, 'id' | 'email' | 'full_name'>): Promise<string> {
  const name = `${(user.full_name || user.email).slice(0, 200)}'s team`;
  await sql`
    WITH made AS (
      INSERT INTO teams (name, created_by, personal_of) VALUES (${name}, ${user.id}, ${user.id})
      ON CONFLICT (personal_of) DO NOTHING RETURNING id
    )
    INSERT INTO team_members (team_id, user_id, role) SELECT id, ${user.id}, 'admin' FROM made`.execute(db);
  const team = await db.selectFrom('teams').select('id').where('personal_of', '=', user.id).executeTakeFirstOrThrow();
  // Made earlier, and they left it since: it is no longer theirs to fill.
  if ((await roleIn(db, user.id, team.id)) === null) throw teamFieldError('you are in no team: create one or ask to be added to one');
  return team.id;
}

const teamFieldError = (reason: string) => invalidField(['body', 'team_id'], reason);
const unknownTeam = () => teamFieldError('no team with this id among yours');
