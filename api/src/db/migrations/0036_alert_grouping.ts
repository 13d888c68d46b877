import { type Kysely, sql } from 'kysely';

/**
 * Grouping (docs/oncall/grouping.md, docs/decisions/0093-alert-grouping.md):
 *
 * - `integrations.group_by`: the label names whose values make an alert's group key (at most
 *   10; empty: grouping off); `integrations.group_window_minutes`: how long after a group's
 *   alert opened it still absorbs new alerts of its group (1-1440).
 * - `alerts.group_key`: a group alert's key (32 hex characters); null for any other alert. Its
 *   `dedup_key` is `group:<group_key>` while it absorbs, then `group:<group_key>/<id>`, so the
 *   unique index of not-closed keys makes one absorbing alert per group, race-free.
 * - `alert_occurrences`: the alerts a group alert absorbed, one row per sender's dedup key, at
 *   most 1,000 per alert (ingest/grouping: beyond that only `occurrence_count` grows).
 *   `integration_id` is a look-up key, with no foreign key: a resolve finds the occurrence its
 *   key names among the integration's firing ones, and a deleted integration's ids are never
 *   reused nor sent to again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE integrations
      ADD COLUMN group_by text[] NOT NULL DEFAULT '{}',
      ADD COLUMN group_window_minutes integer NOT NULL DEFAULT 10
        CHECK (group_window_minutes BETWEEN 1 AND 1440)`.execute(db);
  await sql`ALTER TABLE alerts ADD COLUMN group_key text`.execute(db);
  // Whether an integration still has group alerts to resolve (the stage's load): its few open ones.
  await sql`
    CREATE INDEX alerts_open_groups_idx ON alerts (integration_id)
    WHERE group_key IS NOT NULL AND state <> 'closed'`.execute(db);
  await sql`
    CREATE TABLE alert_occurrences (
      alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
      dedup_key text NOT NULL,
      integration_id uuid NOT NULL,
      title text NOT NULL,
      severity text NOT NULL CHECK (severity IN ('critical', 'high', 'warning', 'info')),
      labels jsonb NOT NULL DEFAULT '{}'::jsonb,
      received_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      resolved_at timestamptz,
      PRIMARY KEY (alert_id, dedup_key)
    )`.execute(db);
  // A sender's key among the integration's firing occurrences: a repeat, an acknowledge, a resolve.
  await sql`
    CREATE INDEX alert_occurrences_firing_idx ON alert_occurrences (integration_id, dedup_key)
    WHERE resolved_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE alert_occurrences`.execute(db);
  await sql`DROP INDEX alerts_open_groups_idx`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN group_key`.execute(db);
  await sql`ALTER TABLE integrations DROP COLUMN group_by, DROP COLUMN group_window_minutes`.execute(db);
}
