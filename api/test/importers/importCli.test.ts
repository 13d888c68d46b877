import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeople } from '../helpers/importers.js';
import { createTestApp, TEST_DB, type TestApp } from '../helpers/testApp.js';
import { opsgenieApi, type VendorApi } from '../helpers/vendorApis.js';

// `npm run import` as typed: the command in a process of its own (the source, through tsx),
// with only the environment given.

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function importCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/importers/cli.ts', ...args], {
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

describe('npm run import (the command)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vigil-import-cli-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers a wrong command line with the usage (exit 2), and --help with it (exit 0)', async () => {
    const wrong = await importCli([], {});
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^first name the vendor: opsgenie or oncall\n\nUsage: npm run import -- <opsgenie\|oncall>/);
    const help = await importCli(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run import/);
  }, 120_000);

  it('refuses to start without a database to write to, saying where it looked', async () => {
    const run = await importCli(['opsgenie', '--from', 'export.json', '--plan', '--as', 'admin@example.com'], { DATA_DIR: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `No embedded database in ${path.join(dir, 'pglite')}: start Vigil once to make it, or set DATABASE_URL to import into PostgreSQL.\nNothing was imported.\n`,
    );
  }, 120_000);
});

describe.skipIf(TEST_DB !== 'postgres')('npm run import on PostgreSQL at DATABASE_URL', () => {
  let t: TestApp;
  let api: VendorApi;
  beforeAll(async () => {
    t = await createTestApp();
    api = await opsgenieApi('cli-key');
    await addPeople(t, ['dana', 'eli', 'fay', 'gus', 'hal', 'ann', 'ben']);
  });
  afterAll(async () => {
    await api?.close();
    await t?.close();
  });

  it('plans, then applies, reading the key from OPSGENIE_API_KEY', async () => {
    const env = { DATABASE_URL: t.databaseUrl as string, OPSGENIE_API_KEY: 'cli-key', FRONTEND_HOST: 'https://vigil.example' };
    const plan = await importCli(['opsgenie', '--from', api.url, '--plan', '--as', 'admin@example.com'], env);
    expect(plan.stdout.split('\n')[0]).toBe('Opsgenie → Vigil (PostgreSQL) as admin@example.com: plan, nothing is written');
    expect(plan.code).toBe(1);
    const apply = await importCli(['opsgenie', '--from', api.url, '--apply', '--as', 'admin@example.com'], env);
    expect(apply.code, apply.stderr).toBe(1);
    expect(apply.stdout).toContain('Applied: 20 objects: 7 matched, 10 created, 3 failed.');
    const { n } = await t.db
      .selectFrom('import_mappings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(10);
  }, 120_000);
});
