import { sql } from 'kysely';
import { type CommandDeps, importCommand } from '../../src/importers/cli.js';
import type { TestApp } from './testApp.js';

/** The clock the import tests run at: after the fixtures' rotations start, before their overrides. */
export const IMPORT_NOW = new Date('2026-11-29T12:00:00Z');

export interface ImportRun {
  code: number;
  out: string[];
  err: string[];
}

/** `npm run import -- …` in this process, on the test app's database. */
export async function runImportCommand(t: TestApp, argv: string[], deps: Partial<CommandDeps> = {}): Promise<ImportRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await importCommand(argv, {
    env: { FRONTEND_HOST: 'https://vigil.example' },
    io: { out: (line) => out.push(...line.split('\n')), err: (line) => err.push(...line.split('\n')) },
    db: t.db,
    now: () => IMPORT_NOW,
    retryDelayMs: 1,
    ...deps,
  });
  return { code, out, err };
}

/** The rows of the tables an import writes: equal before and after means nothing was written. */
export async function importedRowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'teams',
    'team_members',
    'schedules',
    'schedule_rotations',
    'schedule_overrides',
    'escalation_policies',
    'integrations',
    'integration_legacy_keys',
    'heartbeat_monitors',
    'contact_methods',
    'notification_rules',
    'import_mappings',
    'audit_log',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * People in Vigil by email (`<name>@example.com`), made in the database: the importer only
 * matches them, and a password hash per person would cost seconds. Their ids by name.
 */
export async function addPeople(t: TestApp, names: string[]): Promise<Record<string, string>> {
  const rows = await t.db
    .insertInto('users')
    .values(names.map((name) => ({ email: `${name}@example.com`, full_name: name, hashed_password: '!' })))
    .returning(['id', 'full_name'])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.full_name as string, r.id]));
}

/** The line of an object by kind and name (the ✓ or ✗ line, without its notes). */
export const lineOf = (out: string[], kind: string, name: string) => out.find((l) => /^[✓✗] /.test(l) && l.includes(`${kind} "${name}"`));
