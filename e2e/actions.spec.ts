import type { Page, Request } from '@playwright/test';
import { type ApiHelper, expect, signedLinkPath, signIn, test } from './fixtures';

// The public alert-action pages (docs/product.md §2.2): reached from a
// notification link by someone who may not be signed in. Every test runs with no token.

const LOAD_FAILED = "Failed to load alert data or alert doesn't exist";

const ACTIONS = [
  { action: 'acknowledge', button: 'Acknowledge', heading: 'Alert Acknowledged', state: 'acknowledged', level: 0 },
  { action: 'escalate', button: 'Escalate', heading: 'Alert Escalated', state: 'escalated', level: 1 },
  { action: 'close', button: 'Close', heading: 'Alert Closed', state: 'closed', level: 0 },
] as const;

/** An open alert owned by a fresh user, created through the real API. */
async function openAlert(api: ApiHelper, title = 'Disk usage above 90% on db-1') {
  const owner = await api.createUser();
  return api.createAlert(owner.token, { title, description: 'The data volume of db-1 is filling up.', severity: 'critical' });
}

const expectNoSession = async (page: Page) => {
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await expect(page).not.toHaveURL(/\/login/);
};

test('the alert and its three actions show at once: the server rendered them, no spinner, no API read', async ({ page, api }) => {
  const alert = await openAlert(api);
  // Spec §2's spinner shows while the page loads the alert; the server now sends it with the
  // page (docs/console/action-pages.md), so there is nothing to wait for: a read of the API would hang here.
  let reads = 0;
  await page.route(`**/api/v1/alert/${alert.id}`, async () => {
    reads += 1;
  });
  await page.goto(`/actions/${alert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  await expect(page.getByText('The data volume of db-1 is filling up.')).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByText('Critical', { exact: true })).toBeVisible();
  for (const { button } of ACTIONS) await expect(page.getByRole('button', { name: button, exact: true })).toBeEnabled();
  await expect(page.getByText('Loading alert…', { exact: true })).toHaveCount(0);
  expect(reads).toBe(0);
  await expectNoSession(page);
  // Loading the page never acts: the alert is still open.
  expect((await api.alert(alert.id)).state).toBe('open');
});

test('an unknown or malformed alert id shows the load failure text', async ({ page }) => {
  await page.goto('/actions/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText(LOAD_FAILED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);

  await page.goto('/actions/not-a-uuid');
  await expect(page.getByText(LOAD_FAILED)).toBeVisible();
  await expectNoSession(page);
});

for (const { action, button, heading, state, level } of ACTIONS) {
  test(`${button} calls the API, confirms on /${action}/{id} and Back returns to the alert`, async ({ page, api }) => {
    const alert = await openAlert(api);
    await page.goto(`/actions/${alert.id}`);
    await page.getByRole('button', { name: button, exact: true }).click();

    await expect(page).toHaveURL(`/${action}/${alert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const after = await api.alert(alert.id);
    expect(after.state).toBe(state);
    expect(after.escalation_level).toBe(level);

    const back = page.getByRole('link', { name: 'Back' });
    await expect(back).toHaveAttribute('href', `/actions/${alert.id}`);
    await back.click();
    await expect(page).toHaveURL(`/actions/${alert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
    await expect(page.getByText(state.charAt(0).toUpperCase() + state.slice(1), { exact: true })).toBeVisible();
    await expectNoSession(page);
  });
}

test('the confirmation pages also open directly from their URL', async ({ page, api }) => {
  const alert = await openAlert(api);
  for (const { action, heading } of ACTIONS) {
    await page.goto(`/${action}/${alert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/actions/${alert.id}`);
  }
  // Visiting a confirmation URL is not an action.
  expect((await api.alert(alert.id)).state).toBe('open');
});

test('acting on a closed alert shows the error toast with the server detail and stays on the page', async ({ page, api, request }) => {
  const alert = await openAlert(api);
  expect((await request.post(`/api/v1/alert/close/${alert.id}`)).status()).toBe(200);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(`/actions/${alert.id}`);
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The toaster is not part of the page's load: it is fetched when someone acts.
  const scriptsOnLoad = scripts.length;

  for (const button of ['Acknowledge', 'Escalate']) {
    const post = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/alert/${button.toLowerCase()}/`));
    await page.getByRole('button', { name: button, exact: true }).click();
    expect((await post).status()).toBe(409);
    const toast = page.locator('.fui-Toast').filter({ hasText: 'Alert is closed' }).last();
    await expect(toast).toBeVisible();
    await expect(toast.getByText('Something went wrong!')).toBeVisible();
    // Spec §9: toasts stack at 1700, above overlays (1400) and below tooltips (1800).
    await expect(page.locator('body > [data-portal-node]').filter({ has: page.locator('.fui-Toaster') })).toHaveCSS('z-index', '1700');
    await expect(page).toHaveURL(`/actions/${alert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  }
  expect((await api.alert(alert.id)).state).toBe('closed');
  expect(scripts.length).toBeGreaterThan(scriptsOnLoad);
});

test('a link recipient downloads the standalone page only: no shell, no federation runtime, no other remote', async ({
  page,
  api,
  request,
}) => {
  const alert = await openAlert(api);
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(`/actions/${alert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Every script comes from the page folder of the live remote-actions version (the one /remotes.json names).
  const manifest = ((await (await request.get('/remotes.json')).json()) as Record<string, string>).remote_actions!;
  const pageFolder = `${manifest.slice(0, manifest.lastIndexOf('/'))}/page/`;
  const paths = requests.map((r) => new URL(r.url()).pathname);
  const scripts = requests.filter((r) => r.resourceType() === 'script').map((r) => new URL(r.url()).pathname);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((p) => !p.startsWith(pageFolder))).toEqual([]);
  // No shell (its page, its /static/ bundles, the remotes map), no manifest, no other remote.
  expect(paths.filter((p) => p.startsWith('/static/') || p === '/remotes.json' || p.endsWith('mf-manifest.json'))).toEqual([]);
  expect(paths.filter((p) => p.startsWith('/remotes/') && !p.startsWith('/remotes/remote-actions/'))).toEqual([]);
  expect(await page.evaluate(() => '__FEDERATION__' in globalThis)).toBe(false);
  // No session is looked for: no current-user request, no layout chrome.
  expect(paths.filter((p) => p.startsWith('/api/') && p !== `/api/v1/alert/${alert.id}`)).toEqual([]);
  await expect(page.getByText('Logged in as')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User' })).toHaveCount(0);
});

test('the page follows the appearance choice: Light by default, Dark, and System following the OS', async ({ page, api }) => {
  const alert = await openAlert(api);
  // The frame's background (Fluent's colorNeutralBackground2) shows which theme is painted.
  const frame = page.getByRole('main').locator('..');
  const LIGHT = 'rgb(250, 250, 250)';
  const DARK = 'rgb(31, 31, 31)';

  await page.goto(`/actions/${alert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(frame).toHaveCSS('background-color', LIGHT);

  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(frame).toHaveCSS('background-color', DARK);

  await page.evaluate(() => localStorage.setItem('theme', 'system'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(frame).toHaveCSS('background-color', DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(frame).toHaveCSS('background-color', LIGHT);
});

test("other paths under the action prefixes are the console's 404 screen", async ({ page, api }) => {
  const alert = await openAlert(api);
  for (const path of ['/actions', `/actions/${alert.id}/more`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
    await expect(page.getByText('The page you are looking for was not found.')).toBeVisible();
  }
});

test('the action page is usable at 360 px wide', async ({ page, api }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const alert = await openAlert(api, 'A rather long alert title that has to wrap on a small phone screen');
  await page.goto(`/actions/${alert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  // Nothing overflows sideways, and every button is fully on screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const { button } of ACTIONS) {
    const box = await page.getByRole('button', { name: button, exact: true }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  await page.getByRole('button', { name: 'Escalate', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert Escalated' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

// Signed links (docs/api/signed-links.md): what a notification email carries.

test('a signed link opens the page, loading it never acts, a press acts and the history names the recipient', async ({
  page,
  api,
  request,
}) => {
  const owner = await api.createUser();
  const alert = await api.createAlert(owner.token, { title: 'Signed link: queue backlog', severity: 'high' });
  const link = signedLinkPath(alert.id, owner.email);
  const apiCalls: Request[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && apiCalls.push(r));

  // A mail scanner fetches the link: nothing happens.
  expect((await request.get(link.path)).status()).toBe(200);
  await page.goto(link.path);
  await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await api.alert(alert.id)).state).toBe('open');
  // The server read the alert with the page: the browser asks the API nothing until a press.
  expect(apiCalls).toHaveLength(0);

  await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert Acknowledged' })).toBeVisible();
  await expect(page).toHaveURL(`/acknowledge/${alert.id}?t=${link.token}`);
  // The token travels in its header, never in an API URL.
  expect(await apiCalls[0]!.headerValue('x-vigil-link-token')).toBe(link.token);
  expect(apiCalls[0]!.url()).not.toContain(link.token);
  expect((await api.alert(alert.id)).state).toBe('acknowledged');
  // Back keeps the link, so the page can still act.
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', link.path);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByText('Acknowledged', { exact: true })).toBeVisible();
  await expectNoSession(page);

  await signIn(page, owner, `/alerts?alert=${alert.id}`);
  const history = page.getByRole('dialog', { name: 'Alert details' }).getByRole('table', { name: 'Alert history' }).locator('tbody tr');
  await expect(history).toHaveCount(1);
  await expect(history.nth(0)).toContainText('Acknowledged (Open → Acknowledged)');
  await expect(history.nth(0)).toContainText('Public link');
  await expect(history.nth(0)).toContainText(`The link sent to ${owner.email}`);
});

test('an expired or altered link says why it cannot open the alert, and ends no session', async ({ page, api }) => {
  const owner = await api.createUser();
  const alert = await api.createAlert(owner.token, { title: 'Signed link: expired' });
  for (const [path, reason] of [
    [signedLinkPath(alert.id, owner.email, 73).path, 'This link has expired'],
    [`${signedLinkPath(alert.id, owner.email).path.slice(0, -3)}abc`, 'This link is not valid'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(LOAD_FAILED)).toBeVisible();
    await expect(page.getByText(reason, { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
    await expectNoSession(page);
  }
  expect((await api.alert(alert.id)).state).toBe('open');
});

test("a closed alert's link still shows it but no longer acts: the error toast says so", async ({ page, api }) => {
  const owner = await api.createUser();
  const alert = await api.createAlert(owner.token, { title: 'Signed link: closed' });
  const link = signedLinkPath(alert.id, owner.email);
  await page.goto(link.path);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert Closed' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  const toast = page.locator('.fui-Toast').filter({ hasText: 'This link has expired: the alert is closed' });
  await expect(toast).toBeVisible();
  await expect(toast.getByText('Something went wrong!')).toBeVisible();
  await expect(page).toHaveURL(link.path);
  await expectNoSession(page);
  expect((await api.alert(alert.id)).state).toBe('closed');
});
