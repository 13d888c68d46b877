import { type Kysely, sql } from 'kysely';

/**
 * Contact methods and notification rules per user (docs/oncall/contact-methods.md).
 *
 * - `contact_methods`: how one user is reached: `email` (an address), `webhook` (a URL, JSON
 *   signed with `secret`), `slack` (a Slack-compatible incoming-webhook URL, itself the secret),
 *   `ntfy` (a server URL and `topic`, `secret` its optional access token). Secrets are kept as
 *   given (a signature needs the secret itself) and never answered after creation. A method
 *   receives alerts once `verified_at` is set: a 6-digit code sent through the method, by
 *   SHA-256 only in `code_hash`, with its expiry and wrong attempts. Deleting the user deletes them.
 * - `notification_rules`: the user's ordered list, "immediately by X, after 5 minutes by Y".
 * - `notifications` gains `channel` (email for every row before), the method it went through
 *   (kept as a label when the method is deleted), `send_after` for a rule's delay, the kind
 *   `contact_verification` (a code, no alert) and skipped reasons `unverified`, `acknowledged`,
 *   `closed` (a delayed one whose alert was handled meanwhile) and `method_deleted`.
 * - `notification_outbox.send_after`: the relay moves a row only once it is due (the app's
 *   clock), so a delay survives restarts and replicas take each row once (SKIP LOCKED).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contact_methods (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('email', 'webhook', 'slack', 'ntfy')),
      label text NOT NULL,
      target text NOT NULL,
      topic text,
      secret text,
      verified_at timestamptz,
      code_hash text,
      code_expires_at timestamptz,
      code_attempts integer NOT NULL DEFAULT 0,
      code_requested_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      UNIQUE (user_id, label),
      CHECK ((kind = 'ntfy') = (topic IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE TABLE notification_rules (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      position integer NOT NULL,
      contact_method_id uuid NOT NULL REFERENCES contact_methods (id) ON DELETE CASCADE,
      delay_minutes integer NOT NULL CHECK (delay_minutes BETWEEN 0 AND 1440),
      PRIMARY KEY (user_id, position)
    )`.execute(db);
  await sql`CREATE INDEX notification_rules_method_idx ON notification_rules (contact_method_id)`.execute(db);

  await sql`
    ALTER TABLE notifications
      ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'webhook', 'slack', 'ntfy')),
      ADD COLUMN contact_method_id uuid REFERENCES contact_methods (id) ON DELETE SET NULL,
      ADD COLUMN method_label text,
      ADD COLUMN send_after timestamptz`.execute(db);
  await sql`CREATE INDEX notifications_method_idx ON notifications (contact_method_id) WHERE contact_method_id IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE notifications
      DROP CONSTRAINT notifications_kind_check,
      DROP CONSTRAINT notifications_subject_check,
      DROP CONSTRAINT notifications_skipped_reason_check`.execute(db);
  await sql`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('new_alert', 'escalation', 'contact_confirmation', 'contact_verification')),
      ADD CONSTRAINT notifications_subject_check CHECK (
        CASE WHEN kind = 'contact_confirmation' THEN alert_id IS NULL AND contact_owner_id IS NOT NULL
             WHEN kind = 'contact_verification' THEN alert_id IS NULL
             ELSE alert_id IS NOT NULL END),
      ADD CONSTRAINT notifications_skipped_reason_check CHECK (
        skipped_reason IN ('unconfirmed', 'declined', 'unverified', 'acknowledged', 'closed', 'method_deleted'))`.execute(db);

  await sql`ALTER TABLE notification_outbox ADD COLUMN send_after timestamptz`.execute(db);
  await sql`CREATE INDEX notification_outbox_due_idx ON notification_outbox (send_after) WHERE send_after IS NOT NULL`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION notifications_to_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notification_outbox (notification_id, send_after) SELECT id, send_after FROM inserted WHERE status = 'pending';
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION notifications_to_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notification_outbox (notification_id) SELECT id FROM inserted WHERE status = 'pending';
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP INDEX notification_outbox_due_idx`.execute(db);
  await sql`ALTER TABLE notification_outbox DROP COLUMN send_after`.execute(db);
  await sql`
    DELETE FROM notifications
    WHERE kind = 'contact_verification' OR channel <> 'email' OR skipped_reason NOT IN ('unconfirmed', 'declined')`.execute(db);
  await sql`
    ALTER TABLE notifications
      DROP CONSTRAINT notifications_kind_check,
      DROP CONSTRAINT notifications_subject_check,
      DROP CONSTRAINT notifications_skipped_reason_check`.execute(db);
  await sql`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('new_alert', 'escalation', 'contact_confirmation')),
      ADD CONSTRAINT notifications_subject_check CHECK (
        CASE WHEN kind = 'contact_confirmation' THEN alert_id IS NULL AND contact_owner_id IS NOT NULL ELSE alert_id IS NOT NULL END),
      ADD CONSTRAINT notifications_skipped_reason_check CHECK (skipped_reason IN ('unconfirmed', 'declined'))`.execute(db);
  await sql`DROP INDEX notifications_method_idx`.execute(db);
  await sql`ALTER TABLE notifications DROP COLUMN channel, DROP COLUMN contact_method_id, DROP COLUMN method_label, DROP COLUMN send_after`.execute(
    db,
  );
  await sql`DROP TABLE notification_rules`.execute(db);
  await sql`DROP TABLE contact_methods`.execute(db);
}
