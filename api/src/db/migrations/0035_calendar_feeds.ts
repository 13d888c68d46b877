import { type Kysely, sql } from 'kysely';

/**
 * Calendar feeds (docs/oncall/calendars.md): a secret, revocable iCalendar URL per user, of
 * their own shifts (`schedule_id` null) or of one schedule. Only the SHA-256 of the secret is
 * stored; `prefix` is its start, shown in lists. Revoking deletes the row; the feed goes with
 * its user or its schedule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE calendar_feeds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      schedule_id uuid REFERENCES schedules (id) ON DELETE CASCADE,
      name text,
      token_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      last_fetched_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX calendar_feeds_user ON calendar_feeds (user_id, created_at)`.execute(db);
  await sql`CREATE INDEX calendar_feeds_schedule ON calendar_feeds (schedule_id) WHERE schedule_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE calendar_feeds`.execute(db);
}
