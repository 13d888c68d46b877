import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppParts, composeApp } from '../../api/src/app.js';
import { migrateToLatest } from '../../api/src/db/database.js';
import { ADMIN, call, configFor, createInstall, dbExport, type Install, login, USER } from './helpers/install.js';

// The move from the embedded database to PostgreSQL, as docs/deploy/database.md gives it: an
// install's PGlite database (filled through the API) is dumped by `npm run db:export`,
// loaded by psql into a new PostgreSQL database, and an API on that database serves it all.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

const hasPsql = spawnSync('psql', ['--version']).status === 0;
const hasPostgres = await onServer('SELECT 1').then(
  () => true,
  () => false,
);
const missing = [
  !hasPostgres && `PostgreSQL does not answer at ${TEST_DATABASE_URL}`,
  !hasPsql && 'psql is not installed (Debian: postgresql-client)',
];
if (!hasPostgres || !hasPsql) console.warn(`The move to PostgreSQL is not tested: ${missing.filter(Boolean).join('; ')}.`);

describe.skipIf(!hasPostgres || !hasPsql)('from the embedded database to PostgreSQL', () => {
  // A database of its own, dropped afterwards.
  const database = `vigil_export_${randomBytes(6).toString('hex')}`;
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  let install: Install;
  let dump: string;
  let app: FastifyInstance | undefined;
  let parts: AppParts | undefined;
  let created = false;

  beforeAll(async () => {
    install = await createInstall();
    dump = path.join(install.work, 'vigil.sql');
    const exported = dbExport(install.dataDir, dump);
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(/rows: .*alerts 2.*users 2/);
    await onServer(`CREATE DATABASE ${database}`);
    created = true;
    // All or nothing, stopping at the first error.
    const load = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-d', databaseUrl, '-f', dump], {
      encoding: 'utf8',
    });
    expect(load.status, load.stderr).toBe(0);
    ({ app, parts } = await composeApp({ config: configFor({ DATABASE_URL: databaseUrl }), logger: false }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (created) await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    if (install) rmSync(install.work, { recursive: true, force: true });
  });

  it('writes a dump only its owner can read (it holds password hashes)', () => {
    expect(statSync(dump).mode & 0o777).toBe(0o600);
  });

  it('leaves no migration to run: the applied ones came along', async () => {
    expect(await migrateToLatest(parts!.db)).toEqual([]);
  });

  it('keeps the users and their passwords, the alerts, their history and the integrations', async () => {
    await login(app!, ADMIN);
    const user = await login(app!, USER);
    const alerts = await call(app!, { method: 'GET', url: '/api/v1/alert/', headers: user });
    expect(alerts.count).toBe(2);
    const moved = alerts.data.find((a: { id: string }) => a.id === install.alertId);
    expect(moved).toMatchObject({ title: "Disk 'full' on db-1", state: 'acknowledged', severity: 'critical' });
    const events = await call(app!, { method: 'GET', url: `/api/v1/alert/${install.alertId}/events`, headers: user });
    expect(events.data).toMatchObject([{ action: 'acknowledge', from_state: 'open', to_state: 'acknowledged', via: 'link' }]);
    const integrations = await call(app!, { method: 'GET', url: '/api/v1/integration/', headers: user });
    expect(integrations.data.map((i: { title: string }) => i.title)).toEqual(['Prometheus']);
  });

  it('keeps counting: the triggers came along too', async () => {
    const user = await login(app!, USER);
    await call(app!, { method: 'POST', url: '/api/v1/alert/', headers: user, payload: { title: 'After the move' } });
    expect((await call(app!, { method: 'GET', url: '/api/v1/alert/?limit=1', headers: user })).count).toBe(3);
  });
});
