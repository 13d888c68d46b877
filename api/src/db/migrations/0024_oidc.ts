import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on through an OpenID provider (docs/api/single-sign-on.md).
 *
 * - `user_sso_identities`: who a provider's (issuer, subject) is here, and what it said at the
 *   last sign-in: the email and the groups claim, replaced at each sign-in, so group-to-team
 *   rules read the provider's current word. A user deleted takes their identities along.
 * - `sso_session_codes`: the one-time codes the callback hands the console in the URL
 *   fragment, which it exchanges for an access token. SHA-256 of the code only, with the hash
 *   of the browser cookie it is bound to (a code sent to another browser is worthless), and
 *   a minute's life; an exchange deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_sso_identities (
      issuer text NOT NULL,
      subject text NOT NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      email text NOT NULL,
      groups text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (issuer, subject)
    )`.execute(db);
  await sql`CREATE INDEX user_sso_identities_user_idx ON user_sso_identities (user_id)`.execute(db);
  await sql`
    CREATE TABLE sso_session_codes (
      code_hash text PRIMARY KEY,
      browser_hash text NOT NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sso_session_codes_expiry_idx ON sso_session_codes (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sso_session_codes`.execute(db);
  await sql`DROP TABLE IF EXISTS user_sso_identities`.execute(db);
}
