import { type Kysely, sql } from 'kysely';

/**
 * Limits on contact methods' verification codes, and whom a notification reaches
 * (docs/oncall/contact-methods.md; docs/api/security.md).
 *
 * - `verification_events`: each code sent and each wrong code entered, by user and by the
 *   target's keyed hash (never the address or URL itself), so the per-user and per-target
 *   limits hold whatever happens to the method: deleting and adding it again forgets nothing.
 *   No foreign key: a deleted account's codes still count against their targets. Rows older
 *   than any window are deleted as codes are sent.
 * - `notifications.user_id`: the user a notification reaches (through a contact method or the
 *   account's address), so only that user and superusers are shown its target and its error.
 *   Rows written before through a contact method get their method's user; the rest stay null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE verification_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('code_sent', 'wrong_code')),
      user_id uuid NOT NULL,
      target_hash text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX verification_events_user ON verification_events (user_id, kind, created_at)`.execute(db);
  await sql`CREATE INDEX verification_events_target ON verification_events (target_hash, kind, created_at)`.execute(db);
  await sql`CREATE INDEX verification_events_created ON verification_events (created_at)`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN user_id uuid`.execute(db);
  await sql`
    UPDATE notifications n SET user_id = m.user_id
    FROM contact_methods m WHERE m.id = n.contact_method_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notifications DROP COLUMN user_id`.execute(db);
  await sql`DROP TABLE verification_events`.execute(db);
}
