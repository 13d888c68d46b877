import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { migrations } from '../../src/db/migrations/index.js';
import { openTestDatabase } from '../helpers/testApp.js';

/**
 * Migration 0022 gives every user who owns anything a team of their own, as its admin, and moves
 * what they own into it: nothing is lost, the counts stay exact, and down() puts it all back.
 */
const TABLES = [
  'users',
  'integrations',
  'alerts',
  'alert_events',
  'password_reset_tokens',
  'app_settings',
  'notifications',
  'escalation_contacts',
  'contact_confirmation_tokens',
  'heartbeat_monitors',
  'schedules',
  'escalation_policies',
  'schedule_rotations',
  'schedule_rotation_members',
  'schedule_overrides',
  'contact_methods',
  'notification_rules',
  'verification_events',
];

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]?.n ?? -1;
  }
  return counts;
}

const one = async <T>(db: Db, query: ReturnType<typeof sql<T>>): Promise<T> => {
  const { rows } = await query.execute(db);
  if (!rows[0]) throw new Error('no row');
  return rows[0];
};

/** A database at 0021 with a row in every table: Ann owns everything, Bob only a contact method, Cy nothing. */
async function fill(db: Db) {
  const user = (email: string, name: string | null) =>
    one<{ id: string }>(db, sql`INSERT INTO users (email, full_name, hashed_password) VALUES (${email}, ${name}, 'x') RETURNING id`);
  const ann = await user('ann@example.com', 'Ann Owner');
  const bob = await user('bob@example.com', null);
  await user('cy@example.com', 'Cy');
  const policy = await one<{ id: string }>(
    db,
    sql`INSERT INTO escalation_policies (owner_id, name, repeat, levels)
        VALUES (${ann.id}, 'Ann policy', 0, ${JSON.stringify([{ delay_minutes: 5, targets: { user_ids: [ann.id], schedule_ids: [], emails: ['ext@example.com'] } }])}::jsonb)
        RETURNING id`,
  );
  const integration = await one<{ id: string }>(
    db,
    sql`INSERT INTO integrations (title, owner_id, ingest_key_hash, escalation_policy_id) VALUES ('Ann integration', ${ann.id}, 'hash', ${policy.id}) RETURNING id`,
  );
  await sql`INSERT INTO integrations (title, owner_id) VALUES ('Ann second', ${ann.id})`.execute(db);
  const alert = await one<{ id: string }>(
    db,
    sql`INSERT INTO alerts (title, owner_id, integration_id, dedup_key) VALUES ('Disk full', ${ann.id}, ${integration.id}, 'disk') RETURNING id`,
  );
  await sql`INSERT INTO alerts (title, owner_id) VALUES ('Made by hand', ${ann.id})`.execute(db);
  await sql`INSERT INTO alert_events (alert_id, action, from_state, to_state, actor_id, via) VALUES (${alert.id}, 'acknowledge', 'open', 'acknowledged', ${ann.id}, 'console')`.execute(
    db,
  );
  await sql`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ('reset', ${bob.id}, now() + interval '1 hour')`.execute(
    db,
  );
  await sql`INSERT INTO app_settings (id, require_signed_links) VALUES (1, true) ON CONFLICT (id) DO UPDATE SET require_signed_links = true`.execute(
    db,
  );
  await sql`INSERT INTO notifications (alert_id, kind, recipient) VALUES (${alert.id}, 'new_alert', 'ann@example.com')`.execute(db);
  await sql`INSERT INTO escalation_contacts (owner_id, email) VALUES (${ann.id}, 'ext@example.com')`.execute(db);
  await sql`INSERT INTO contact_confirmation_tokens (token_hash, owner_id, email, expires_at) VALUES ('confirm', ${ann.id}, 'ext@example.com', now() + interval '1 day')`.execute(
    db,
  );
  await sql`INSERT INTO heartbeat_monitors (integration_id, name, interval_minutes, grace_minutes, severity, ping_token_hash, due_at)
            VALUES (${integration.id}, 'cron', 5, 1, 'high', 'ping', now())`.execute(db);
  const schedule = await one<{ id: string }>(
    db,
    sql`INSERT INTO schedules (name, time_zone, owner_id) VALUES ('Ann schedule', 'UTC', ${ann.id}) RETURNING id`,
  );
  const rotation = await one<{ id: string }>(
    db,
    sql`INSERT INTO schedule_rotations (schedule_id, name, shift_unit, shift_count, handoff_time, starts_at) VALUES (${schedule.id}, 'Week', 'weeks', 1, '09:00', now()) RETURNING id`,
  );
  await sql`INSERT INTO schedule_rotation_members (rotation_id, position, user_id) VALUES (${rotation.id}, 0, ${ann.id})`.execute(db);
  await sql`INSERT INTO schedule_overrides (schedule_id, kind, user_id, starts_at, ends_at, created_at) VALUES (${schedule.id}, 'add', ${bob.id}, now(), now() + interval '1 day', now())`.execute(
    db,
  );
  const method = await one<{ id: string }>(
    db,
    sql`INSERT INTO contact_methods (user_id, kind, label, target) VALUES (${bob.id}, 'webhook', 'Hook', 'https://hooks.example.com/x') RETURNING id`,
  );
  await sql`INSERT INTO notification_rules (user_id, position, contact_method_id, delay_minutes) VALUES (${bob.id}, 0, ${method.id}, 0)`.execute(
    db,
  );
  await sql`INSERT INTO verification_events (kind, user_id, target_hash, created_at) VALUES ('code_sent', ${bob.id}, 'h', now())`.execute(
    db,
  );
  return { ann, bob };
}

describe('migration 0022_teams', () => {
  it('puts what each user owns in a team of their own, loses nothing, and down() restores the per-user shape', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]?.schema });
      expect((await migrator.migrateTo('0021_verification_limits')).error).toBeUndefined();
      const { ann } = await fill(db);
      const before = await rowCounts(db);
      for (const table of TABLES) expect(before[table], table).toBeGreaterThan(0);

      expect((await migrator.migrateTo('0022_teams')).error).toBeUndefined();
      expect(await rowCounts(db)).toEqual(before);
      // Only Ann owned anything: one team, hers, named after her, with her as its admin.
      const teams = await sql<{ id: string; name: string; personal_of: string; role: string; user_id: string }>`
        SELECT t.id, t.name, t.personal_of, m.role, m.user_id FROM teams t JOIN team_members m ON m.team_id = t.id`.execute(db);
      expect(teams.rows).toEqual([
        { id: expect.any(String), name: "Ann Owner's team", personal_of: ann.id, role: 'admin', user_id: ann.id },
      ]);
      const teamId = teams.rows[0]?.id;
      for (const table of ['integrations', 'alerts', 'escalation_policies', 'schedules']) {
        const { rows: teamsOf } = await sql<{
          team_id: string;
          owner_id: string;
        }>`SELECT DISTINCT team_id, owner_id FROM ${sql.table(table)}`.execute(db);
        expect(teamsOf, table).toEqual([{ team_id: teamId, owner_id: ann.id }]);
      }
      const counted = await one<{ alerts: number; integrations: number }>(
        db,
        sql`SELECT sum(alerts)::int AS alerts, sum(integrations)::int AS integrations FROM team_counts WHERE team_id = ${teamId}`,
      );
      expect(counted).toEqual({ alerts: 2, integrations: 2 });
      // The counts stay exact through the new triggers, and a deleted maker leaves the team its rows.
      await sql`INSERT INTO alerts (title, owner_id, team_id) VALUES ('After', ${ann.id}, ${teamId})`.execute(db);
      await sql`DELETE FROM schedule_rotation_members`.execute(db);
      await sql`DELETE FROM schedule_overrides`.execute(db);
      await sql`DELETE FROM users WHERE id = ${ann.id}`.execute(db);
      const kept = await one<{ alerts: number; integrations: number; makers: number }>(
        db,
        sql`SELECT (SELECT count(*)::int FROM alerts) AS alerts, (SELECT count(*)::int FROM integrations) AS integrations,
                   (SELECT count(owner_id)::int FROM alerts) AS makers`,
      );
      expect(kept).toEqual({ alerts: 3, integrations: 2, makers: 0 });
      const recount = await one<{ alerts: number }>(db, sql`SELECT sum(alerts)::int AS alerts FROM team_counts WHERE team_id = ${teamId}`);
      expect(recount.alerts).toBe(3);

      // down(): rows whose maker is gone go (nobody to own them), the rest keeps its per-user shape.
      expect((await migrator.migrateTo('0021_verification_limits')).error).toBeUndefined();
      const { rows: columns } = await sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'team_id'`.execute(db);
      expect(columns).toEqual([]);
      const { rows: left } = await sql<{ name: string }>`
        SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'team%'`.execute(
        db,
      );
      expect(left).toEqual([]);
      // …and up() again, on what down() left.
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    } finally {
      await drop();
    }
  });

  it('down() after up() on an untouched database gives back every row as it was', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]?.schema });
      expect((await migrator.migrateTo('0021_verification_limits')).error).toBeUndefined();
      await fill(db);
      const before = await rowCounts(db);
      const owners = await sql`SELECT id, owner_id FROM alerts ORDER BY id`.execute(db);
      expect((await migrator.migrateTo('0022_teams')).error).toBeUndefined();
      expect((await migrator.migrateTo('0021_verification_limits')).error).toBeUndefined();
      expect(await rowCounts(db)).toEqual(before);
      expect((await sql`SELECT id, owner_id FROM alerts ORDER BY id`.execute(db)).rows).toEqual(owners.rows);
      const { rows: nullable } = await sql<{ is_nullable: string }>`
        SELECT is_nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'alerts' AND column_name = 'owner_id'`.execute(
        db,
      );
      expect(nullable).toEqual([{ is_nullable: 'NO' }]);
    } finally {
      await drop();
    }
  });
});
