import type { Db } from '../db/database.js';
import type { ContactMethodRow } from '../db/schema.js';
import type { LastMethodTest } from './schema.js';

/**
 * Each method's latest test since it was verified (a test of a target it had before does not
 * say anything of the one it has), with its outcome: null for a method never tested so.
 */
export async function lastTestsOf(db: Db, methods: readonly ContactMethodRow[]): Promise<Map<string, LastMethodTest>> {
  const verified = methods.filter((m) => m.verified_at !== null);
  const tests = new Map<string, LastMethodTest>();
  if (verified.length === 0) return tests;
  const rows = await db
    .selectFrom('notifications')
    .select(['contact_method_id', 'status', 'created_at', 'sent_at', 'last_error', 'skipped_reason'])
    .distinctOn('contact_method_id')
    .where(
      'contact_method_id',
      'in',
      verified.map((m) => m.id),
    )
    .where('kind', '=', 'method_test')
    .orderBy('contact_method_id')
    .orderBy('created_at', 'desc')
    .execute();
  const verifiedAt = new Map(verified.map((m) => [m.id, m.verified_at?.getTime() ?? 0]));
  for (const row of rows) {
    if (!row.contact_method_id || row.created_at.getTime() < (verifiedAt.get(row.contact_method_id) ?? 0)) continue;
    tests.set(row.contact_method_id, {
      status: row.status,
      requested_at: row.created_at.toISOString(),
      sent_at: row.sent_at?.toISOString() ?? null,
      error: row.last_error ?? (row.skipped_reason ? `Not sent: ${row.skipped_reason}` : null),
    });
  }
  return tests;
}
