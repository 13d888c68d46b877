import type { Db } from '../db/database.js';
import type { AlertOccurrenceRow } from '../db/schema.js';
import type { AlertOccurrencePublic, AlertOccurrencesPublic } from './schema.js';

export function toOccurrencePublic(row: AlertOccurrenceRow): AlertOccurrencePublic {
  return {
    dedup_key: row.dedup_key,
    title: row.title,
    severity: row.severity,
    labels: row.labels,
    received_at: row.received_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

/** A page of a group alert's occurrences, oldest first, with how many it lists and how many fire (at most 1,000 rows: the cap). */
export async function listOccurrences(db: Db, alertId: string, offset: number, limit: number): Promise<AlertOccurrencesPublic> {
  const [rows, totals] = await Promise.all([
    db
      .selectFrom('alert_occurrences')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('received_at', 'asc')
      .orderBy('dedup_key', 'asc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('alert_occurrences')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.countAll<number>().filterWhere('resolved_at', 'is', null).as('firing')])
      .where('alert_id', '=', alertId)
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toOccurrencePublic), count: Number(totals.count), firing: Number(totals.firing) };
}
