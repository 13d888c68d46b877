import type { Page } from '@playwright/test';
import { type ApiHelper, type E2EUser, expect, signIn, test } from './fixtures';

// /alerts?page=n (docs/product.md §2.6, §8.2, §9): the signed-in user's alerts, 10 a page, with Delete.
// Each test owns a fresh user, so its list holds exactly what the test created.

const EMPTY = "You don't have any alerts yet";

const rows = (page: Page) => page.getByRole('table', { name: 'Alerts' }).locator('tbody tr');
const rowOf = (page: Page, title: string) => rows(page).filter({ has: page.getByRole('cell', { name: title, exact: true }) });

/** `n` alerts titled `Alert 1` … `Alert n`, created oldest first (the list shows newest first). */
async function createAlerts(api: ApiHelper, user: E2EUser, n: number) {
  const created = [];
  for (let i = 1; i <= n; i++) created.push(await api.createAlert(user.token, { title: `Alert ${i}` }));
  return created;
}

async function openDeleteDialog(page: Page, title: string) {
  await page.getByRole('button', { name: `Actions for alert ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Alert' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Alert' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  return dialog;
}

test('lists the alerts with ID, Title, Description (N/A when empty), State and Actions', async ({ page, api }) => {
  const user = await api.createUser();
  const described = await api.createAlert(user.token, {
    title: 'CPU above 95%',
    description: 'web-3 has been hot for 10 minutes',
    severity: 'critical',
  });
  const bare = await api.createAlert(user.token, { title: 'Certificate expires soon' });
  await signIn(page, user, '/alerts');

  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Alerts' });
  const headers = table.getByRole('columnheader');
  // Selection has a narrow column of its own, named by its checkbox; then docs/product.md §2.6's columns,
  // each header named by its text alone (assistive technology reads "ID", nothing more).
  await expect(headers).toHaveText(['', 'ID', 'Title', 'Description', 'State', 'Actions']);
  await expect(headers.first()).toHaveAccessibleName('Select all alerts on this page');
  for (const [i, name] of ['ID', 'Title', 'Description', 'State', 'Actions'].entries()) {
    await expect(table.getByRole('columnheader', { name, exact: true })).toHaveCount(1);
    await expect(headers.nth(i + 1)).toHaveAccessibleName(name);
  }
  await expect(rows(page)).toHaveCount(2);

  const first = rowOf(page, 'CPU above 95%');
  await expect(first.getByRole('cell').nth(0).getByRole('checkbox', { name: 'Select alert CPU above 95%' })).toBeVisible();
  await expect(first.getByRole('cell').nth(1)).toHaveText(described.id);
  await expect(first.getByRole('cell').nth(3)).toHaveText('web-3 has been hot for 10 minutes');
  await expect(first.getByRole('cell').nth(4)).toContainText('Open');
  await expect(first.getByRole('cell').nth(4)).toContainText('Critical');
  await expect(first.getByRole('button', { name: 'Actions for alert CPU above 95%' })).toBeVisible();

  const second = rowOf(page, 'Certificate expires soon');
  await expect(second.getByRole('cell').nth(1)).toHaveText(bare.id);
  await expect(second.getByRole('cell').nth(3)).toHaveText('N/A');

  // Newest first.
  await expect(rows(page).first()).toContainText('Certificate expires soon');
});

test('shows each state as its own badge', async ({ page, api, request }) => {
  const user = await api.createUser();
  const [acknowledged, escalated, closed] = await createAlerts(api, user, 3);
  await request.post(`/api/v1/alert/acknowledge/${acknowledged!.id}`);
  await request.post(`/api/v1/alert/escalate/${escalated!.id}`);
  await request.post(`/api/v1/alert/close/${closed!.id}`);
  await signIn(page, user, '/alerts');
  await expect(rowOf(page, 'Alert 1').getByRole('cell').nth(4)).toContainText('Acknowledged');
  await expect(rowOf(page, 'Alert 2').getByRole('cell').nth(4)).toContainText('Escalated');
  await expect(rowOf(page, 'Alert 3').getByRole('cell').nth(4)).toContainText('Closed');
});

test('the full id shows in a tooltip', async ({ page, api }) => {
  const user = await api.createUser();
  const alert = await api.createAlert(user.token, { title: 'Queue backlog' });
  await signIn(page, user, '/alerts');
  await rowOf(page, 'Queue backlog').getByText(alert.id).hover();
  await expect(page.getByRole('tooltip', { name: alert.id })).toBeVisible();
});

test('skeleton rows show while the list loads', async ({ page, api }) => {
  const user = await api.createUser();
  await api.createAlert(user.token, { title: 'Slow to load' });
  // Hold the (real) API answer back until the skeleton has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/alert/?*', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, user, '/alerts');
  const table = page.getByRole('table', { name: 'Alerts' });
  await expect(table).toHaveAttribute('aria-busy', 'true');
  await expect(rows(page)).toHaveCount(10);
  release();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Slow to load')).toBeVisible();
});

test('a user without alerts sees the empty state', async ({ page, api }) => {
  const user = await api.createUser();
  await signIn(page, user, '/alerts');
  await expect(page.getByRole('heading', { name: EMPTY })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alerts' })).toHaveCount(0);
});

test('pages hold 10 alerts and follow ?page=', async ({ page, api }) => {
  const user = await api.createUser();
  await createAlerts(api, user, 12);
  await signIn(page, user, '/alerts');

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(rows(page)).toHaveCount(10);
  await expect(pagination).toContainText('Page 1 of 2');
  await expect(rows(page).first()).toContainText('Alert 12');
  await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pagination.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/alerts\?page=2$/);
  await expect(pagination).toContainText('Page 2 of 2');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText('Alert 2');
  await expect(rows(page).nth(1)).toContainText('Alert 1');
  await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();

  await pagination.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/alerts\?page=1$/);
  await expect(rows(page)).toHaveCount(10);

  // Opened directly.
  await page.goto('/alerts?page=2');
  await expect(pagination).toContainText('Page 2 of 2');
  await expect(rows(page)).toHaveCount(2);
});

for (const invalid of ['abc', '0', '-1', '1.5']) {
  test(`an invalid ?page=${invalid} means page 1`, async ({ page, api }) => {
    const user = await api.createUser();
    await createAlerts(api, user, 11);
    await signIn(page, user, `/alerts?page=${invalid}`);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 2');
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).first()).toContainText('Alert 11');
  });
}

test('a page past the end moves to the last page', async ({ page, api }) => {
  const user = await api.createUser();
  await createAlerts(api, user, 11);
  await signIn(page, user, '/alerts?page=7');
  await expect(page).toHaveURL(/\/alerts\?page=2$/);
  await expect(rows(page)).toHaveCount(1);
});

test('deleting asks for confirmation, then deletes, says so and refreshes the list', async ({ page, api, request }) => {
  const user = await api.createUser();
  const [kept, doomed] = await createAlerts(api, user, 2);
  await signIn(page, user, '/alerts');
  await expect(rows(page)).toHaveCount(2);

  // Cancel keeps the alert.
  let dialog = await openDeleteDialog(page, 'Alert 2');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(2);

  dialog = await openDeleteDialog(page, 'Alert 2');
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v1/alert/${doomed!.id}`));
  await dialog.getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);

  const toast = page.getByText('The alert was deleted successfully', { exact: true });
  await expect(toast).toBeVisible();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Alert 1')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();

  const list = await (await request.get('/api/v1/alert/', { headers: { authorization: `Bearer ${user.token}` } })).json();
  expect(list).toMatchObject({ count: 1, data: [{ id: kept!.id }] });

  // Deleting the last one leaves the empty state.
  dialog = await openDeleteDialog(page, 'Alert 1');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: EMPTY })).toBeVisible();
});

test('deleting the only alert of the last page moves to the page before', async ({ page, api }) => {
  const user = await api.createUser();
  await createAlerts(api, user, 11);
  await signIn(page, user, '/alerts?page=2');
  await expect(rows(page)).toHaveCount(1);
  const dialog = await openDeleteDialog(page, 'Alert 1');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The alert was deleted successfully', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/alerts\?page=1$/);
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 1');
});

test('a failed delete shows the error toast and refreshes the list', async ({ page, api, request }) => {
  const user = await api.createUser();
  const [alert] = await createAlerts(api, user, 1);
  // A console whose live change stream is down (else the row would vanish as soon as it is deleted elsewhere).
  await page.route('**/api/v1/alert/changes', (route) => route.abort());
  await signIn(page, user, '/alerts');
  await expect(rowOf(page, 'Alert 1')).toBeVisible();

  // Another session deletes it first: this page's delete then meets a 404.
  const gone = await request.delete(`/api/v1/alert/${alert!.id}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(gone.status()).toBe(200);

  const dialog = await openDeleteDialog(page, 'Alert 1');
  const failed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v1/alert/${alert!.id}`));
  await dialog.getByRole('button', { name: 'Delete' }).click();
  expect((await failed).status()).toBe(404);

  await expect(page.getByText('Something went wrong!', { exact: true })).toBeVisible();
  await expect(page.getByText('An error occurred while deleting the alert', { exact: true })).toBeVisible();
  await expect(page.getByText('The alert was deleted successfully')).toHaveCount(0);
  // Still signed in, and the list now matches the server.
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { name: EMPTY })).toBeVisible();
});

test('the dashboard count follows a delete (its cached count is refreshed too)', async ({ page, api }) => {
  const user = await api.createUser();
  await createAlerts(api, user, 3);
  await signIn(page, user, '/');
  await expect(page.getByTestId('alerts-count')).toHaveText('3');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(rows(page)).toHaveCount(3);
  const dialog = await openDeleteDialog(page, 'Alert 3');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('alerts-count')).toHaveText('2');
});

test('usable at 360 px: the table scrolls sideways inside the page', async ({ page, api }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await api.createUser();
  await api.createAlert(user.token, {
    title: 'A fairly long alert title that wraps',
    description: 'A description long enough to need two lines or more on a phone',
  });
  await signIn(page, user, '/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  // The page itself never scrolls sideways; the actions stay reachable by scrolling the table.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const actions = page.getByRole('button', { name: /^Actions for alert/ });
  await actions.scrollIntoViewIfNeeded();
  await actions.click();
  await expect(page.getByRole('menuitem', { name: 'Delete Alert' })).toBeVisible();
});

test('an alert deleted in another session leaves the open list by itself (live updates)', async ({ page, api, request }) => {
  const user = await api.createUser();
  const [first] = await createAlerts(api, user, 2);
  await signIn(page, user, '/alerts');
  await expect(rows(page)).toHaveCount(2);
  const gone = await request.delete(`/api/v1/alert/${first!.id}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(gone.status()).toBe(200);
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Alert 1')).toHaveCount(0);
});
