import { type Kysely, sql } from 'kysely';

/**
 * Alert changes are announced by the API after each commit (alerts/alertChanges.ts), no
 * longer by a trigger inside every statement. PostgreSQL serializes the commits of
 * transactions that NOTIFY (a lock held through the commit's WAL flush), so with the trigger
 * every ingestion, action and creation queued on that lock: ingestion was a tenth slower
 * (docs/decisions/0024). The channel and the payload are unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER alerts_announce_${op} ON alerts`).execute(db);
  }
  await sql`DROP FUNCTION alerts_announce_changes()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0012 is not reversible: restore from a backup');
}
