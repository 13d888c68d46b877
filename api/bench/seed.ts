import { sql } from 'kysely';
import { SYSTEM_ACTOR } from '../src/audit/record.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { personalTeam } from '../src/teams/access.js';
import { createUser } from '../src/users/service.js';
import { runAdminSql } from '../test/helpers/adminSql.js';

export interface Seeded {
  ownerId: string;
  ownerEmail: string;
  ownerPassword: string;
  alerts: number;
  /** How many of them went in one at a time through the owner_counts row trigger. */
  viaTriggers: number;
  seedMs: number;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Drops the benchmark's own schema and its job queue's (and only those). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  await runAdminSql(
    url,
    `DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`,
    `DROP SCHEMA IF EXISTS ${quoteIdent(`${schema}_jobs`)} CASCADE`,
  );
}

const insertAlerts = (ownerId: string, teamId: string, from: number, to: number) => sql`
  INSERT INTO alerts (title, description, state, severity, escalation_level, owner_id, team_id, created_at, updated_at)
  SELECT 'Disk usage above threshold on host-' || g,
         'Alert ' || g || ' of the API benchmark: /var at 9' || (g % 10) || '% on host-' || g,
         (ARRAY['open', 'acknowledged', 'escalated', 'closed'])[1 + g % 4],
         (ARRAY['critical', 'high', 'warning', 'info'])[1 + g % 4],
         g % 3,
         ${ownerId},
         ${teamId},
         now() - make_interval(secs => g),
         now() - make_interval(secs => g)
  FROM generate_series(${from}::int, ${to}::int) AS g`;

/**
 * A fresh schema, migrated, with one ordinary user owning `alerts` alerts, inserted the way
 * the service counts them: the statement-level trigger keeps owner_counts exact (one update
 * per statement), then the stored count is checked against count(*). VACUUM ANALYZE at the
 * end, as autovacuum would in service: visibility map and planner statistics.
 */
export async function seed(url: string, schema: string, alerts: number): Promise<Seeded> {
  const started = performance.now();
  await dropSchema(url, schema);
  const db = await openDatabase({ kind: 'postgres', url, schema, poolSize: 2 });
  try {
    await migrateToLatest(db);
    const ownerEmail = 'bench-owner@example.com';
    const ownerPassword = 'bench-owner-password-1';
    const owner = await createUser(db, SYSTEM_ACTOR, { email: ownerEmail, password: ownerPassword, full_name: 'Bench Owner' });
    // The bulk in one statement, the newest 1,000 as a second one: both through the trigger.
    const viaTriggers = Math.min(1000, alerts);
    const bulk = alerts - viaTriggers;
    const teamId = await personalTeam(db, owner);
    await insertAlerts(owner.id, teamId, viaTriggers + 1, alerts).execute(db);
    await insertAlerts(owner.id, teamId, 1, viaTriggers).execute(db);
    await sql`VACUUM ANALYZE alerts`.execute(db);
    await sql`VACUUM ANALYZE owner_counts`.execute(db);
    const stored = await db
      .selectFrom('owner_counts')
      .select(sql<string>`coalesce(sum(alerts), 0)`.as('alerts'))
      .where('owner_id', '=', owner.id)
      .executeTakeFirst();
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM alerts WHERE owner_id = ${owner.id}`.execute(db);
    const counted = rows[0]?.n;
    if (Number(stored?.alerts) !== alerts || counted !== alerts) {
      throw new Error(`seed: owner_counts says ${stored?.alerts}, count(*) says ${counted}, expected ${alerts} (${bulk} bulk)`);
    }
    return { ownerId: owner.id, ownerEmail, ownerPassword, alerts, viaTriggers, seedMs: Math.round(performance.now() - started) };
  } finally {
    await db.destroy();
  }
}
