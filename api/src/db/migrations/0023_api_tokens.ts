import { type Kysely, sql } from 'kysely';

/**
 * API tokens (docs/api/tokens.md): a user's long-lived bearer credential for automation, with
 * scopes and an expiry. Only the SHA-256 of the secret is stored (a database leak gives no
 * usable token); `prefix` is the start of the secret, shown in lists to tell tokens apart.
 * `team_id` marks a team token: it reaches only that team's things (docs/api/teams.md), and
 * goes with the team.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
      expires_at timestamptz NOT NULL,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE api_tokens`.execute(db);
}
