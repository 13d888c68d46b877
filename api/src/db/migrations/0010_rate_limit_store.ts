import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit counters shared by API replicas on PostgreSQL without Redis
 * (operations/postgresRateLimitStore.ts): one row per limited route and client, holding the
 * hits of its current fixed window. UNLOGGED: no write-ahead log for a row written on every
 * login attempt, and after a crash the counters start from zero, which a limit of a minute can
 * afford. Rows of ended windows are deleted by the store now and then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE rate_limit_hits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limit_hits`.execute(db);
}
