import { type Kysely, sql } from 'kysely';

/**
 * Escalation contacts confirm their address (docs/api/contact-confirmation.md).
 *
 * - `escalation_contacts`: one row per owner and address, whatever policies name it: a
 *   contact confirmed for one of an owner's integrations is confirmed for all of them, and
 *   the row outlives the policies, so removing and adding an address sends nothing new.
 *   `unconfirmed` until the person follows the emailed link (or a superuser marks it
 *   `confirmed`); `declined` when they refused. `confirmation_requested_at` is the last
 *   confirmation email queued (null: never), which the re-send limit reads.
 * - `contact_confirmation_tokens`: the links' one-time tokens, by SHA-256 only, each with an
 *   expiry and a used mark, as password-reset tokens.
 * - `notifications`: a confirmation email is a notification without an alert (kind
 *   `contact_confirmation`, `contact_owner_id` set), so it goes through the same outbox and
 *   queue: never lost, never sent twice. An escalation to a contact who has not confirmed is
 *   recorded as `skipped` (with the reason) and never queued: the trigger now moves only
 *   `pending` rows to the outbox.
 * - Existing contacts become `unconfirmed` and are mailed nothing here: their owner sends the
 *   confirmations (the next policy save asks every contact never asked, or "Send" in the
 *   editor). Until then their levels' escalations go to the default recipients.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE escalation_contacts (
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      email text NOT NULL,
      status text NOT NULL DEFAULT 'unconfirmed' CHECK (status IN ('unconfirmed', 'confirmed', 'declined')),
      confirmation_requested_at timestamptz,
      confirmed_at timestamptz,
      confirmed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      declined_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (owner_id, email)
    )`.execute(db);
  await sql`
    CREATE TABLE contact_confirmation_tokens (
      token_hash text PRIMARY KEY,
      owner_id uuid NOT NULL,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      FOREIGN KEY (owner_id, email) REFERENCES escalation_contacts (owner_id, email) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX contact_confirmation_tokens_contact_idx ON contact_confirmation_tokens (owner_id, email)`.execute(db);

  await sql`
    ALTER TABLE notifications
      ALTER COLUMN alert_id DROP NOT NULL,
      ADD COLUMN contact_owner_id uuid,
      ADD COLUMN skipped_reason text CHECK (skipped_reason IN ('unconfirmed', 'declined')),
      ADD FOREIGN KEY (contact_owner_id, recipient) REFERENCES escalation_contacts (owner_id, email) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_status_check`.execute(db);
  await sql`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('new_alert', 'escalation', 'contact_confirmation')),
      ADD CONSTRAINT notifications_status_check CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
      ADD CONSTRAINT notifications_subject_check CHECK (
        CASE WHEN kind = 'contact_confirmation' THEN alert_id IS NULL AND contact_owner_id IS NOT NULL ELSE alert_id IS NOT NULL END),
      ADD CONSTRAINT notifications_skipped_check CHECK ((status = 'skipped') = (skipped_reason IS NOT NULL))`.execute(db);
  // The per-owner daily limit of confirmation emails counts these.
  await sql`CREATE INDEX notifications_contact_owner_idx ON notifications (contact_owner_id, created_at) WHERE contact_owner_id IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION notifications_to_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notification_outbox (notification_id) SELECT id FROM inserted WHERE status = 'pending';
      RETURN NULL;
    END $$`.execute(db);

  // Every address of every existing policy, unconfirmed.
  await sql`
    INSERT INTO escalation_contacts (owner_id, email)
    SELECT DISTINCT i.owner_id, lower(address.value)
    FROM integrations i
      CROSS JOIN LATERAL jsonb_array_elements(i.escalation_contacts) AS level(value)
      CROSS JOIN LATERAL jsonb_array_elements_text(level.value) AS address(value)
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION notifications_to_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notification_outbox (notification_id) SELECT id FROM inserted;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DELETE FROM notifications WHERE kind = 'contact_confirmation' OR status = 'skipped'`.execute(db);
  await sql`DROP INDEX notifications_contact_owner_idx`.execute(db);
  await sql`
    ALTER TABLE notifications
      DROP CONSTRAINT notifications_skipped_check,
      DROP CONSTRAINT notifications_subject_check,
      DROP CONSTRAINT notifications_status_check,
      DROP CONSTRAINT notifications_kind_check,
      DROP COLUMN skipped_reason,
      DROP COLUMN contact_owner_id,
      ALTER COLUMN alert_id SET NOT NULL`.execute(db);
  await sql`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('new_alert', 'escalation')),
      ADD CONSTRAINT notifications_status_check CHECK (status IN ('pending', 'sent', 'failed'))`.execute(db);
  await sql`DROP TABLE contact_confirmation_tokens`.execute(db);
  await sql`DROP TABLE escalation_contacts`.execute(db);
}
