import { type Kysely, sql } from 'kysely';

const REASONS_BEFORE = `'unconfirmed', 'declined', 'unverified', 'acknowledged', 'closed', 'method_deleted', 'superseded'`;
const KINDS_BEFORE = `'new_alert', 'escalation', 'contact_confirmation', 'contact_verification', 'chat_update', 'method_test'`;

/**
 * No storm (docs/decisions/0086-no-storm-limits-and-bundles.md): a person's alert notifications
 * per kind of contact method are counted in a window; past the limit a notification is written
 * as skipped (`bundled`) and one `bundle` notification (no alert) tells the person of all of
 * them at once. A voice call repeating one an earlier round made for the same alert is skipped
 * (`duplicate_call`).
 *
 * `limit_at` is when a notification counts against its user's limit: when it is due, by the
 * app's clock (so a test's clock moves the window); `bundle_id` the bundle that tells of a held one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notifications
      ADD COLUMN limit_at timestamptz,
      ADD COLUMN bundle_id uuid REFERENCES notifications (id) ON DELETE SET NULL,
      DROP CONSTRAINT notifications_kind_check,
      DROP CONSTRAINT notifications_subject_check,
      DROP CONSTRAINT notifications_skipped_reason_check`.execute(db);
  await sql
    .raw(`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_skipped_reason_check CHECK (skipped_reason IN (${REASONS_BEFORE}, 'bundled', 'duplicate_call')),
      ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${KINDS_BEFORE}, 'bundle')),
      ADD CONSTRAINT notifications_subject_check CHECK (
        CASE WHEN kind = 'contact_confirmation' THEN alert_id IS NULL AND contact_owner_id IS NOT NULL
             WHEN kind IN ('contact_verification', 'method_test') THEN alert_id IS NULL
             WHEN kind = 'bundle' THEN alert_id IS NULL AND user_id IS NOT NULL
             WHEN kind = 'chat_update' THEN alert_id IS NOT NULL AND chat_channel_id IS NOT NULL
             ELSE alert_id IS NOT NULL END)`)
    .execute(db);
  // The count under the limit, and the voice calls of an alert: both by user, newest first.
  await sql`CREATE INDEX notifications_limit_idx ON notifications (user_id, channel, limit_at) WHERE limit_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX notifications_bundle_idx ON notifications (bundle_id) WHERE bundle_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM notifications WHERE kind = 'bundle' OR skipped_reason IN ('bundled', 'duplicate_call')`.execute(db);
  await sql`
    ALTER TABLE notifications
      DROP CONSTRAINT notifications_kind_check,
      DROP CONSTRAINT notifications_subject_check,
      DROP CONSTRAINT notifications_skipped_reason_check,
      DROP COLUMN bundle_id,
      DROP COLUMN limit_at`.execute(db);
  await sql
    .raw(`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_skipped_reason_check CHECK (skipped_reason IN (${REASONS_BEFORE})),
      ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${KINDS_BEFORE})),
      ADD CONSTRAINT notifications_subject_check CHECK (
        CASE WHEN kind = 'contact_confirmation' THEN alert_id IS NULL AND contact_owner_id IS NOT NULL
             WHEN kind IN ('contact_verification', 'method_test') THEN alert_id IS NULL
             WHEN kind = 'chat_update' THEN alert_id IS NOT NULL AND chat_channel_id IS NOT NULL
             ELSE alert_id IS NOT NULL END)`)
    .execute(db);
}
