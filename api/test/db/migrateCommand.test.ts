import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_MIGRATION } from '../../src/operations/probes.js';
import { runAdminSql } from '../helpers/adminSql.js';
import { TEST_DATABASE_URL, TEST_DB } from '../helpers/testApp.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node api/dist/migrate.js` as the migration Job runs it (the source, through tsx), with only the environment given. */
function migrate(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/migrate.ts'], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The migrations applied in a database, newest first. */
async function appliedIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name DESC');
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

// Kubernetes' migration Job (docs/deploy/kubernetes.md): the schema brought up on its own, before
// the API's new pods start; their /healthz/startup then reports it at the expected version.
describe.skipIf(TEST_DB !== 'postgres')('node api/dist/migrate.js', () => {
  const database = `vigil_migrate_${randomBytes(6).toString('hex')}`;
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();

  beforeAll(async () => runAdminSql(TEST_DATABASE_URL, `CREATE DATABASE ${database}`));
  afterAll(async () => runAdminSql(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

  it('migrates an empty database to the newest migration, then finds nothing to do', async () => {
    const first = await migrate({ DATABASE_URL: databaseUrl });
    expect(first.code, first.stderr).toBe(0);
    const line = JSON.parse(first.stdout.trim());
    expect(line.msg).toMatch(/^applied \d+ database migrations$/);
    expect(line.migrations.at(-1)).toBe(EXPECTED_MIGRATION);
    expect((await appliedIn(databaseUrl))[0]).toBe(EXPECTED_MIGRATION);

    const again = await migrate({ DATABASE_URL: databaseUrl });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout.trim())).toMatchObject({ msg: 'database schema up to date', migrations: [] });
  }, 120_000);

  it('refuses without DATABASE_URL, or with one that is not PostgreSQL, in one line', async () => {
    const unset = await migrate({});
    expect(unset.code).toBe(1);
    expect(unset.stderr.trim()).toBe(
      'DATABASE_URL is not set: migrations run against PostgreSQL (the embedded database migrates when the API starts)',
    );
    const mysql = await migrate({ DATABASE_URL: 'mysql://vigil@db/vigil' });
    expect(mysql.code).toBe(1);
    expect(mysql.stderr.trim().split('\n')).toHaveLength(1);
    expect(mysql.stderr).toContain('Invalid configuration: DATABASE_URL');
  }, 120_000);

  it('exits 1 saying why when the database does not answer, the password never printed', async () => {
    const unreachable = 'postgres://vigil:a-password-never-printed@127.0.0.1:1/vigil';
    const run = await migrate({ DATABASE_URL: unreachable });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Migration failed: .*ECONNREFUSED/);
    expect(run.stdout + run.stderr).not.toContain('a-password-never-printed');
  }, 120_000);
});
