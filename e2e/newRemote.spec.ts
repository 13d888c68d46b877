import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RepoCopy, repoCopy } from '../deploy/test/helpers/repoCopy';
import { type ApiServer, startApiServer } from './apiServer';
import { ADMIN, expect, signIn, test } from './fixtures';

// A remote made by `npm run new:remote` joins a running console (docs/console/adding-a-remote.md,
// "Adding a remote"): scaffolded in a copy of the checkout, built there by the factory into the folder a
// running server serves, published through the remotes map with no restart and no rebuild of
// the shell, and its page found from the menu. deploy/test/newRemote.test.ts checks what the
// scaffold writes and that the repository's checks pass with it.

const ROOT = process.cwd();
const BUILT = process.env.CONSOLE_DIR ?? path.join(ROOT, 'dist');

let copy: RepoCopy | undefined;
let server: ApiServer | undefined;
let consoleDir = '';
let dataDir = '';
test.beforeAll(async () => {
  test.setTimeout(240_000);
  expect(existsSync(path.join(BUILT, 'shell/index.html')), 'the console is built').toBe(true);
  copy = repoCopy('vigil-new-remote-e2e-');
  const scaffold = spawnSync('npm', ['run', '--silent', 'new:remote', '--', 'reports'], { cwd: copy.root, encoding: 'utf8' });
  expect(scaffold.status, scaffold.stderr).toBe(0);
  consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-new-remote-console-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-new-remote-data-'));
  cpSync(BUILT, consoleDir, { recursive: true });
  server = await startApiServer({
    DATA_DIR: dataDir,
    CONSOLE_DIR: consoleDir,
    FIRST_SUPERUSER: ADMIN.email,
    FIRST_SUPERUSER_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  });
});
test.afterAll(() => {
  server?.process.kill('SIGTERM');
  copy?.remove();
  for (const dir of [consoleDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
test.use({ baseURL: async ({}, use) => use(server?.url) });

test('a scaffolded remote, built and published on a running server, shows its menu entry and page', async ({ page, api, request }) => {
  test.setTimeout(240_000);
  if (!copy || !server) throw new Error('the copy or its server did not start');
  const serverPid = server.process.pid;
  const shellBefore = readFileSync(path.join(consoleDir, 'shell/index.html'), 'utf8');
  const user = await api.createUser({ full_name: 'Scaffold Tester' });
  const menu = page.getByRole('complementary', { name: 'Side menu' });
  const main = page.getByRole('main');

  await signIn(page, user, '/');
  await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Alerts' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Reports' })).toHaveCount(0);

  // Built by the factory, as `npm run build -- remote-reports` does, into the served folder.
  const build = spawnSync('npx', ['rsbuild', 'build'], {
    cwd: path.join(copy.root, 'remote-reports'),
    env: { ...process.env, CONSOLE_DIR: consoleDir },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr + build.stdout).toBe(0);
  expect((await (await request.get('/remotes.json')).json()).remote_reports).toEqual({
    entry: '/remotes/remote-reports/1.0.0/mf-manifest.json',
    route: { path: 'reports', module: 'ReportsPage', label: 'Reports', icon: 'apps', order: 50, superuserOnly: false },
  });

  // On reload: its entry, after the console's own and before Admin, and its page.
  await page.reload();
  await expect(menu.getByRole('link', { name: 'Reports' })).toBeVisible();
  const entries = await menu.getByRole('link').allTextContents();
  expect(entries.indexOf('Reports')).toBe(entries.indexOf('On call') + 1);
  await menu.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(main.getByText(`Signed in as ${user.email}.`)).toBeVisible();
  // A deep link works too: the route comes with the map, before the first render.
  await page.goto('/reports');
  await expect(main.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  expect(readFileSync(path.join(consoleDir, 'shell/index.html'), 'utf8'), 'the shell was not rebuilt').toBe(shellBefore);
  expect(server.process.exitCode, 'the server ran throughout').toBeNull();
  expect(server.process.pid).toBe(serverPid);
});
