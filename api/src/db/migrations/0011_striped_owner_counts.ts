import { type Kysely, sql } from 'kysely';

/** Counter rows per owner; a transaction adds to the row of its connection's slot. */
export const OWNER_COUNT_SLOTS = 16;

/**
 * Striped owner counts. One counter row per owner made every insert of that owner's alerts
 * wait for the previous transaction's commit on the row (its lock is held to the commit): with
 * 32 monitoring senders on one integration, PostgreSQL's connections queued on that row and
 * ingestion lost a fifth of its throughput (docs/decisions/0010). Now an owner has up to 16
 * rows, `(owner_id, slot)`; a statement adds to the slot of its backend (`pg_backend_pid() %
 * 16`), so concurrent connections update different rows. A count is the sum of the owner's
 * rows (at most 16, one index range): still exact, still O(1) in the number of alerts.
 *
 * A delete subtracts in its own slot too (a slot may go negative; the sum is what counts),
 * unless the owner itself is being deleted (its counter rows are gone with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE owner_counts ADD COLUMN slot smallint NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE owner_counts DROP CONSTRAINT owner_counts_pkey`.execute(db);
  await sql`ALTER TABLE owner_counts ADD PRIMARY KEY (owner_id, slot)`.execute(db);
  for (const [table, column] of [
    ['alerts', 'alerts'],
    ['integrations', 'integrations'],
  ] as const) {
    await sql
      .raw(`
      CREATE OR REPLACE FUNCTION ${table}_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO owner_counts AS c (owner_id, slot, ${column})
          SELECT owner_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, count(*) FROM inserted GROUP BY owner_id
          ON CONFLICT (owner_id, slot) DO UPDATE SET ${column} = c.${column} + EXCLUDED.${column};
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`
      CREATE OR REPLACE FUNCTION ${table}_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO owner_counts AS c (owner_id, slot, ${column})
          SELECT d.owner_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, -count(*) FROM deleted d
          WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.owner_id)
          GROUP BY d.owner_id
          ON CONFLICT (owner_id, slot) DO UPDATE SET ${column} = c.${column} + EXCLUDED.${column};
        RETURN NULL;
      END $$`)
      .execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('0011 is not reversible: restore from a backup');
}
