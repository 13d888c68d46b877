import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A phone number holds at most this many codes ("1" to "99"): a reply stays two digits and a letter. */
export const MAX_REPLY_CODE = 99;
/** A code this old is free again even if its alert is not closed: nobody answers a week-old SMS. */
export const REPLY_CODE_TTL_DAYS = 7;

const staleBefore = (now: Date) => new Date(now.getTime() - REPLY_CODE_TTL_DAYS * 86_400_000);

/**
 * The reply code `phone` uses for `alertId` ("1a" acknowledges alert 1), GoAlert's way: the
 * one it has already, or the lowest number not held by another live alert (one not closed,
 * coded within REPLY_CODE_TTL_DAYS); when all MAX_REPLY_CODE are live, the least recently given
 * is taken over. Serialized per phone number (an advisory lock), so two SMS rendered at once
 * never share a code. Runs in the caller's transaction when given one (a bundle of alerts
 * codes them all in one), else in its own.
 */
export async function allocateReplyCode(db: Db, phone: string, alertId: string, now: Date = new Date()): Promise<number> {
  const allocate = async (trx: Db): Promise<number> => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`vigil-sms-codes.${phone}`} || '.' || current_schema(), 0))`.execute(trx);
    const own = await trx
      .updateTable('sms_reply_codes')
      .set({ allocated_at: now })
      .where('phone', '=', phone)
      .where('alert_id', '=', alertId)
      .returning('code')
      .executeTakeFirst();
    if (own) return own.code;
    const held = await trx
      .selectFrom('sms_reply_codes as r')
      .innerJoin('alerts as a', 'a.id', 'r.alert_id')
      .select(['r.code', 'r.allocated_at', 'a.state'])
      .where('r.phone', '=', phone)
      .execute();
    const live = new Set(held.filter((r) => r.state !== 'closed' && r.allocated_at >= staleBefore(now)).map((r) => r.code));
    let code = 0;
    for (let c = 1; c <= MAX_REPLY_CODE && code === 0; c++) if (!live.has(c)) code = c;
    if (code === 0) code = held.reduce((a, b) => (b.allocated_at < a.allocated_at ? b : a)).code;
    await trx.deleteFrom('sms_reply_codes').where('phone', '=', phone).where('code', '=', code).execute();
    await trx.insertInto('sms_reply_codes').values({ phone, code, alert_id: alertId, allocated_at: now }).execute();
    return code;
  };
  return db.isTransaction ? allocate(db) : db.transaction().execute(allocate);
}

/** The alert `phone` was told is `code`, while that code is live (not reused, not stale). */
export async function alertOfReplyCode(db: Db, phone: string, code: number, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('sms_reply_codes')
    .select('alert_id')
    .where('phone', '=', phone)
    .where('code', '=', code)
    .where('allocated_at', '>=', staleBefore(now))
    .executeTakeFirst();
  return row?.alert_id ?? null;
}

/** The alerts `phone` holds live codes for that nobody has acknowledged yet (for "aa"), oldest code first. */
export async function unacknowledgedOfPhone(db: Db, phone: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('sms_reply_codes as r')
    .innerJoin('alerts as a', 'a.id', 'r.alert_id')
    .select('r.alert_id')
    .where('r.phone', '=', phone)
    .where('r.allocated_at', '>=', staleBefore(now))
    .where('a.state', 'in', ['open', 'escalated'])
    .orderBy('r.code')
    .execute();
  return rows.map((r) => r.alert_id);
}
