import { type Kysely, sql } from 'kysely';

/**
 * Ingestion: a secret key per integration (only its SHA-256 stored) and deduplication of
 * incoming alerts.
 *
 * - `integrations.ingest_key_hash`: unique, so a key finds its integration by one index
 *   look-up. Integrations created before this migration have none until it is rotated.
 * - `alerts.dedup_key`, `occurrence_count`, `last_seen_at`: a repeated trigger bumps the
 *   count of the alert that is not closed instead of creating another.
 * - `alerts_integration_dedup_key`: at most one not-closed alert per (integration, key).
 *   `INSERT … ON CONFLICT` on it makes dedup race-free; a closed alert leaves the index, so
 *   a new trigger with its key creates a new alert and the closed one is never reopened.
 * - `alert_events.via` gains `integration`: state changes sent by a monitoring tool.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE integrations ADD COLUMN ingest_key_hash text`.execute(db);
  await sql`CREATE UNIQUE INDEX integrations_ingest_key_hash_key ON integrations (ingest_key_hash)`.execute(db);

  await sql`
    ALTER TABLE alerts
      ADD COLUMN dedup_key text,
      ADD COLUMN occurrence_count integer NOT NULL DEFAULT 1,
      ADD COLUMN last_seen_at timestamptz`.execute(db);
  // Existing alerts were last seen when created; from now on the default is the insert time.
  await sql`UPDATE alerts SET last_seen_at = created_at`.execute(db);
  await sql`ALTER TABLE alerts ALTER COLUMN last_seen_at SET DEFAULT now(), ALTER COLUMN last_seen_at SET NOT NULL`.execute(db);
  await sql`
    CREATE UNIQUE INDEX alerts_integration_dedup_key ON alerts (integration_id, dedup_key)
      WHERE state <> 'closed'`.execute(db);

  await sql`ALTER TABLE alert_events DROP CONSTRAINT alert_events_via_check`.execute(db);
  await sql`ALTER TABLE alert_events ADD CONSTRAINT alert_events_via_check CHECK (via IN ('console', 'link', 'integration'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM alert_events WHERE via = 'integration'`.execute(db);
  await sql`ALTER TABLE alert_events DROP CONSTRAINT alert_events_via_check`.execute(db);
  await sql`ALTER TABLE alert_events ADD CONSTRAINT alert_events_via_check CHECK (via IN ('console', 'link'))`.execute(db);
  await sql`DROP INDEX alerts_integration_dedup_key`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN dedup_key, DROP COLUMN occurrence_count, DROP COLUMN last_seen_at`.execute(db);
  await sql`DROP INDEX integrations_ingest_key_hash_key`.execute(db);
  await sql`ALTER TABLE integrations DROP COLUMN ingest_key_hash`.execute(db);
}
