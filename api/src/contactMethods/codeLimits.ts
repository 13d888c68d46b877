import { createHmac, hkdfSync } from 'node:crypto';
import { sql } from 'kysely';
import type { ContactMethodConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { ContactMethodRow, VerificationEventKind } from '../db/schema.js';
import { HttpError } from '../errors.js';
import { retryAfterSeconds } from '../operations/keyedRateLimit.js';

/**
 * The limits on verification codes (docs/api/limits.md): codes
 * sent per user a day, one code per target every cooldown whoever asks, wrong codes per user and
 * per target an hour. Counted in `verification_events` (migration 0021), outside the method's
 * row, so deleting a method and adding it again starts nothing afresh.
 */
export type CodeLimits = Pick<ContactMethodConfig, 'codesPerDay' | 'codeCooldownSeconds' | 'codeAttemptsPerHour'>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Events are kept past every window (a day at most), then deleted. */
const KEEP_MS = 2 * DAY_MS;

const minutesOrSeconds = (seconds: number) =>
  seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;

export const codeCooldown = (seconds: number) =>
  `A verification code was sent to this target less than ${minutesOrSeconds(seconds)} ago: wait before asking for another`;
export const codesPerDayReached = (perDay: number) =>
  `You have had ${perDay} verification codes sent in the last 24 hours, the most one user may: try again later`;
export const userAttemptsReached = (perHour: number) =>
  `You entered ${perHour} wrong verification codes in the last hour, the most one user may: try again later`;
export const targetAttemptsReached = (perHour: number) =>
  `${perHour} wrong verification codes were entered for this target in the last hour, the most it may take: try again later`;

/** A URL's path decoded (a few times: `%2541` is `%41` is `A`), or as it is when it does not decode. */
function decodedPath(path: string): string {
  let current = path;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

/**
 * What a method's codes go to, one string however it is spelled: an address lower-cased; a phone
 * number (E.164 already) as it is, for sms and voice alike; a URL (webhook, slack, ntfy) as host and decoded path, lower-cased, without scheme, query, fragment or
 * trailing slashes, and an ntfy method's topic after it. Changing a query parameter, the case or
 * an escape does not make the same receiver a new target.
 */
export function normalisedTarget(method: Pick<ContactMethodRow, 'kind' | 'target' | 'topic'>): string {
  if (method.kind === 'email') return `email:${method.target.trim().toLowerCase()}`;
  // One phone, whether texted or called: its cooldown and wrong-code limits are shared.
  if (method.kind === 'sms' || method.kind === 'voice') return `phone:${method.target}`;
  const url = new URL(method.target);
  const path = decodedPath(url.pathname).replace(/\/+$/, '');
  const topic = method.kind === 'ntfy' ? `/${method.topic ?? ''}` : '';
  return `url:${url.host}${path}${topic}`.toLowerCase();
}

const targetKeys = new Map<string, Buffer>();

/** The stored form of a target: HMAC-SHA256 under a key derived from SECRET_KEY, so the table names no address. */
export function targetHashOf(secretKey: string, method: Pick<ContactMethodRow, 'kind' | 'target' | 'topic'>): string {
  let key = targetKeys.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, '', 'vigil contact method targets', 32));
    targetKeys.set(secretKey, key);
  }
  return createHmac('sha256', key).update(normalisedTarget(method)).digest('hex');
}

const advisoryLock = (trx: Db, key: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${key} || '.' || current_schema(), 0))`.execute(trx);

/**
 * Serializes a user's code sends and checks, across their methods and API replicas. Taken
 * before the method's row lock; the target's lock after it (the same order everywhere: no deadlock).
 */
export const lockUserCodes = (trx: Db, userId: string) => advisoryLock(trx, `vigil-codes.user.${userId}`);
/** Serializes every user's code sends and checks for one target. */
export const lockTargetCodes = (trx: Db, targetHash: string) => advisoryLock(trx, `vigil-codes.target.${targetHash}`);

/**
 * When `limit` events of `kind` in the window up to `now` will have room again (the `limit`-th
 * newest leaving it), or null when there is room now.
 */
async function fullUntil(
  trx: Db,
  by: { user_id: string } | { target_hash: string },
  kind: VerificationEventKind,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<Date | null> {
  const [column, value] = 'user_id' in by ? (['user_id', by.user_id] as const) : (['target_hash', by.target_hash] as const);
  const row = await trx
    .selectFrom('verification_events')
    .select('created_at')
    .where(column, '=', value)
    .where('kind', '=', kind)
    .where('created_at', '>', new Date(now.getTime() - windowMs))
    .orderBy('created_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at.getTime() + windowMs) : null;
}

const tooSoon = (detail: string, until: Date, now: Date) =>
  new HttpError(429, detail, { 'Retry-After': retryAfterSeconds(until.getTime() - now.getTime()) });

/** Throws a 429 when a code may not be sent now: the target's cooldown, or the user's day. Under both locks. */
export async function checkCodeSend(trx: Db, limits: CodeLimits, userId: string, targetHash: string, now: Date): Promise<void> {
  const cooling = await fullUntil(trx, { target_hash: targetHash }, 'code_sent', 1, limits.codeCooldownSeconds * 1000, now);
  if (cooling) throw tooSoon(codeCooldown(limits.codeCooldownSeconds), cooling, now);
  const dayFull = await fullUntil(trx, { user_id: userId }, 'code_sent', limits.codesPerDay, DAY_MS, now);
  if (dayFull) throw tooSoon(codesPerDayReached(limits.codesPerDay), dayFull, now);
}

/** The 429 for a code that may not be tried now (the user's or the target's wrong codes this hour), or null. Under both locks. */
export async function wrongCodesLimit(
  trx: Db,
  limits: CodeLimits,
  userId: string,
  targetHash: string,
  now: Date,
): Promise<HttpError | null> {
  const perHour = limits.codeAttemptsPerHour;
  const user = await fullUntil(trx, { user_id: userId }, 'wrong_code', perHour, HOUR_MS, now);
  if (user) return tooSoon(userAttemptsReached(perHour), user, now);
  const target = await fullUntil(trx, { target_hash: targetHash }, 'wrong_code', perHour, HOUR_MS, now);
  return target ? tooSoon(targetAttemptsReached(perHour), target, now) : null;
}

export async function recordVerificationEvent(
  trx: Db,
  kind: VerificationEventKind,
  userId: string,
  targetHash: string,
  now: Date,
): Promise<void> {
  await trx.insertInto('verification_events').values({ kind, user_id: userId, target_hash: targetHash, created_at: now }).execute();
}

/** Deletes events older than every window, in the transaction that sends a code (few rows: a day's codes and guesses). */
export async function pruneVerificationEvents(trx: Db, now: Date): Promise<void> {
  await trx
    .deleteFrom('verification_events')
    .where('created_at', '<', new Date(now.getTime() - KEEP_MS))
    .execute();
}
