import { type Kysely, sql } from 'kysely';

/**
 * What issue 28's ingest stages share (docs/decisions/0090-ingest-stages.md):
 *
 * - `alerts.labels`: the sender's key/value pairs (ingest/events.ts caps them), read by routing
 *   rules, maintenance matchers and grouping, and shown with the alert.
 * - `alerts.escalation_policy_id`: the policy a routing rule chose for this alert; null follows
 *   the integration's. A policy in use by an alert is not deleted: the alert falls back to the
 *   integration's policy.
 * - `alerts.silenced_until` and `alerts.maintenance_window_id`: an alert stored during a
 *   maintenance window pages nobody until the window ends (the window's table adds the key).
 * - `integration_legacy_keys`: a key an integration had at another vendor (an Opsgenie API key,
 *   a Grafana OnCall integration token), hashed as ingest keys are, so a moved sender keeps its
 *   URL or header and only its hostname changes. One key opens one integration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE alerts
      ADD COLUMN labels jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN escalation_policy_id uuid REFERENCES escalation_policies (id) ON DELETE SET NULL,
      ADD COLUMN silenced_until timestamptz,
      ADD COLUMN maintenance_window_id uuid`.execute(db);
  await sql`CREATE INDEX alerts_silenced_until_idx ON alerts (silenced_until) WHERE silenced_until IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE integration_legacy_keys (
      key_hash text PRIMARY KEY,
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      vendor text NOT NULL CHECK (vendor IN ('opsgenie', 'oncall')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX integration_legacy_keys_integration_idx ON integration_legacy_keys (integration_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE integration_legacy_keys`.execute(db);
  await sql`
    ALTER TABLE alerts DROP COLUMN labels, DROP COLUMN escalation_policy_id, DROP COLUMN silenced_until,
      DROP COLUMN maintenance_window_id`.execute(db);
}
