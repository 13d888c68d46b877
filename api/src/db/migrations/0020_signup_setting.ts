import { type Kysely, sql } from 'kysely';

/**
 * Whether anyone may create an account (`POST /users/signup`), a run-time setting beside
 * `require_signed_links` (docs/api/security.md). True, the spec's open registration, for
 * every existing deployment; a superuser closes it from the console or `PATCH /settings/`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE app_settings ADD COLUMN signup_open boolean NOT NULL DEFAULT true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE app_settings DROP COLUMN signup_open`.execute(db);
}
