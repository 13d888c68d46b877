#!/usr/bin/env node
// The test tiers. `npm test`: every suite but the deployment checks: the unit and API suites
// (vitest; the API on PGlite, and on PostgreSQL when one answers at TEST_DATABASE_URL, which
// VIGIL_REQUIRE_POSTGRES=1 makes a requirement) while the product builds beside them (no vitest
// suite reads the build), then the browser end-to-end suite (Playwright in Debian's Chromium)
// against that build. `--unit-only` (`npm run test:unit`): the fast tiers, shared, console and
// the API on PGlite. `--deploy-only` (`npm run test:deploy`): the deployment checks (nginx,
// docker-compose, release.sh, image builds; in the browser, the dev servers and a release on a
// running server), slow, run by CI after `npm test`. First of all:
// no import cycle (checkImportCycles.mjs). Each ends with a table of its stages' times.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { FULL_BROWSER, HEADLESS_SHELL, testBrowserPath } from './testBrowser.mjs';
import { Stages } from './testStages.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const args = process.argv.slice(2);
const unitOnly = args.includes('--unit-only');
const deployOnly = args.includes('--deploy-only');
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

/**
 * The browser tests' Chromium (scripts/testBrowser.mjs): Debian's headless shell, installed when
 * missing and we can (root with apt); the full browser when only it is there. Answers its path,
 * or undefined (saying how to install one) when there is none.
 */
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    console.error(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist.`);
    return undefined;
  }
  if (!existsSync(HEADLESS_SHELL)) aptInstall(['chromium-headless-shell', 'fonts-noto-core']);
  if (!existsSync(HEADLESS_SHELL) && !existsSync(FULL_BROWSER)) aptInstall(['chromium', 'fonts-noto-core']);
  const browser = testBrowserPath();
  if (existsSync(browser)) return browser;
  console.error(
    'Chromium is needed for the browser tests. Install it (Debian: sudo apt-get install chromium-headless-shell, or chromium) or set CHROMIUM_PATH.',
  );
  return undefined;
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

const stages = new Stages();
const finish = (status) => {
  console.log(stages.summary());
  process.exit(status);
};
const vitest = (name, projects) =>
  stages.run(name, 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...vitestArgs], {
    cwd: root,
    env: { ...process.env, TEST_DATABASE_URL: databaseUrl },
  });
const vitestArgs = args.filter((a) => a !== '--unit-only' && a !== '--deploy-only');

// Import cycles first: seconds, and a cycle breaks modules in ways tests see only by chance.
if ((await stages.run('import cycles', process.execPath, ['scripts/checkImportCycles.mjs'], { cwd: root })) !== 0) finish(1);

if (deployOnly) {
  ensureDeployTools();
  const chromium = ensureChromium();
  if (!chromium) process.exit(1);
  // The browser checks of the dev servers and of a release (playwright.config.ts,
  // DEPLOY_TIER_FILES) need the build; it runs beside the vitest checks, which never read it.
  const [checked, built] = await Promise.all([
    vitest('deploy checks (vitest)', ['deploy']),
    stages.run('build (API and console)', process.execPath, ['scripts/build.mjs'], { cwd: root }),
  ]);
  if (checked !== 0 || built !== 0) finish(checked || built);
  finish(
    await stages.run('dev servers and release (Playwright)', 'npx', ['playwright', 'test'], {
      cwd: root,
      env: { ...process.env, CHROMIUM_PATH: chromium, VIGIL_E2E_TIER: 'deploy' },
    }),
  );
}

// PostgreSQL first: when it is required and missing, fail before installing anything.
const projects = ['shared', 'console', 'api-pglite'];
if (!unitOnly && (await postgresAnswers())) projects.push('api-postgres');
console.log(`Running vitest projects: ${projects.join(', ')}`);
if (unitOnly) finish(await vitest('unit and API suites (vitest)', projects));

// The build beside the vitest suites: they never read it, and it keeps the cores busy while
// the API suites wait on timers and on PostgreSQL. The browser suite after them, not beside
// them: run together (tried), both cores stayed saturated, the run took as long as the two
// one after the other would have, and timing-bound tests of both (the dev servers' start, a
// replica's log) missed their limits.
const chromium = ensureChromium();
if (!chromium) process.exit(1);
console.log('Building the API and the console for the browser tests, beside the vitest suites…');
const [tested, built] = await Promise.all([
  vitest('unit and API suites (vitest)', projects),
  stages.run('build (API and console)', process.execPath, ['scripts/build.mjs'], { cwd: root }),
]);
if (tested !== 0 || built !== 0) finish(tested || built);
finish(
  await stages.run('browser end-to-end (Playwright)', 'npx', ['playwright', 'test'], {
    cwd: root,
    env: { ...process.env, CHROMIUM_PATH: chromium },
  }),
);
