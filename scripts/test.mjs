#!/usr/bin/env node
// `npm test`: every suite. Unit and API suites (vitest; the API on PGlite, and on PostgreSQL
// when one answers at TEST_DATABASE_URL), then the browser end-to-end suite (Playwright in
// Debian's Chromium) against the freshly built product. `--unit-only` stops after vitest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const unitOnly = args.includes('--unit-only');

const run = (command, commandArgs, env = {}) => {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
};

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    console.warn(`PostgreSQL does not answer at ${databaseUrl} (${error.message}): the api-postgres suite is skipped.`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Installs Debian's Chromium when it is missing and we can (root with apt); else says how. */
function ensureChromium() {
  if (existsSync(chromium)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update'], env) === 0 &&
      run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-core'], env) === 0
    )
      return existsSync(chromium);
  }
  console.error(
    `Chromium is needed for the browser tests at ${chromium}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  return false;
}

const projects = ['shared', 'console', 'api-pglite'];
if (await postgresAnswers()) projects.push('api-postgres');
console.log(`Running vitest projects: ${projects.join(', ')}`);
const vitestArgs = args.filter((a) => a !== '--unit-only');
let status = run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...vitestArgs], { TEST_DATABASE_URL: databaseUrl });
if (status !== 0 || unitOnly) process.exit(status);

if (!ensureChromium()) process.exit(1);
console.log('Building the API and the console for the browser tests…');
status = run(process.execPath, ['scripts/build.mjs']);
if (status !== 0) process.exit(status);
status = run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium });
process.exit(status);
