import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { createUser } from '../src/users/service.js';

export interface Seeded {
  ownerId: string;
  ownerEmail: string;
  ownerPassword: string;
  alerts: number;
  seedMs: number;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Drops the benchmark's own schema (and only it). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * A fresh schema, migrated, with one ordinary user owning `alerts` alerts, inserted by a single
 * INSERT … SELECT generate_series: the owner_counts triggers run as they would in service, so
 * the stored count is the real one. VACUUM ANALYZE afterwards: the one big transaction left a
 * long chain of dead owner_counts versions and no planner statistics, which autovacuum would
 * clean up in service but not within the seconds of a benchmark.
 */
export async function seed(url: string, schema: string, alerts: number): Promise<Seeded> {
  const started = performance.now();
  await dropSchema(url, schema);
  const db = await openDatabase({ kind: 'postgres', url, schema, poolSize: 2 });
  try {
    await migrateToLatest(db);
    const ownerEmail = 'bench-owner@example.com';
    const ownerPassword = 'bench-owner-password-1';
    const owner = await createUser(db, { email: ownerEmail, password: ownerPassword, full_name: 'Bench Owner' });
    await sql`
      INSERT INTO alerts (title, description, state, severity, escalation_level, owner_id, created_at, updated_at)
      SELECT 'Disk usage above threshold on host-' || g,
             'Alert ' || g || ' of the API benchmark: /var at 9' || (g % 10) || '% on host-' || g,
             (ARRAY['open', 'acknowledged', 'escalated', 'closed'])[1 + g % 4],
             (ARRAY['critical', 'high', 'warning', 'info'])[1 + g % 4],
             g % 3,
             ${owner.id},
             now() - make_interval(secs => g),
             now() - make_interval(secs => g)
      FROM generate_series(1, ${alerts}) AS g`.execute(db);
    await sql`VACUUM ANALYZE alerts`.execute(db);
    await sql`VACUUM ANALYZE owner_counts`.execute(db);
    const stored = await db.selectFrom('owner_counts').select('alerts').where('owner_id', '=', owner.id).executeTakeFirst();
    if (Number(stored?.alerts) !== alerts) throw new Error(`owner_counts says ${stored?.alerts} alerts, expected ${alerts}`);
    return { ownerId: owner.id, ownerEmail, ownerPassword, alerts, seedMs: Math.round(performance.now() - started) };
  } finally {
    await db.destroy();
  }
}
