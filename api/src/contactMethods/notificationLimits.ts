import { type Insertable, sql } from 'kysely';
import type { NotificationLimits } from '../config.js';
import type { Db } from '../db/database.js';
import { CONTACT_METHOD_KINDS, type ContactMethodKind, type NotificationsTable } from '../db/schema.js';

/**
 * No storm (docs/decisions/0086-no-storm-limits-and-bundles.md): per kind of contact method, a
 * person is sent at most a limit of alert notifications in any window; past it a notification
 * is written as skipped (`bundled`, shown in the alert's notification list) and one `bundle`
 * notification per method tells of every held alert still open when it leaves. A voice call an
 * earlier round already made for the alert within the window is not made again (`duplicate_call`).
 *
 * Decided when the notifications are queued, under a lock per (user, kind) that every replica
 * takes: two escalations racing on two replicas count each other's rows.
 */
export type NewNotification = Insertable<NotificationsTable>;

/**
 * A pending bundle takes more held notifications until this long before it is due: after that
 * the relay (on any replica, whose clock may differ by a little) may be rendering it, and a held
 * notification goes into the next bundle instead.
 */
export const BUNDLE_SEAL_MS = 10_000;

/** The limit for a kind; 0: unlimited. */
export function limitOf(limits: NotificationLimits, kind: ContactMethodKind): number {
  return kind === 'sms' ? limits.sms : kind === 'voice' ? limits.voice : limits.other;
}

const isMethodKind = (channel: unknown): channel is ContactMethodKind => CONTACT_METHOD_KINDS.includes(channel as ContactMethodKind);

/** Serializes the limit of one person and kind across transactions and replicas (the key names the schema, as other locks do). */
const lockLimit = (trx: Db, userId: string, kind: ContactMethodKind) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${`vigil-notify-limit.${userId}.${kind}`} || '.' || current_schema(), 0))`.execute(trx);

/** The person's notifications of a kind counted in the window up to `now` (those due later included): not skipped. */
async function countedInWindow(trx: Db, userId: string, kind: ContactMethodKind, now: Date, windowMs: number): Promise<number> {
  const row = await trx
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('channel', '=', kind)
    .where('limit_at', '>', new Date(now.getTime() - windowMs))
    .where('status', '!=', 'skipped')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether an earlier round called the person about the alert within the window. */
async function calledBefore(trx: Db, userId: string, alertId: string, now: Date, windowMs: number): Promise<boolean> {
  const row = await trx
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('channel', '=', 'voice')
    .where('alert_id', '=', alertId)
    .where('limit_at', '>', new Date(now.getTime() - windowMs))
    .where('status', '!=', 'skipped')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The bundle a held notification joins: the method's pending one when it is not about to leave;
 * otherwise a new one, due `bundleDelayMs` after now (the first of a window: soon, so a storm
 * wakes the person once, quickly) but not within a window of the method's last bundle (so
 * bundles are no storm either).
 */
async function bundleFor(trx: Db, held: NewNotification, limits: NotificationLimits, now: Date): Promise<string> {
  const userId = held.user_id ?? '';
  const last = await trx
    .selectFrom('notifications')
    .select(['id', 'status', 'send_after'])
    .where('kind', '=', 'bundle')
    .where('user_id', '=', userId)
    .where('channel', '=', held.channel ?? 'email')
    .where((eb) => (held.contact_method_id ? eb('contact_method_id', '=', held.contact_method_id) : eb('contact_method_id', 'is', null)))
    .orderBy('send_after', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lastAt = last?.send_after?.getTime();
  if (last && last.status === 'pending' && lastAt !== undefined && lastAt > now.getTime() + BUNDLE_SEAL_MS) return last.id;
  const soon = now.getTime() + limits.bundleDelayMs;
  const due = lastAt !== undefined && lastAt + limits.windowMs > soon ? lastAt + limits.windowMs : soon;
  const bundle = await trx
    .insertInto('notifications')
    .values({
      alert_id: null,
      kind: 'bundle',
      user_id: userId,
      recipient: held.recipient,
      channel: held.channel,
      contact_method_id: held.contact_method_id ?? null,
      method_label: held.method_label ?? null,
      send_after: new Date(due),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bundle.id;
}

/**
 * Applies the limits to the rows one alert's round writes (contactMethods/reachUsers.ts), in the
 * caller's transaction: each row to a user through a kind of method is counted (`limit_at`: when
 * it is due), held into a bundle past the limit, or skipped as a repeated call. Locks are taken
 * in one order (user, kind) so concurrent rounds cannot deadlock.
 */
export async function applyLimits(
  trx: Db,
  rows: NewNotification[],
  alertId: string,
  now: Date,
  limits: NotificationLimits,
): Promise<NewNotification[]> {
  const groups = new Map<string, { userId: string; kind: ContactMethodKind; rows: NewNotification[] }>();
  for (const row of rows) {
    if (row.status === 'skipped' || !row.user_id || !isMethodKind(row.channel)) continue;
    row.limit_at = row.send_after ?? now;
    const key = `${row.user_id}.${row.channel}`;
    const group = groups.get(key) ?? { userId: row.user_id, kind: row.channel, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const keys = [...groups.keys()].sort();
  for (const key of keys) {
    const group = groups.get(key);
    if (!group) continue;
    const limit = limitOf(limits, group.kind);
    if (limit === 0 && group.kind !== 'voice') continue;
    await lockLimit(trx, group.userId, group.kind);
    if (group.kind === 'voice' && (await calledBefore(trx, group.userId, alertId, now, limits.windowMs))) {
      for (const row of group.rows) Object.assign(row, { status: 'skipped', skipped_reason: 'duplicate_call', limit_at: null });
      continue;
    }
    if (limit === 0) continue;
    let counted = await countedInWindow(trx, group.userId, group.kind, now, limits.windowMs);
    for (const row of group.rows) {
      if (counted < limit) {
        counted++;
        continue;
      }
      const bundleId = await bundleFor(trx, row, limits, now);
      Object.assign(row, { status: 'skipped', skipped_reason: 'bundled', limit_at: null, send_after: null, bundle_id: bundleId });
    }
  }
  return rows;
}
