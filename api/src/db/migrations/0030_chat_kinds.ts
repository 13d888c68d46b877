import { type Kysely, sql } from 'kysely';

/**
 * The one-time chat account links of Mattermost and Telegram (chat/linkTokens.ts): tokens are
 * signed, not stored when issued; each claim records the token's hash until it expires, so a
 * token links once. Only a genuine token reaches this table, and rows past their expiry are
 * deleted on the next claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_link_claims (
      token_id text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chat_link_claims`.execute(db);
}
