import { type Kysely, sql } from 'kysely';

/**
 * An escalation policy's wait before level 1, apart from level 1's own delay (docs/oncall/escalation-policies.md).
 * Null, as every policy so far: level 1's delay, the rule the
 * integrations' old email levels had (the owner emailed at once, the first contacts after the
 * delay). 0: level 1 at the timer's next pass, the way an on-call tool pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE escalation_policies
    ADD COLUMN first_level_after_minutes integer CHECK (first_level_after_minutes BETWEEN 0 AND 10080)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE escalation_policies DROP COLUMN first_level_after_minutes`.execute(db);
}
