import { type Kysely, sql } from 'kysely';

/**
 * Heartbeat monitors (docs/oncall/heartbeats.md): a dead-man's switch per
 * integration. A cron job or backup hits its ping URL every `interval_minutes`; when no ping
 * has come by `due_at` (the last ping, or the creation, plus the interval and
 * `grace_minutes`), the checker raises an alert on the integration, and the next ping
 * resolves it.
 *
 * - `ping_token_hash`: SHA-256 of the ping URL's token, as for ingest keys (unique: a ping is
 *   one index look-up; a database leak leaks no usable token).
 * - `missed_at`: set when the checker claimed the miss and raised the alert (in one
 *   transaction, `UPDATE … WHERE missed_at IS NULL … RETURNING`), so of several replicas
 *   only one raises it; cleared by the next ping.
 * - The partial index holds only the monitors the checker may still claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE heartbeat_monitors (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      name text NOT NULL,
      interval_minutes integer NOT NULL CHECK (interval_minutes BETWEEN 1 AND 44640),
      grace_minutes integer NOT NULL CHECK (grace_minutes BETWEEN 0 AND 1440),
      severity text NOT NULL CHECK (severity IN ('critical', 'high', 'warning', 'info')),
      ping_token_hash text NOT NULL UNIQUE,
      last_ping_at timestamptz,
      due_at timestamptz NOT NULL,
      missed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX heartbeat_monitors_integration_idx ON heartbeat_monitors (integration_id, created_at)`.execute(db);
  await sql`CREATE INDEX heartbeat_monitors_due_idx ON heartbeat_monitors (due_at) WHERE missed_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE heartbeat_monitors`.execute(db);
}
