#!/usr/bin/env node
// `npm test`: every suite. Unit and API suites (vitest; the API on PGlite, and on PostgreSQL
// when one answers at TEST_DATABASE_URL, which VIGIL_REQUIRE_POSTGRES=1 makes a requirement),
// then the browser end-to-end suite (Playwright in Debian's Chromium) against the freshly
// built product. `--unit-only` stops after vitest. First of all: no import cycle (checkImportCycles.mjs).
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
// CI sets it: there a missing PostgreSQL is a broken machine, not a developer's laptop.
const requirePostgres = process.env.VIGIL_REQUIRE_POSTGRES === '1';

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
    if (requirePostgres) {
      console.error(
        `PostgreSQL does not answer at ${databaseUrl} (${error.message}), and VIGIL_REQUIRE_POSTGRES=1 requires it: start it or set TEST_DATABASE_URL.`,
      );
      process.exit(1);
    }
    console.warn(`PostgreSQL does not answer at ${databaseUrl} (${error.message}): the api-postgres suite is skipped.`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Installs Debian packages when we can (root with apt); false when we cannot or it failed. */
let aptUpdated = false;
function aptInstall(packages) {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`Installing Debian's ${packages.join(', ')}…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated && run('apt-get', ['update'], env) !== 0) return false;
  aptUpdated = true;
  return run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], env) === 0;
}

/** Installs Debian's Chromium when it is missing and we can (root with apt); else says how. */
function ensureChromium() {
  if (existsSync(chromium)) return true;
  if (aptInstall(['chromium', 'fonts-noto-core'])) return existsSync(chromium);
  console.error(
    `Chromium is needed for the browser tests at ${chromium}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  return false;
}

/** The deploy suite checks docker-compose.yml with docker-compose and runs the gateway in nginx. */
function ensureDeployTools() {
  const composeV2 = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0;
  const missing = [
    ['nginx', '/usr/sbin/nginx'],
    ['docker-compose', composeV2 ? null : '/usr/bin/docker-compose'],
  ].filter(([, binary]) => binary && !existsSync(binary));
  if (missing.length && !aptInstall(missing.map(([pkg]) => pkg))) {
    console.warn(`${missing.map(([pkg]) => pkg).join(' and ')} missing: the deploy suite skips the checks that need them.`);
  }
}

// Import cycles first: seconds, and a cycle breaks modules in ways tests see only by chance.
if (run(process.execPath, ['scripts/checkImportCycles.mjs']) !== 0) process.exit(1);

// PostgreSQL first: when it is required and missing, fail before installing anything.
const postgres = await postgresAnswers();
ensureDeployTools();
const projects = ['shared', 'console', 'deploy', 'api-pglite'];
if (postgres) projects.push('api-postgres');
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
