import { type Kysely, sql } from 'kysely';

/**
 * One-time links that tie a chat user to the Vigil user who opens them (docs/oncall/channels/slack.md,
 * "Linking users"): a chat user who pressed a button unlinked is sent one; signed in, they claim
 * it. Only the token's hash is kept; a claim marks it used, so it works once. One unused token
 * per chat user at a time (a new one replaces it), so what a stranger can make is bounded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_link_tokens (
      token_hash text PRIMARY KEY,
      kind text NOT NULL,
      workspace text NOT NULL DEFAULT '',
      external_user_id text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chat_link_tokens_user_idx ON chat_link_tokens (kind, workspace, external_user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chat_link_tokens`.execute(db);
}
