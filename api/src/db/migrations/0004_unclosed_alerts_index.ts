import { type Kysely, sql } from 'kysely';

/**
 * The alerts not yet closed, by state: the metrics endpoint counts them on every scrape.
 * They are the few that need attention, so the count stays small however many closed
 * alerts pile up; closed ones are the owner_counts total minus these.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX alerts_unclosed_state_idx ON alerts (state) WHERE state <> 'closed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alerts_unclosed_state_idx`.execute(db);
}
