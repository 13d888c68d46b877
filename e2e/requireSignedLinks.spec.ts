import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type ApiServer, startApiServer } from './apiServer';
import { ADMIN, expect, signedLinkPath, signIn, test } from './fixtures';

// "Require signed links" changes how every public alert page answers, for the whole server. So
// this file has a server of its own (the built API and console on a fresh database), and no test
// of another file, on the shared server, can see the setting on. Its tests set the setting each
// in turn, one after the other in one worker. The server starts in beforeAll, not in a worker
// fixture: a worker fixture of its own would give the file workers of its own, which Playwright
// starts only once every other test has run, at the end of the run.
test.describe.configure({ mode: 'default' });
const ownServer = { url: '', dataDir: '' };
let server: ApiServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  ownServer.dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-e2e-signed-links-'));
  server = await startApiServer({
    DATA_DIR: ownServer.dataDir,
    FIRST_SUPERUSER: ADMIN.email,
    FIRST_SUPERUSER_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE: '100000',
  });
  ownServer.url = server.url;
});
test.afterAll(() => {
  server?.process.kill('SIGTERM');
  rmSync(ownServer.dataDir, { recursive: true, force: true });
});
// Pages, the API helper and requests of these tests go to that server.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
test.use({ baseURL: async ({}, use) => use(ownServer.url) });

const toast = (page: Page, text: string) => page.locator('.fui-Toast').filter({ hasText: text });
const LOAD_FAILED = "Failed to load alert data or alert doesn't exist";
const REQUIRED = 'This alert can only be opened from the link in its notification email';

test('an administrator requires signed links with the switch: bare links stop opening alerts, signed ones keep working', async ({
  page,
  browser,
  api,
  request,
}) => {
  const admin = await api.admin();
  const owner = await api.createUser();
  const alert = await api.createAlert(owner.token, { title: 'Required links: disk' });
  const setting = async () =>
    (await (await request.get('/api/v1/settings/', { headers: { authorization: `Bearer ${admin.token}` } })).json()).require_signed_links;

  await signIn(page, admin, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Users Management' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Require signed links' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toast(page, 'Signed links are now required.')).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(await setting()).toBe(true);

  try {
    // A visitor with no session: the bare link is refused, and says why; the signed one works.
    const visitor = await browser.newPage();
    await visitor.goto(`/actions/${alert.id}`);
    await expect(visitor.getByText(LOAD_FAILED)).toBeVisible();
    await expect(visitor.getByText(REQUIRED, { exact: false })).toBeVisible();
    await visitor.goto(signedLinkPath(alert.id, owner.email, 0, ownServer.dataDir).path);
    await visitor.getByRole('button', { name: 'Escalate', exact: true }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Alert Escalated' })).toBeVisible();
    await visitor.close();
    expect(
      (await (await request.get(`/api/v1/alert/${alert.id}`, { headers: { authorization: `Bearer ${owner.token}` } })).json()).state,
    ).toBe('escalated');
  } finally {
    await page.reload();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toast(page, 'Alert pages open from bare links again.')).toBeVisible();
  }
  await expect(toggle).not.toBeChecked();
  expect(await setting()).toBe(false);
  expect((await request.get(`/api/v1/alert/${alert.id}`)).status()).toBe(200);
});

test('the switch is for superusers only: an ordinary user never sees it', async ({ page, api }) => {
  const user = await api.createUser();
  await signIn(page, user, '/admin');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('switch', { name: 'Require signed links' })).toHaveCount(0);
});

test("a signed-in owner's bare link: refused by the server, which never sees the session, then read with it once hydrated", async ({
  page,
  api,
  request,
}) => {
  const admin = await api.admin();
  const owner = await api.createUser();
  const alert = await api.createAlert(owner.token, { title: 'Required links: owner without a link' });
  const setRequired = async (on: boolean) =>
    expect(
      (
        await request.patch('/api/v1/settings/', {
          headers: { authorization: `Bearer ${admin.token}` },
          data: { require_signed_links: on },
        })
      ).status(),
    ).toBe(200);
  await setRequired(true);
  try {
    // The server's answer to a bare link: the refusal, with its status.
    const first = await request.get(`/actions/${alert.id}`);
    expect(first.status()).toBe(403);
    expect(await first.text()).toContain(REQUIRED);
    // The owner's browser holds a session: the page asks the API again with it.
    await signIn(page, owner, `/actions/${alert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acknowledge', exact: true })).toBeEnabled();
  } finally {
    await setRequired(false);
  }
});
