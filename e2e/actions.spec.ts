import type { Page, Request } from '@playwright/test';
import { type ApiHelper, expect, test } from './fixtures';

// The public alert-action pages (spec §2 "Public alert-action routes"): reached from a
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

test('a spinner shows while the alert loads, then the alert and its three actions', async ({ page, api }) => {
  const alert = await openAlert(api);
  // Hold the (real) API answer back until the spinner has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1/alert/${alert.id}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/actions/${alert.id}`);
  await expect(page.getByText('Loading alert…', { exact: true })).toBeVisible();
  release();

  await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  await expect(page.getByText('The data volume of db-1 is filling up.')).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await expect(page.getByText('Critical', { exact: true })).toBeVisible();
  for (const { button } of ACTIONS) await expect(page.getByRole('button', { name: button, exact: true })).toBeEnabled();
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
  await page.goto(`/actions/${alert.id}`);
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();

  for (const button of ['Acknowledge', 'Escalate']) {
    const post = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/alert/${button.toLowerCase()}/`));
    await page.getByRole('button', { name: button, exact: true }).click();
    expect((await post).status()).toBe(409);
    const toast = page.locator('.fui-Toast').filter({ hasText: 'Alert is closed' }).last();
    await expect(toast).toBeVisible();
    await expect(toast.getByText('Something went wrong!')).toBeVisible();
    await expect(page).toHaveURL(`/actions/${alert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  }
  expect((await api.alert(alert.id)).state).toBe('closed');
});

test('the action page loads only the remote-actions remote, not the signed-in layout', async ({ page, api }) => {
  const alert = await openAlert(api);
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(`/actions/${alert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const paths = requests.map((r) => new URL(r.url()).pathname);
  const remoteFiles = paths.filter((p) => p.startsWith('/remotes/'));
  expect(remoteFiles.length).toBeGreaterThan(0);
  expect(remoteFiles.filter((p) => !p.startsWith('/remotes/remote-actions/'))).toEqual([]);
  // No session is looked for: no current-user request, no layout chrome.
  expect(paths.filter((p) => p.startsWith('/api/v1/users'))).toEqual([]);
  expect(paths.filter((p) => p.startsWith('/api/') && p !== `/api/v1/alert/${alert.id}`)).toEqual([]);
  await expect(page.getByText('Logged in as')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'User' })).toHaveCount(0);
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
