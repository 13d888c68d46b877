import { type ChildProcess, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type ApiServer, startApiServer } from './apiServer';
import { ADMIN, test as base, expect, signIn } from './fixtures';

/** Where `npm run release` pins a remote's live version (api/src/console/remotesMap.ts). */
const PINS_FILE = 'remote-version-pins.json';

// Releasing a remote on a running server (docs/console/releasing.md): two real
// builds of the alerts remote, `npm run release` switching between them while one API process
// keeps serving, the About dialog showing what runs, and the compatibility guard refusing a
// build made against another `shared`. This file mutates its console folder, so it runs its
// own server on a copy of the built console: the other files' server is not affected.

const ROOT = process.cwd();
const BUILT = process.env.CONSOLE_DIR ?? path.join(ROOT, 'dist');
const versionOf = (dir: string) => (JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string }).version;

/** The version `npm run build` made, a second build of the same code as the next patch, and a build for another shared. */
const CURRENT = versionOf('remote-alerts');
const [major, minor, patch] = CURRENT.split(/[.-]/).map(Number) as [number, number, number];
const NEXT = `${major}.${minor}.${patch + 1}`;
const INCOMPATIBLE = `${major + 1}.0.0`;
const SHELL = versionOf('shell');
const SHARED = versionOf('shared');
const NEEDED_SHARED = `^${Number(SHARED.split('.')[0]) + 1}.0.0`;

interface ReleaseConsole {
  url: string;
  consoleDir: string;
  server: ChildProcess;
  /** `npm run release -- …args` against this console folder, while the server runs. */
  release(...args: string[]): { status: number | null; stdout: string; stderr: string };
}

/** A copy of the built console with `NEXT` built for real and `INCOMPATIBLE` declaring another shared. */
function prepareConsole(consoleDir: string) {
  expect(existsSync(path.join(BUILT, 'remote-alerts', CURRENT, 'mf-manifest.json')), `remote-alerts ${CURRENT} is built`).toBe(true);
  cpSync(BUILT, consoleDir, { recursive: true });
  // No pins from the built console: neither the pins file nor its old name (remotes.json).
  for (const pins of [PINS_FILE, 'remotes.json']) rmSync(path.join(consoleDir, pins), { force: true });

  // The same factory as `npm run build`, told to build another version into this folder.
  const build = spawnSync('npx', ['rsbuild', 'build'], {
    cwd: path.join(ROOT, 'remote-alerts'),
    env: { ...process.env, CONSOLE_DIR: consoleDir, VIGIL_BUILD_VERSION: NEXT },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr + build.stdout).toBe(0);
  expect(existsSync(path.join(consoleDir, 'remote-alerts', CURRENT, 'mf-manifest.json')), 'the earlier version is kept').toBe(true);

  // What a build against a newer shared declares: its version and the range of every shared module.
  const dir = path.join(consoleDir, 'remote-alerts', INCOMPATIBLE);
  cpSync(path.join(consoleDir, 'remote-alerts', CURRENT), dir, { recursive: true });
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo.buildVersion = INCOMPATIBLE;
  for (const shared of manifest.shared) if (shared.name.startsWith('@vigil/shared/')) shared.requiredVersion = NEEDED_SHARED;
  writeFileSync(manifestFile, JSON.stringify(manifest));
}

const test = base.extend<object, { releaseConsole: ReleaseConsole }>({
  releaseConsole: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-release-console-'));
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-release-data-'));
      let started: ApiServer | undefined;
      try {
        prepareConsole(consoleDir);
        started = await startApiServer({
          DATA_DIR: dataDir,
          CONSOLE_DIR: consoleDir,
          FIRST_SUPERUSER: ADMIN.email,
          FIRST_SUPERUSER_PASSWORD: ADMIN.password,
          RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        });
        const release = (...args: string[]) => {
          const run = spawnSync('npm', ['run', '--silent', 'release', '--', ...args], {
            cwd: ROOT,
            env: { ...process.env, CONSOLE_DIR: consoleDir },
            encoding: 'utf8',
          });
          return { status: run.status, stdout: run.stdout, stderr: run.stderr };
        };
        await use({ url: started.url, consoleDir, server: started.process, release });
      } finally {
        started?.process.kill('SIGTERM');
        rmSync(consoleDir, { recursive: true, force: true });
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ releaseConsole }, use) => use(releaseConsole.url),
});

// One console folder and server, whose live versions each test sets: one after the other.
test.describe.configure({ mode: 'serial' });

const manifestOf = (version: string) => `/remotes/remote-alerts/${version}/mf-manifest.json`;

/** The About dialog's rows (part, app, version), read from the user menu, then closed. */
async function aboutRows(page: Page): Promise<string[][]> {
  await page.getByRole('banner').getByRole('button', { name: 'Release Tester' }).click();
  await page.getByRole('menuitem', { name: 'About Vigil' }).click();
  const dialog = page.getByRole('dialog', { name: 'About Vigil' });
  await expect(dialog).toBeVisible();
  const rows = await dialog
    .getByRole('row')
    .evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return rows;
}

const SHELL_ROW = ['Console shell', 'shell', SHELL];

test('npm run release lists versions, makes a built one live, and refuses one that is not built, changing nothing', async ({
  releaseConsole,
  request,
}) => {
  const { release, consoleDir } = releaseConsole;
  const list = release('--list');
  expect(list.status, list.stderr).toBe(0);
  expect(list.stdout).toMatch(new RegExp(`remote-alerts +${INCOMPATIBLE.replaceAll('.', '\\.')} +newest build +.*${CURRENT}, ${NEXT}`));

  const done = release('alerts', CURRENT);
  expect(done.status, done.stderr).toBe(0);
  expect(done.stdout).toContain(`remote-alerts: ${INCOMPATIBLE} → ${CURRENT}`);
  expect((await (await request.get('/remotes.json')).json()).remote_alerts.entry).toBe(manifestOf(CURRENT));

  const pins = readFileSync(path.join(consoleDir, PINS_FILE), 'utf8');
  const missing = release('remote-alerts', '9.9.9');
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain(`remote-alerts 9.9.9 is not built in ${consoleDir}. Built versions: ${CURRENT}, ${NEXT}`);
  const unknown = release('alarms', CURRENT);
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toContain('No built remote named "alarms"');
  expect(release('alerts').status, 'a version is required').toBe(2);
  expect(readFileSync(path.join(consoleDir, PINS_FILE), 'utf8')).toBe(pins);
  expect((await (await request.get('/remotes.json')).json()).remote_alerts.entry).toBe(manifestOf(CURRENT));

  expect(release('--list').stdout).toMatch(
    new RegExp(`remote-alerts +${CURRENT.replaceAll('.', '\\.')} +${CURRENT.replaceAll('.', '\\.')} `),
  );
});

test('a release reaches an open console on its next navigation to the remote, and on reload, with no restart', async ({
  page,
  api,
  releaseConsole,
}) => {
  const { release, server } = releaseConsole;
  const serverPid = server.pid;
  expect(release('alerts', CURRENT).status).toBe(0);
  const user = await api.createUser({ full_name: 'Release Tester' });
  const main = page.getByRole('main');
  const menu = page.getByRole('complementary', { name: 'Side menu' });
  const alertsHeading = main.getByRole('heading', { level: 1, name: 'Alerts' });

  await signIn(page, user, '/');
  await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await aboutRows(page), 'no remote is loaded on the dashboard').toEqual([SHELL_ROW]);

  // Released while this console is open, before it ever loaded the alerts remote.
  expect(release('alerts', NEXT).stdout).toContain(`remote-alerts: ${CURRENT} → ${NEXT}`);
  await menu.getByRole('link', { name: 'Alerts' }).click();
  await expect(alertsHeading).toBeVisible();
  expect(await aboutRows(page)).toEqual([SHELL_ROW, ['Alerts', 'remote-alerts', NEXT]]);

  // Rolled back: the version running in the page stays until a reload (its code is in use) …
  expect(release('alerts', CURRENT).stdout).toContain(`remote-alerts: ${NEXT} → ${CURRENT}`);
  await menu.getByRole('link', { name: 'Integrations' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await menu.getByRole('link', { name: 'Alerts' }).click();
  await expect(alertsHeading).toBeVisible();
  expect(await aboutRows(page)).toEqual([
    SHELL_ROW,
    ['Alerts', 'remote-alerts', NEXT],
    ['Integrations', 'remote-integrations', versionOf('remote-integrations')],
  ]);

  // … and the reload runs the released one.
  await page.reload();
  await expect(alertsHeading).toBeVisible();
  expect(await aboutRows(page)).toEqual([SHELL_ROW, ['Alerts', 'remote-alerts', CURRENT]]);
  expect(server.exitCode, 'the server ran throughout').toBeNull();
  expect(server.pid).toBe(serverPid);
});

test('a remote built against another shared is refused in its own area with a clear message; Retry after a release loads a compatible one', async ({
  page,
  api,
  releaseConsole,
}) => {
  const { release } = releaseConsole;
  expect(release('alerts', INCOMPATIBLE).status).toBe(0);
  const user = await api.createUser({ full_name: 'Release Tester' });
  const incompatibleCode: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith(`/remotes/remote-alerts/${INCOMPATIBLE}/`) && !pathname.endsWith('mf-manifest.json'))
      incompatibleCode.push(pathname);
  });
  const main = page.getByRole('main');
  const menu = page.getByRole('complementary', { name: 'Side menu' });

  await signIn(page, user, '/');
  await menu.getByRole('link', { name: 'Alerts' }).click();
  const refusal = main.getByRole('alert');
  await expect(refusal).toContainText('Alerts does not fit this console');
  await expect(refusal).toContainText(
    `This part of the console (Alerts ${INCOMPATIBLE}) needs shared ${NEEDED_SHARED} but the console provides ${SHARED}.`,
  );

  // The rest of the console works, and the refused remote never ran.
  await menu.getByRole('link', { name: 'Integrations' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await menu.getByRole('link', { name: 'Alerts' }).click();
  await expect(refusal).toContainText('Alerts does not fit this console');
  expect((await aboutRows(page)).map(([part]) => part)).toEqual(['Console shell', 'Integrations']);
  expect(incompatibleCode).toEqual([]);

  // A compatible version released: Retry reads the remotes map again and loads it in place.
  expect(release('alerts', NEXT).stdout).toContain(`remote-alerts: ${INCOMPATIBLE} → ${NEXT}`);
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  expect(await aboutRows(page)).toContainEqual(['Alerts', 'remote-alerts', NEXT]);
  expect(incompatibleCode).toEqual([]);
});
