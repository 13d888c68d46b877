import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { openTestDatabase } from '../helpers/testApp.js';

/**
 * Migration 0017 moves each integration's inline escalation (0009's email levels, delay and
 * highest level) into a policy of its own, with nothing lost, and down() puts it back.
 */
type Old = { title: string; contacts: string[][]; after: number | null; max: number };

const OLD: Old[] = [
  { title: 'Two levels', contacts: [['ops@example.com', 'sre@example.com'], ['lead@example.com']], after: 15, max: 2 },
  { title: 'By hand only', contacts: [['only@example.com']], after: null, max: 5 },
  { title: 'Superusers on a timer', contacts: [], after: 1, max: 10 },
  { title: 'Past the last level', contacts: [['a@example.com'], ['b@example.com']], after: 30, max: 1 },
  { title: 'Defaults', contacts: [], after: null, max: 3 },
];

const noTargets = { user_ids: [], schedule_ids: [] };

describe('migration 0017_escalation_policies', () => {
  it('moves every integration’s levels into a policy of its own, and down() restores them', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]?.schema });
      expect((await migrator.migrateTo('0016_oncall_schedules')).error).toBeUndefined();
      const { rows: users } = await sql<{ id: string }>`
        INSERT INTO users (email, hashed_password) VALUES ('migrated-owner@example.com', 'x') RETURNING id`.execute(db);
      const ownerId = users[0]?.id;
      for (const o of OLD) {
        await sql`
          INSERT INTO integrations (title, owner_id, escalation_contacts, escalate_after_minutes, escalation_max_level)
          VALUES (${o.title}, ${ownerId}, ${JSON.stringify(o.contacts)}::jsonb, ${o.after}, ${o.max})`.execute(db);
      }

      expect((await migrator.migrateTo('0017_escalation_policies')).error).toBeUndefined();
      const { rows: moved } = await sql<{ title: string; policy: Record<string, unknown> | null }>`
        SELECT i.title, CASE WHEN p.id IS NULL THEN NULL ELSE jsonb_build_object(
          'name', p.name, 'owner_id', p.owner_id, 'repeat', p.repeat, 'max_level', p.max_level, 'levels', p.levels) END AS policy
        FROM integrations i LEFT JOIN escalation_policies p ON p.id = i.escalation_policy_id ORDER BY i.title`.execute(db);
      const byTitle = new Map(moved.map((m) => [m.title, m.policy]));
      expect(byTitle.get('Two levels')).toEqual({
        name: 'Two levels escalation',
        owner_id: ownerId,
        repeat: 0,
        max_level: 2,
        levels: [
          { delay_minutes: 15, targets: { ...noTargets, emails: ['ops@example.com', 'sre@example.com'] } },
          { delay_minutes: 15, targets: { ...noTargets, emails: ['lead@example.com'] } },
        ],
      });
      expect(byTitle.get('By hand only')).toMatchObject({
        max_level: 5,
        levels: [{ delay_minutes: null, targets: { ...noTargets, emails: ['only@example.com'] } }],
      });
      // No contacts: one level without targets, which reaches every active superuser.
      expect(byTitle.get('Superusers on a timer')).toMatchObject({
        max_level: 10,
        levels: [{ delay_minutes: 1, targets: { ...noTargets, emails: [] } }],
      });
      expect(byTitle.get('Past the last level')).toMatchObject({ max_level: 1 });
      // Nothing to move: no policy, the same behaviour (every active superuser, by hand).
      expect(byTitle.get('Defaults')).toBeNull();
      const { rows: columns } = await sql<{ column_name: string }>`
        SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'integrations' AND column_name LIKE 'escalat%' ORDER BY 1`.execute(db);
      expect(columns.map((c) => c.column_name)).toEqual(['escalation_policy_id']);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const { rows: restored } = await sql<{ title: string; contacts: string[][]; after: number | null; max: number }>`
        SELECT title, escalation_contacts AS contacts, escalate_after_minutes AS after, escalation_max_level AS max
        FROM integrations ORDER BY title`.execute(db);
      expect(restored).toEqual([...OLD].sort((a, b) => (a.title < b.title ? -1 : 1)));
      const { rows: tables } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'escalation_policies' AND schemaname = current_schema()`.execute(db);
      expect(tables[0]?.n).toBe(0);
    } finally {
      await drop();
    }
    // A database of its own, migrated up and down: slow on a busy machine.
  }, 120_000);
});
