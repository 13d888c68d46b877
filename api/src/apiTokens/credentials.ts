import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/record.js';
import { isConnectionError } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import type { RequestApiToken, TokenScope } from './scopes.js';

/**
 * An API token is `vgl_` and 32 random bytes in base64url (43 characters): the prefix lets
 * secret scanners and people recognise one, and tells the hooks it is no session JWT (a JWT
 * starts with `ey`). docs/decisions/0082-api-tokens.md.
 */
export const API_TOKEN_PREFIX = 'vgl_';
export const API_TOKEN_PATTERN = /^vgl_[A-Za-z0-9_-]{43}$/;
/** Characters of the secret kept in clear to tell tokens apart in lists: `vgl_` and 8 more. */
const SHOWN_LENGTH = API_TOKEN_PREFIX.length + 8;
/** last_used_at is written at most this often per token: no write per request. */
export const LAST_USED_PRECISION_MS = 60_000;
/** Tokens whose last write this process remembers; the oldest is forgotten first. */
const REMEMBERED_WRITES = 10_000;

export const isApiToken = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

/** SHA-256 in hex: the secret has 256 bits of entropy, so no salt or slow hash is needed. */
export const hashApiToken = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new secret, its hash (all the database keeps) and the prefix shown in lists. */
export function newApiToken(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiToken(secret), prefix: secret.slice(0, SHOWN_LENGTH) };
}

export const TOKEN_EXPIRED = 'This API token has expired';
export const TOKEN_REVOKED = 'This API token has been revoked';
const unauthenticated = (detail: string) => new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer' });

/**
 * Checks API tokens for the auth hooks (auth/currentUser.ts): one statement per request reads
 * the token and its holder, so revocation, expiry and deactivation hold at once. last_used_at
 * is written after the answer's work, without waiting, at most once a minute per token.
 */
export function createApiTokenChecks(db: Db, now: () => Date, log: FastifyBaseLogger) {
  const written = new Map<string, number>();
  const writes = new Set<Promise<void>>();

  const touch = (id: string, lastUsed: Date | null, at: Date) => {
    const since = at.getTime() - Math.max(lastUsed?.getTime() ?? 0, written.get(id) ?? 0);
    if (since < LAST_USED_PRECISION_MS) return;
    written.delete(id);
    if (written.size >= REMEMBERED_WRITES) {
      const oldest = written.keys().next().value;
      if (oldest !== undefined) written.delete(oldest);
    }
    written.set(id, at.getTime());
    const write = db
      .updateTable('api_tokens')
      .set({ last_used_at: at })
      .where('id', '=', id)
      // Another replica may have written a later time meanwhile.
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
      .execute()
      .then(
        () => undefined,
        (err: unknown) => {
          if (!isConnectionError(err)) log.error({ err }, 'could not record an API token use');
        },
      )
      .finally(() => writes.delete(write));
    writes.add(write);
  };

  // A refused (revoked or expired) token is an audit entry, at most one a minute per token: a
  // script retrying a dead token every second writes one entry a minute, not thousands.
  const refusalsRecorded = new Map<string, number>();
  const recordRefusal = async (
    tokenId: string,
    userId: string,
    email: string,
    teamId: string | null,
    reason: 'revoked' | 'expired',
    address: string | null,
    at: Date,
  ) => {
    const last = refusalsRecorded.get(tokenId);
    if (last !== undefined && at.getTime() - last < 60_000) return;
    refusalsRecorded.set(tokenId, at.getTime());
    if (refusalsRecorded.size > 10_000) refusalsRecorded.clear();
    await recordAudit(
      db,
      { userId, tokenId, label: email, address },
      { action: 'api_token.refused', targetType: 'api_token', targetId: tokenId, teamId, after: { id: tokenId, reason } },
    ).catch((err: unknown) => log.warn({ err }, 'refused API token not recorded in the audit log'));
  };

  return {
    /**
     * The token and its holder, or a 401: unknown, revoked, expired, or held by a deactivated
     * user. The details say "expired" and "revoked" (the caller holds the secret: nothing leaks),
     * everything else the usual "Could not validate credentials".
     */
    async authenticate(secret: string, address: string | null = null): Promise<{ token: RequestApiToken; user: UserRow }> {
      if (!API_TOKEN_PATTERN.test(secret)) throw unauthenticated('Could not validate credentials');
      const row = await db
        .selectFrom('api_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .selectAll('u')
        .select(['t.id as token_id', 't.scopes', 't.team_id', 't.expires_at', 't.revoked_at', 't.last_used_at'])
        .where('t.token_hash', '=', hashApiToken(secret))
        .executeTakeFirst();
      if (!row?.is_active) throw unauthenticated('Could not validate credentials');
      const at = now();
      if (row.revoked_at || row.expires_at <= at) {
        const reason = row.revoked_at ? 'revoked' : 'expired';
        await recordRefusal(row.token_id, row.id, row.email, row.team_id, reason, address, at);
        throw unauthenticated(row.revoked_at ? TOKEN_REVOKED : TOKEN_EXPIRED);
      }
      touch(row.token_id, row.last_used_at, at);
      const { token_id, scopes, team_id, expires_at: _e, revoked_at: _r, last_used_at: _l, ...user } = row;
      return { token: { id: token_id, scopes: scopes as TokenScope[], team_id }, user };
    },

    /** Whether a token may still be used (an open change stream asks on each heartbeat). */
    async stillValid(id: string): Promise<boolean> {
      const row = await db.selectFrom('api_tokens').select(['expires_at', 'revoked_at']).where('id', '=', id).executeTakeFirst();
      return Boolean(row && !row.revoked_at && row.expires_at > now());
    },

    /** Waits for last-used writes in flight (the app's close, before the database goes). */
    async settle(): Promise<void> {
      await Promise.all([...writes]);
    },
  };
}

export type ApiTokenChecks = ReturnType<typeof createApiTokenChecks>;
