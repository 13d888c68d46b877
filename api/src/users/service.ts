import { sql } from 'kysely';
import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { hashPassword } from '../auth/passwords.js';
import { likePattern } from '../common/likePattern.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
// upward: deleting a user must first take them out of the schedules naming them.
import { releaseUserFromSchedules, userStillOnCall } from '../schedules/service.js';
import type { UserUpdate } from './schema.js';

export const USER_EXISTS = 'The user with this email already exists in the system';

/** The public face of a user: never the hash, never the token version. */
export function toUserPublic(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    is_active: user.is_active,
    is_superuser: user.is_superuser,
    created_at: user.created_at.toISOString(),
  };
}

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = (db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function getUserOr404(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new HttpError(404, 'User not found');
  return user;
}

/** PostgreSQL's unique violation on users_email_lower_key: two signups racing for one email. */
const isEmailTaken = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** A new account, and its audit entry (`user.created`, or `user.signed_up` for sign-up) in the same transaction. */
export async function createUser(
  db: Db,
  actor: AuditActor,
  input: { email: string; password: string; full_name?: string | null; is_active?: boolean; is_superuser?: boolean },
  action: 'user.created' | 'user.signed_up' = 'user.created',
): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw new HttpError(409, USER_EXISTS);
  const hashed_password = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email: input.email,
          full_name: input.full_name ?? null,
          hashed_password,
          is_active: input.is_active ?? true,
          is_superuser: input.is_superuser ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Signing up, the new user is the actor.
      const by = action === 'user.signed_up' ? { ...actor, userId: user.id, label: user.email } : actor;
      await recordAudit(trx, by, { action, targetType: 'user', targetId: user.id, after: user });
      return user;
    });
  } catch (error) {
    if (isEmailTaken(error)) throw new HttpError(409, USER_EXISTS);
    throw error;
  }
}

/**
 * Applies an edit. A new password or a deactivation bumps token_version, which voids every
 * token issued before.
 */
export async function updateUser(db: Db, actor: AuditActor, user: UserRow, changes: UserUpdate): Promise<UserRow> {
  if (changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase()) {
    if (await findUserByEmail(db, changes.email)) throw new HttpError(409, USER_EXISTS);
  }
  const voidTokens = changes.password !== undefined || (changes.is_active === false && user.is_active);
  const set = {
    ...(changes.email !== undefined && { email: changes.email }),
    ...(changes.full_name !== undefined && { full_name: changes.full_name }),
    ...(changes.is_active !== undefined && { is_active: changes.is_active }),
    ...(changes.is_superuser !== undefined && { is_superuser: changes.is_superuser }),
    ...(changes.password !== undefined && { hashed_password: await hashPassword(changes.password) }),
    ...(voidTokens && { token_version: sql<number>`token_version + 1` }),
  };
  // Nothing to change (every field absent): no UPDATE with an empty SET, which is an SQL error.
  if (Object.keys(set).length === 0) return user;
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('users').selectAll().where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
      const after = await trx.updateTable('users').set(set).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
      const changed = { ...after, password_changed: changes.password !== undefined };
      await recordAudit(trx, actor, { action: 'user.updated', targetType: 'user', targetId: user.id, before, after: changed });
      return after;
    });
  } catch (error) {
    if (isEmailTaken(error)) throw new HttpError(409, USER_EXISTS);
    throw error;
  }
}

export async function listUsers(db: Db, offset: number, limit: number) {
  const [data, total] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id').offset(offset).limit(limit).execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: data.map(toUserPublic), count: Number(total.count) };
}

/**
 * Deleting a user takes them out of their teams; what they made stays with its team, its
 * `owner_id` null (migration 0022). Refused (409) while they are on call in a schedule
 * (schedules/service.ts); a member added meanwhile trips the foreign key, the same 409.
 */
export async function deleteUser(
  deps: { db: Db; alertChanges: AlertChangeFeed; now: () => Date },
  actor: AuditActor,
  id: string,
): Promise<void> {
  let teams: string[] = [];
  try {
    teams = await deps.db.transaction().execute(async (trx) => {
      await releaseUserFromSchedules(trx, id, deps.now());
      const rows = await trx.selectFrom('team_members').select('team_id').where('user_id', '=', id).execute();
      const before = await trx.deleteFrom('users').where('id', '=', id).returningAll().executeTakeFirst();
      await recordAudit(trx, actor, { action: 'user.deleted', targetType: 'user', targetId: id, before });
      return rows.map((row) => row.team_id);
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23503') throw new HttpError(409, userStillOnCall([]));
    throw error;
  }
  if (teams.length > 0) deps.alertChanges.announce(teams);
}

/**
 * A page of the directory (GET /users/directory): the active people of the viewer's teams
 * (a superuser's: everyone), or with `ids` those of them whatever their state, or with `team`
 * that team's; named like `q` (a superuser's `q` also matches the email). By name, the unnamed
 * last, then id: a stable order that says nothing of anyone's email. The email is answered to
 * superusers and to the admins of a team the person is in.
 */
export async function listDirectory(
  db: Db,
  viewer: Pick<UserRow, 'id' | 'is_superuser' | 'onlyTeam'>,
  filter: { q?: string; ids?: string[]; team?: string },
  offset: number,
  limit: number,
) {
  if (filter.ids?.length === 0) return { data: [], count: 0 };
  let matching = db.selectFrom('users');
  matching = filter.ids ? matching.where('id', 'in', filter.ids) : matching.where('is_active', '=', true);
  if (viewer.onlyTeam) matching = matching.where(sql<boolean>`id IN (SELECT user_id FROM team_members WHERE team_id = ${viewer.onlyTeam})`);
  else if (!viewer.is_superuser)
    matching = matching.where(sql<boolean>`id IN (SELECT them.user_id FROM team_members me
    JOIN team_members them ON them.team_id = me.team_id WHERE me.user_id = ${viewer.id})`);
  if (filter.team) matching = matching.where(sql<boolean>`id IN (SELECT user_id FROM team_members WHERE team_id = ${filter.team})`);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    matching = matching.where((eb) =>
      viewer.is_superuser ? eb.or([eb('full_name', 'ilike', pattern), eb('email', 'ilike', pattern)]) : eb('full_name', 'ilike', pattern),
    );
  }
  const adminSees = viewer.is_superuser
    ? sql<boolean>`TRUE`
    : sql<boolean>`EXISTS (SELECT 1 FROM team_members me JOIN team_members them ON them.team_id = me.team_id
        WHERE me.user_id = ${viewer.id} AND me.role = 'admin' AND them.user_id = users.id)`;
  const [rows, total] = await Promise.all([
    matching
      .select(['id', 'full_name', 'email', 'is_active', adminSees.as('email_shown')])
      .orderBy(sql`nullif(full_name, '') asc nulls last`)
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const data = rows.map(({ email, email_shown, ...named }) => (email_shown ? { ...named, email } : named));
  return { data, count: Number(total.count) };
}
