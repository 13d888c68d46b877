import { type Kysely, sql } from 'kysely';

/**
 * Notifications and escalation policies (docs/api/notifications.md, "Notifications and escalation").
 *
 * - `integrations`: the escalation policy. `escalation_contacts` is a JSON array of levels,
 *   each an array of addresses (level 1 first; none = every active superuser);
 *   `escalate_after_minutes` escalates an alert left unacknowledged that long (null: only by
 *   hand), up to level `escalation_max_level`.
 * - `alerts.escalated_at`: the last escalation, so a second escalate soon after is ignored;
 *   `alerts.next_escalation_at`: when the policy escalates the alert unless someone
 *   acknowledges it first. Only alerts waiting for that carry it (a small partial index).
 * - `notifications`: one row per email to one recipient, written in the same statement or
 *   transaction as the change that causes it, so none is lost; the worker records its
 *   delivery there. Its status is not indexed, so that update stays a HOT one (fillfactor
 *   leaves it room on the page).
 * - `notification_outbox`: a trigger adds every new notification's id; the relay takes ids
 *   from it and hands them to the job queue (pg-boss, in its own schema), in one transaction.
 * - `alert_events.via` gains `policy`: an escalation made by the timer, not a person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE integrations
      ADD COLUMN escalation_contacts jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(escalation_contacts) = 'array'),
      ADD COLUMN escalate_after_minutes integer CHECK (escalate_after_minutes BETWEEN 1 AND 10080),
      ADD COLUMN escalation_max_level integer NOT NULL DEFAULT 3 CHECK (escalation_max_level BETWEEN 1 AND 10)`.execute(db);

  await sql`ALTER TABLE alerts ADD COLUMN escalated_at timestamptz, ADD COLUMN next_escalation_at timestamptz`.execute(db);
  await sql`CREATE INDEX alerts_next_escalation_idx ON alerts (next_escalation_at) WHERE next_escalation_at IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('new_alert', 'escalation')),
      level integer NOT NULL DEFAULT 0,
      recipient text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      sent_at timestamptz
    ) WITH (fillfactor = 85)`.execute(db);
  await sql`CREATE INDEX notifications_alert_idx ON notifications (alert_id, created_at)`.execute(db);
  // Normally empty: the relay empties it within milliseconds of each commit.
  await sql`CREATE TABLE notification_outbox (notification_id uuid PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE)`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION notifications_to_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notification_outbox (notification_id) SELECT id FROM inserted;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER notifications_to_outbox AFTER INSERT ON notifications REFERENCING NEW TABLE AS inserted
      FOR EACH STATEMENT EXECUTE FUNCTION notifications_to_outbox()`.execute(db);

  await sql`ALTER TABLE alert_events DROP CONSTRAINT alert_events_via_check`.execute(db);
  await sql`ALTER TABLE alert_events ADD CONSTRAINT alert_events_via_check CHECK (via IN ('console', 'link', 'integration', 'policy'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM alert_events WHERE via = 'policy'`.execute(db);
  await sql`ALTER TABLE alert_events DROP CONSTRAINT alert_events_via_check`.execute(db);
  await sql`ALTER TABLE alert_events ADD CONSTRAINT alert_events_via_check CHECK (via IN ('console', 'link', 'integration'))`.execute(db);
  await sql`DROP TABLE notification_outbox`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
  await sql`DROP FUNCTION notifications_to_outbox()`.execute(db);
  await sql`DROP INDEX alerts_next_escalation_idx`.execute(db);
  await sql`ALTER TABLE alerts DROP COLUMN escalated_at, DROP COLUMN next_escalation_at`.execute(db);
  await sql`
    ALTER TABLE integrations
      DROP COLUMN escalation_contacts, DROP COLUMN escalate_after_minutes, DROP COLUMN escalation_max_level`.execute(db);
}
