import { type Kysely, sql } from 'kysely';

/**
 * The times of an alert's latest escalations (each a round of emails), newest last, so an
 * escalate can be refused past ESCALATION_MAX_ROUNDS_PER_HOUR in any hour (alerts/alertActions.ts).
 * On the alert row, which the action already holds locked: no extra read, no extra lock. The
 * times are the app's clock, as `escalated_at` is. A constant default: no table rewrite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alerts ADD COLUMN recent_escalations timestamptz[] NOT NULL DEFAULT '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alerts DROP COLUMN recent_escalations`.execute(db);
}
