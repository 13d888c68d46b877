import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoCopy } from '../deploy/test/helpers/repoCopy';
import { devPorts } from '../scripts/apps';

// `npm run dev` (scripts/dev.mjs), for real: the API with reload, the shell and two remotes as
// Rsbuild dev servers, on free ports beside anything else running (VIGIL_DEV_PORT,
// VIGIL_DEV_API_PORT) and on a fresh database. The console opens through the shell's dev
// server, an edit of a remote's source shows inside the shell without a reload of the page
// (hot module replacement with React Fast Refresh), and the public action page is served at
// /actions/:id as in production (docs/console/action-pages.md). It all runs in a copy of the sources the
// repository tracks (node_modules linked), so the edit never touches a tracked file.

const REPO = process.cwd();
const ADMIN = { email: 'admin@example.com', password: 'dev-spec-admin-password' };
/** A remote's exposed page: its header's description is the text the test edits (in the copy). */
const EDITED = 'remote-settings/src/pages/SettingsPage.tsx';
const DESCRIPTION = /(<PageHeader\s+title="User Settings"\s+description=")([^"]*)(")/;
const EDIT_MARK = ' (hot-reloaded by e2e/dev.spec.ts)';
const APPS = ['shell', 'remote-settings', 'remote-actions'];
/** Where each app listens relative to VIGIL_DEV_PORT (scripts/apps.ts, as rsbuild.base.ts's DEV_PORTS). */
const OFFSET = devPorts(0);

const BUILT_DIR = path.resolve(process.env.CONSOLE_DIR ?? path.join(REPO, 'dist'));
const versionOf = (app: string) => (JSON.parse(readFileSync(path.join(REPO, app, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * A copy of the sources the repository tracks, its node_modules linked, for the dev servers to
 * run from and the test to edit; with what `npm run build` made for these apps beside it, which
 * a dev server must leave alone. Answers the copy's folder and those built files.
 */
function copyOfSources(): { root: string; builtFiles: string[] } {
  const { root } = repoCopy('vigil-dev-spec-src-');
  const built = [
    'shell/index.html',
    path.join('remote-settings', versionOf('remote-settings'), 'mf-manifest.json'),
    path.join('remote-actions', versionOf('remote-actions'), 'page/index.html'),
  ].filter((file) => existsSync(path.join(BUILT_DIR, file)));
  for (const file of built) {
    mkdirSync(path.dirname(path.join(root, 'dist', file)), { recursive: true });
    cpSync(path.join(BUILT_DIR, file), path.join(root, 'dist', file));
  }
  return { root, builtFiles: built.map((file) => path.join(root, 'dist', file)) };
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A base port with every app's dev port after it free, and a free API port past them. */
async function freePorts(): Promise<{ base: number; api: number }> {
  const api = Object.keys(OFFSET).length + 4;
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = [...Object.values(OFFSET), api].map((offset) => base + offset);
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return { base, api: base + api };
  }
  throw new Error('no free ports for the dev servers');
}

async function waitFor(url: string, dev: ChildProcess, log: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited (${dev.exitCode}):\n${log.join('')}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${log.join('').slice(-4000)}`);
}

test.describe('npm run dev', () => {
  // Four processes compile and start on a machine that may be busy with other tests.
  test.describe.configure({ timeout: 240_000 });

  let dev: ChildProcess | undefined;
  let dataDir = '';
  const log: string[] = [];
  let sources = '';

  test.afterAll(() => {
    // Whatever happened, the dev servers stop and the copy goes.
    if (dev?.pid && dev.exitCode === null) process.kill(-dev.pid, 'SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (sources) rmSync(sources, { recursive: true, force: true });
  });

  test('serves the console, hot-reloads a remote inside the shell, and serves /actions/:id', async ({ page }) => {
    const copy = copyOfSources();
    sources = copy.root;
    const EDITED_FILE = path.join(sources, EDITED);
    const original = readFileSync(EDITED_FILE, 'utf8');
    const match = DESCRIPTION.exec(original);
    expect(match, `${EDITED} has the settings page header this test edits`).not.toBeNull();
    const before = match?.[2] ?? '';
    const after = `${before}${EDIT_MARK}`;

    const built = copy.builtFiles;
    const { base, api } = await freePorts();
    const url = (app: string) => `http://localhost:${base + OFFSET[app]!}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-dev-spec-'));
    dev = spawn(process.execPath, ['scripts/dev.mjs', ...APPS], {
      cwd: sources,
      // Its own process group: stopping it stops every server it started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        VIGIL_DEV_PORT: String(base),
        VIGIL_DEV_API_PORT: String(api),
        DATA_DIR: dataDir,
        FIRST_SUPERUSER: ADMIN.email,
        FIRST_SUPERUSER_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
    });
    dev.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));

    // The API through the shell's proxy, and each remote's manifest on its own dev server.
    await waitFor(`${url('shell')}/api/v1/utils/health-check/`, dev, log, 150_000);
    await waitFor(`${url('remote-settings')}/mf-manifest.json`, dev, log, 150_000);
    await waitFor(`${url('remote-actions')}/mf-manifest.json`, dev, log, 150_000);
    // The built console (served by `npm start` and the other browser tests) is still there.
    for (const file of built) expect(existsSync(file), `npm run dev kept ${file}`).toBe(true);

    const login = await fetch(`${url('shell')}/api/v1/login/access-token`, {
      method: 'POST',
      body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };

    // The shell loads the settings remote from its dev server.
    await page.goto(`${url('shell')}/login`);
    await page.evaluate((value) => localStorage.setItem('access_token', value), token);
    await page.goto(`${url('shell')}/settings`);
    await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText(before, { exact: true })).toBeVisible();
    // Survives only if the page is never reloaded.
    await page.evaluate(() => {
      (window as unknown as { devSpecMark: string }).devSpecMark = 'same page';
    });

    try {
      writeFileSync(EDITED_FILE, original.replace(DESCRIPTION, `$1${after}$3`));
      await expect(page.getByText(after, { exact: true })).toBeVisible({ timeout: 60_000 });
    } finally {
      writeFileSync(EDITED_FILE, original);
    }
    expect(await page.evaluate(() => (window as unknown as { devSpecMark?: string }).devSpecMark)).toBe('same page');
    // Putting the source back is a hot update too.
    await expect(page.getByText(before, { exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { devSpecMark?: string }).devSpecMark)).toBe('same page');

    // The public action page, through the shell's dev server as in production: remote-actions'
    // standalone page, with the alert read through its own /api proxy.
    const created = await fetch(`${url('shell')}/api/v1/alert/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Raised in dev' }),
    });
    expect(created.status).toBe(200);
    const alert = (await created.json()) as { id: string };
    await page.goto(`${url('shell')}/actions/${alert.id}`);
    await expect(page.getByText('Raised in dev')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Acknowledge' })).toBeVisible();
    await expect(page.getByText('Logged in as')).toHaveCount(0);
  });
});
