import { type Kysely, sql } from 'kysely';

/**
 * The Opsgenie Alert API drop-in (ingest/opsgenie/, docs/decisions/0095-opsgenie-oncall-dropins.md):
 *
 * - `opsgenie_requests`: what became of each accepted request (Opsgenie answers 202 and tells
 *   the outcome at `GET /v2/alerts/requests/{id}`), per integration: only its keys read it.
 *   Kept 7 days and at most 1,000 per integration, both pruned by the statement that adds one.
 * - `alerts.tiny_id`: Opsgenie's short alert number (`identifierType=tiny`), from one sequence
 *   for the whole instance. Every new alert takes the next one (an occurrence of an open alert
 *   uses one up too: the upsert's row is built before its conflict is found, so there are gaps).
 *   Added without a default first (no table rewrite); open alerts are numbered, closed ones
 *   from before this migration have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE opsgenie_requests (
      id uuid PRIMARY KEY,
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      action text NOT NULL,
      success boolean NOT NULL,
      status text NOT NULL,
      alert_id uuid REFERENCES alerts (id) ON DELETE SET NULL,
      alias text,
      processed_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX opsgenie_requests_integration_idx ON opsgenie_requests (integration_id, processed_at DESC, id)`.execute(db);
  await sql`CREATE INDEX opsgenie_requests_processed_idx ON opsgenie_requests (processed_at)`.execute(db);
  await sql`CREATE INDEX opsgenie_requests_alert_idx ON opsgenie_requests (alert_id) WHERE alert_id IS NOT NULL`.execute(db);

  await sql`CREATE SEQUENCE alerts_tiny_id_seq AS bigint`.execute(db);
  await sql`ALTER TABLE alerts ADD COLUMN tiny_id bigint`.execute(db);
  await sql`ALTER SEQUENCE alerts_tiny_id_seq OWNED BY alerts.tiny_id`.execute(db);
  await sql`ALTER TABLE alerts ALTER COLUMN tiny_id SET DEFAULT nextval('alerts_tiny_id_seq')`.execute(db);
  await sql`
    UPDATE alerts SET tiny_id = n.tiny_id
    FROM (SELECT id, nextval('alerts_tiny_id_seq') AS tiny_id FROM (SELECT id FROM alerts WHERE state <> 'closed' ORDER BY created_at, id) o) n
    WHERE alerts.id = n.id`.execute(db);
  await sql`CREATE UNIQUE INDEX alerts_tiny_id_idx ON alerts (tiny_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE opsgenie_requests`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN tiny_id`.execute(db);
}
