import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { ApiTokenRow, UserRow } from '../db/schema.js';
import { HttpError, invalidField, notFound } from '../errors.js';
import { teamForNew } from '../teams/access.js';
import { newApiToken } from './credentials.js';
import { DEAD_TOKENS_KEPT_PER_USER, LIVE_TOKENS_PER_USER_MAX, type TokenCreate, type TokenListQuery, type TokenPublic } from './schema.js';
import type { TokenScope } from './scopes.js';

const DAY_MS = 86_400_000;

export const ADMIN_SCOPE_SUPERUSERS_ONLY = 'Only superusers may create a token with the admin scope';
export const tooManyTokens = `A user holds at most ${LIVE_TOKENS_PER_USER_MAX} API tokens that are neither revoked nor expired`;

export function toTokenPublic(row: ApiTokenRow): TokenPublic {
  return {
    id: row.id,
    user_id: row.user_id,
    team_id: row.team_id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as TokenScope[],
    expires_at: row.expires_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A new personal token of `user`, with its secret (answered once, never stored). The user's
 * row is locked so two creations cannot both pass the cap; their oldest revoked or expired
 * tokens beyond DEAD_TOKENS_KEPT_PER_USER are deleted, so creating and revoking cannot grow
 * the table without bound.
 */
export async function createApiToken(
  db: Db,
  actor: AuditActor,
  user: UserRow,
  input: TokenCreate,
  now: Date,
): Promise<TokenPublic & { token: string }> {
  if (input.scopes.includes('admin') && !user.is_superuser) throw new HttpError(403, ADMIN_SCOPE_SUPERUSERS_ONLY);
  if (input.team_id && input.scopes.includes('admin')) throw invalidField(['body', 'scopes'], 'a team token cannot have the admin scope');
  // A team token: the caller administers the team (a superuser any team).
  if (input.team_id) await teamForNew(db, user, input.team_id, 'manage');
  const { secret, hash, prefix } = newApiToken();
  const row = await db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM users WHERE id = ${user.id} FOR NO KEY UPDATE`.execute(trx);
    const { count } = await trx
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(count) >= LIVE_TOKENS_PER_USER_MAX) throw invalidField(['body'], tooManyTokens);
    await sql`
      DELETE FROM api_tokens WHERE id IN (
        SELECT id FROM api_tokens
        WHERE user_id = ${user.id} AND (revoked_at IS NOT NULL OR expires_at <= ${now})
        ORDER BY created_at DESC, id DESC OFFSET ${DEAD_TOKENS_KEPT_PER_USER}
      )`.execute(trx);
    const made = await trx
      .insertInto('api_tokens')
      .values({
        user_id: user.id,
        team_id: input.team_id ?? null,
        name: input.name,
        token_hash: hash,
        prefix,
        scopes: input.scopes,
        expires_at: new Date(now.getTime() + input.expires_in_days * DAY_MS),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'api_token.created',
      targetType: 'api_token',
      targetId: made.id,
      teamId: made.team_id,
      after: made,
    });
    return made;
  });
  return { ...toTokenPublic(row), token: secret };
}

/**
 * The caller's tokens, newest first; a superuser may ask for another user's (`user_id`) or
 * everyone's (`all`). Anyone else naming another user: 403.
 */
export async function listApiTokens(db: Db, viewer: UserRow, query: TokenListQuery, offset: number, limit: number) {
  const everyone = query.all === true;
  const userId = query.user_id ?? viewer.id;
  if ((everyone || userId !== viewer.id) && !viewer.is_superuser) throw new HttpError(403, "The user doesn't have enough privileges");
  let rows = db.selectFrom('api_tokens');
  if (!everyone) rows = rows.where('user_id', '=', userId);
  const [page, total] = await Promise.all([
    rows.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    rows.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { data: page.map(toTokenPublic), count: Number(total.count) };
}

/**
 * Revokes a token of the caller (a superuser: anyone's): it stops working at once. Revoking
 * one already revoked changes nothing and answers it as it is, with its first revocation
 * time. Another user's token, or none: 404, the same answer, so ids are not probed.
 */
export async function revokeApiToken(db: Db, actor: AuditActor, viewer: UserRow, id: string, now: Date): Promise<TokenPublic> {
  const row = await db.transaction().execute(async (trx) => {
    let revoke = trx
      .updateTable('api_tokens')
      .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${now})` })
      .where('id', '=', id);
    if (!viewer.is_superuser) revoke = revoke.where('user_id', '=', viewer.id);
    const revoked = await revoke.returningAll().executeTakeFirst();
    if (!revoked) throw notFound('API token');
    // Once: revoking again changes nothing, and records nothing.
    if (revoked.revoked_at?.getTime() === now.getTime()) {
      await recordAudit(trx, actor, {
        action: 'api_token.revoked',
        targetType: 'api_token',
        targetId: id,
        teamId: revoked.team_id,
        after: revoked,
      });
    }
    return revoked;
  });
  return toTokenPublic(row);
}
