import { type Kysely, sql } from 'kysely';

/**
 * Maintenance windows (docs/oncall/maintenance.md, decision 0092): a team's planned work, for
 * one integration (`integration_id`) or all of the team's (null). One-off (`starts_at` to
 * `ends_at`) or weekly (`days` at `start_time`–`end_time` in `time_zone`, until `ends_on`, a
 * local date, if given); `ended_at` ends the occurrence in progress early. Optional matchers
 * (ingest/matchers.ts) narrow which alerts it silences.
 *
 * An alert stored during a window carries `silenced_until` and `maintenance_window_id`
 * (migration 0032): the key added here keeps the alert when its window is deleted. A silenced
 * alert is no longer posted to the team's chat channels when it is inserted: the window's end
 * posts it (maintenance/sweep.ts), with its owner's email, if it is still open then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE maintenance_windows (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      integration_id uuid REFERENCES integrations (id) ON DELETE CASCADE,
      name text NOT NULL,
      time_zone text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('one_off', 'weekly')),
      starts_at timestamptz,
      ends_at timestamptz,
      days integer[],
      start_time text CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      end_time text CHECK (end_time ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
      ends_on text CHECK (ends_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      ended_at timestamptz,
      match_mode text NOT NULL DEFAULT 'all' CHECK (match_mode IN ('all', 'any')),
      matchers jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT maintenance_windows_times_check CHECK (
        CASE WHEN kind = 'one_off'
          THEN starts_at IS NOT NULL AND ends_at > starts_at AND days IS NULL AND start_time IS NULL AND end_time IS NULL
            AND ends_on IS NULL
          ELSE starts_at IS NULL AND ends_at IS NULL AND cardinality(days) BETWEEN 1 AND 7 AND start_time IS NOT NULL
            AND end_time IS NOT NULL END)
    )`.execute(db);
  await sql`CREATE INDEX maintenance_windows_team_idx ON maintenance_windows (team_id, created_at)`.execute(db);
  await sql`CREATE INDEX maintenance_windows_integration_idx ON maintenance_windows (integration_id) WHERE integration_id IS NOT NULL`.execute(
    db,
  );
  await sql`
    ALTER TABLE alerts ADD CONSTRAINT alerts_maintenance_window_id_fkey
      FOREIGN KEY (maintenance_window_id) REFERENCES maintenance_windows (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX alerts_maintenance_window_idx ON alerts (maintenance_window_id) WHERE maintenance_window_id IS NOT NULL`.execute(
    db,
  );
  // As 0027's, but a silenced alert waits for its window's end (maintenance/sweep.ts posts it then).
  await sql`
    CREATE OR REPLACE FUNCTION alerts_to_chat_posts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notifications (alert_id, kind, recipient, channel, chat_channel_id)
      SELECT i.id, 'new_alert', c.label, c.kind, c.id
      FROM inserted i JOIN chat_channels c ON c.team_id = i.team_id AND c.enabled
      WHERE i.silenced_until IS NULL;
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION alerts_to_chat_posts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notifications (alert_id, kind, recipient, channel, chat_channel_id)
      SELECT i.id, 'new_alert', c.label, c.kind, c.id
      FROM inserted i JOIN chat_channels c ON c.team_id = i.team_id AND c.enabled;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP INDEX alerts_maintenance_window_idx`.execute(db);
  await sql`ALTER TABLE alerts DROP CONSTRAINT alerts_maintenance_window_id_fkey`.execute(db);
  await sql`DROP TABLE maintenance_windows`.execute(db);
}
