import { type Kysely, sql } from 'kysely';

/**
 * Signed notification links (docs/api/signed-links.md).
 *
 * - `app_settings`: deployment-wide settings an administrator changes at run time, one row
 *   (the `id = 1` check keeps it one), in the database so every API replica reads the same.
 *   `require_signed_links` off keeps the spec's bare `/actions/{id}` links working.
 * - `alert_events.recipient`: the address a signed link was mailed to, when the change came
 *   through one (null otherwise), so the history says whose link acted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE app_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      require_signed_links boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL
    )`.execute(db);
  await sql`INSERT INTO app_settings (id) VALUES (1)`.execute(db);
  await sql`ALTER TABLE alert_events ADD COLUMN recipient text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alert_events DROP COLUMN recipient`.execute(db);
  await sql`DROP TABLE app_settings`.execute(db);
}
