import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiServer, startApiServer } from './apiServer';
import { ADMIN, expect, signIn, test } from './fixtures';

// A new remote joins a running system at run time, as another team would ship one
// (docs/console/adding-a-remote.md): the console runs without remote-oncall; its
// build is published into the served console folder while the server keeps running; a reload
// shows its menu entry and page, from the route it declares in the remotes map. The shell is
// not rebuilt: its files are byte-identical before and after. This file runs its own server on
// a copy of the built console, so the other files' server is not affected.

const ROOT = process.cwd();
const BUILT = process.env.CONSOLE_DIR ?? path.join(ROOT, 'dist');
const ONCALL_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'remote-oncall/package.json'), 'utf8')) as { version: string }).version;

/** Path → sha256 of every file of the shell (index.html, its prerendered pages, its JS and CSS). */
function shellFingerprints(consoleDir: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else result[path.relative(consoleDir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
    }
  };
  walk(path.join(consoleDir, 'shell'));
  return result;
}

interface JoinConsole {
  url: string;
  consoleDir: string;
  server: ChildProcess;
}

// The server starts in beforeAll, not in a worker fixture: a worker fixture of its own would give
// the file workers of its own, which Playwright starts only once every other test has run.
let joinConsole: JoinConsole | undefined;
let cleanUp = () => {};
test.beforeAll(async () => {
  test.setTimeout(180_000);
  expect(existsSync(path.join(BUILT, 'remote-oncall', ONCALL_VERSION, 'mf-manifest.json')), 'remote-oncall is built').toBe(true);
  const consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-join-console-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-join-data-'));
  // The system as it ran before the on-call team shipped: every app but remote-oncall.
  cpSync(BUILT, consoleDir, { recursive: true, filter: (source) => !source.startsWith(path.join(BUILT, 'remote-oncall')) });
  let server: ApiServer | undefined;
  cleanUp = () => {
    server?.process.kill('SIGTERM');
    rmSync(consoleDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  server = await startApiServer({
    DATA_DIR: dataDir,
    CONSOLE_DIR: consoleDir,
    FIRST_SUPERUSER: ADMIN.email,
    FIRST_SUPERUSER_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  });
  joinConsole = { url: server.url, consoleDir, server: server.process };
});
test.afterAll(() => cleanUp());
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
test.use({ baseURL: async ({}, use) => use(joinConsole?.url) });

test('a running system gains remote-oncall at run time: its menu entry and page appear on reload, the shell untouched', async ({
  page,
  api,
  request,
}) => {
  if (!joinConsole) throw new Error('the join test server did not start');
  const { consoleDir, server } = joinConsole;
  const serverPid = server.pid;
  const user = await api.createUser({ full_name: 'Join Tester' });
  const menu = page.getByRole('complementary', { name: 'Side menu' });
  const main = page.getByRole('main');
  const shellBefore = shellFingerprints(consoleDir);
  expect(Object.keys(shellBefore)).toEqual(expect.arrayContaining([path.join('shell', 'index.html')]));
  expect(
    Object.keys(shellBefore).some((f) => f.endsWith('.js')),
    'the shell has its scripts',
  ).toBe(true);

  // Before: the map has no remote_oncall, the console no "On call", /oncall is the 404 screen.
  expect(Object.keys(await (await request.get('/remotes.json')).json())).not.toContain('remote_oncall');
  await signIn(page, user, '/');
  await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Alerts' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'On call' })).toHaveCount(0);

  // The on-call team publishes its build into the served console folder: the server keeps running.
  cpSync(path.join(BUILT, 'remote-oncall', ONCALL_VERSION), path.join(consoleDir, 'remote-oncall', ONCALL_VERSION), { recursive: true });
  const entry = (await (await request.get('/remotes.json')).json()).remote_oncall;
  expect(entry).toEqual({
    entry: `/remotes/remote-oncall/${ONCALL_VERSION}/mf-manifest.json`,
    route: { path: 'oncall', module: 'OnCallPage', label: 'On call', icon: 'calendar', order: 40, superuserOnly: false },
  });

  // After a reload: the menu entry, and its page, from the same shell.
  await page.reload();
  await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await menu.getByRole('link', { name: 'On call' }).click();
  await expect(page).toHaveURL(/\/oncall$/);
  await expect(main.getByRole('heading', { level: 1, name: 'On call' })).toBeVisible();
  await expect(main.getByText("You don't have any schedules yet")).toBeVisible();
  // A deep link to the declared route works too (the route exists on the first render).
  await page.goto('/oncall/my-shifts');
  await expect(main.getByRole('tab', { name: 'My shifts' })).toHaveAttribute('aria-selected', 'true');

  expect(shellFingerprints(consoleDir), 'the shell was not rebuilt').toEqual(shellBefore);
  expect(server.exitCode, 'the server ran throughout').toBeNull();
  expect(server.pid).toBe(serverPid);
});
