import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Working a list of alerts in the console: filters and search in the URL, bulk acknowledge/close,
// Add Alert, the alert's history, live updates across browsers, and the dashboard's figures.
// Each test owns a fresh user; actions on alerts go through the real public API.

const rows = (page: Page) => page.getByRole('table', { name: 'Alerts' }).locator('tbody tr');
const rowOf = (page: Page, title: string) => rows(page).filter({ has: page.getByRole('cell', { name: title, exact: true }) });
const stateOf = (page: Page, title: string) => rowOf(page, title).getByRole('cell').nth(4);

/**
 * Picks an option of a Fluent Dropdown; a multi-select (its options are checkboxes) stays open, so
 * Escape closes it. `within` names where the dropdown is: a dialog's Severity, not the filter's of
 * the page beneath (the page is hidden from the accessibility tree only once the dialog's focus
 * trap has run, so a page-wide lookup can find both).
 */
async function pick(page: Page, combobox: string, option: string, { multi = true, within = page as Page | Locator } = {}) {
  await within.getByRole('combobox', { name: combobox }).click();
  await page.getByRole(multi ? 'menuitemcheckbox' : 'option', { name: option, exact: true }).click();
  if (multi) await page.keyboard.press('Escape');
}

/** A toast's text (the live region repeats it, so match the toast body exactly). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test('filters and search narrow the list, live in the URL and survive a reload', async ({ page, api, request }) => {
  const user = await api.createUser();
  await api.createAlert(user.token, { title: 'Disk full on db-1', severity: 'critical' });
  await api.createAlert(user.token, { title: 'Disk slow on web-2', severity: 'warning' });
  const cpu = await api.createAlert(user.token, { title: 'CPU hot on web-1', severity: 'critical' });
  await request.post(`/api/v1/alert/close/${cpu.id}`);
  await signIn(page, user, '/alerts?page=1');
  await expect(rows(page)).toHaveCount(3);

  await pick(page, 'State', 'Open');
  await expect(rows(page)).toHaveCount(2);
  await expect(rowOf(page, 'CPU hot on web-1')).toHaveCount(0);
  await pick(page, 'Severity', 'Critical');
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Disk full on db-1')).toHaveCount(1);
  // A filter change goes back to page 1 (the page parameter is dropped).
  await expect(page).toHaveURL(/\/alerts\?state=open&severity=critical$/);
  await expect(page.getByText('1 alert match, newest first.')).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search' }).fill('SLOW');
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Disk slow on web-2')).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]q=SLOW/);

  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('SLOW');

  await page.goto('/alerts?state=closed&severity=critical');
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'CPU hot on web-1')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'State' })).toContainText('Closed');

  await page.goto('/alerts?q=nothing-like-this');
  await expect(page.getByText('No alerts match these filters')).toBeVisible();
});

test('bulk acknowledge and close act on the ticked alerts and summarise the outcomes', async ({ page, api, request }) => {
  const user = await api.createUser();
  await api.createAlert(user.token, { title: 'Bulk 1' });
  await api.createAlert(user.token, { title: 'Bulk 2' });
  const closed = await api.createAlert(user.token, { title: 'Bulk 3' });
  await request.post(`/api/v1/alert/close/${closed.id}`);
  await signIn(page, user, '/alerts');
  await expect(rows(page)).toHaveCount(3);

  const acknowledge = page.getByRole('toolbar', { name: 'Selected alerts' }).getByRole('button', { name: 'Acknowledge' });
  const close = page.getByRole('toolbar', { name: 'Selected alerts' }).getByRole('button', { name: 'Close' });
  await expect(acknowledge).toBeDisabled();

  await page.getByRole('checkbox', { name: 'Select all alerts on this page' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await acknowledge.click();
  await expect(toast(page, '2 alerts acknowledged, 1 already closed')).toBeVisible();
  await expect(stateOf(page, 'Bulk 1')).toContainText('Acknowledged');
  await expect(stateOf(page, 'Bulk 2')).toContainText('Acknowledged');
  await expect(stateOf(page, 'Bulk 3')).toContainText('Closed');
  await expect(acknowledge).toBeDisabled();

  await page.getByRole('checkbox', { name: 'Select alert Bulk 2' }).check();
  await close.click();
  await expect(toast(page, '1 alert closed')).toBeVisible();
  await expect(stateOf(page, 'Bulk 2')).toContainText('Closed');
  await expect(stateOf(page, 'Bulk 1')).toContainText('Acknowledged');
  expect((await api.alert(closed.id)).state).toBe('closed');
});

test('Add Alert asks for a title, then creates the alert', async ({ page, api }) => {
  const user = await api.createUser();
  await signIn(page, user, '/alerts');
  await expect(page.getByText("You don't have any alerts yet")).toBeVisible();

  await page.getByRole('button', { name: 'Add Alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Alert' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Title' }).fill('Payments API returns 500');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Since the 14:02 deploy');
  await pick(page, 'Severity', 'High', { multi: false, within: dialog });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Alert created successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Payments API returns 500').getByRole('cell').nth(3)).toHaveText('Since the 14:02 deploy');
  await expect(stateOf(page, 'Payments API returns 500')).toContainText('High');
});

test('the alert details show its history after acting from the public link', async ({ page, api, request }) => {
  const user = await api.createUser();
  const alert = await api.createAlert(user.token, { title: 'Replica lag', description: 'db-2 is 40 s behind' });
  await request.post(`/api/v1/alert/acknowledge/${alert.id}`);
  await request.post(`/api/v1/alert/close/${alert.id}`);
  await signIn(page, user, '/alerts');

  await rowOf(page, 'Replica lag').getByRole('button', { name: 'Replica lag', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert details' });
  await expect(dialog.getByRole('heading', { name: 'Replica lag' })).toBeVisible();
  await expect(dialog).toContainText(alert.id);
  await expect(dialog).toContainText('db-2 is 40 s behind');
  await expect(page).toHaveURL(new RegExp(`alert=${alert.id}`));

  const history = dialog.getByRole('table', { name: 'Alert history' }).locator('tbody tr');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('Acknowledged (Open → Acknowledged)');
  await expect(history.nth(0)).toContainText('Public link');
  await expect(history.nth(0)).toContainText('Anyone with the link');
  await expect(history.nth(0)).toContainText('127.0.0.1');
  await expect(history.nth(1)).toContainText('Closed (Acknowledged → Closed)');

  // The open dialog is in the URL: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Alert details' }).getByRole('table', { name: 'Alert history' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).not.toHaveURL(/alert=/);
});

test('a change made elsewhere reaches an open console without a reload', async ({ page, browser, api, request }) => {
  const user = await api.createUser();
  const alert = await api.createAlert(user.token, { title: 'Live alert' });
  await signIn(page, user, '/alerts');
  await expect(stateOf(page, 'Live alert')).toContainText('Open');

  // A second browser, signed in as the same user, acknowledges it from its own console.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, user, '/alerts');
  await second.getByRole('checkbox', { name: 'Select alert Live alert' }).check();
  await second.getByRole('toolbar', { name: 'Selected alerts' }).getByRole('button', { name: 'Acknowledge' }).click();
  await expect(toast(second, '1 alert acknowledged')).toBeVisible();
  await expect(stateOf(page, 'Live alert')).toContainText('Acknowledged');

  // The public link (no login) closes it; a new alert arrives through the API: both show up in both browsers.
  await request.post(`/api/v1/alert/close/${alert.id}`);
  await api.createAlert(user.token, { title: 'Arrived later' });
  await expect(stateOf(page, 'Live alert')).toContainText('Closed');
  await expect(rowOf(page, 'Arrived later')).toHaveCount(1);
  await expect(stateOf(second, 'Live alert')).toContainText('Closed');
  await other.close();
});

test('the dashboard shows open alerts by severity, MTTA and MTTR', async ({ page, api, request }) => {
  const user = await api.createUser();
  await signIn(page, user, '/');
  await expect(page.getByTestId('mtta')).toHaveText('—');
  await expect(page.getByTestId('mttr')).toHaveText('—');
  await expect(page.getByTestId('open-critical')).toHaveText('0');

  await api.createAlert(user.token, { title: 'C1', severity: 'critical' });
  await api.createAlert(user.token, { title: 'C2', severity: 'critical' });
  await api.createAlert(user.token, { title: 'W1', severity: 'warning' });
  const done = await api.createAlert(user.token, { title: 'H1', severity: 'high' });
  await request.post(`/api/v1/alert/acknowledge/${done.id}`);
  await request.post(`/api/v1/alert/close/${done.id}`);

  // The open dashboard follows the changes live.
  await expect(page.getByTestId('open-critical')).toHaveText('2');
  await expect(page.getByTestId('open-warning')).toHaveText('1');
  await expect(page.getByTestId('open-high')).toHaveText('0');
  await expect(page.getByTestId('open-info')).toHaveText('0');
  await expect(page.getByTestId('mtta')).toHaveText(/^\d+ (s|min)/);
  await expect(page.getByTestId('mttr')).toHaveText(/^\d+ (s|min)/);
  await expect(page.getByTestId('alerts-count')).toHaveText('4');

  await page.getByRole('link', { name: 'Critical: 2 open' }).click();
  await expect(page).toHaveURL(/\/alerts\?state=open&severity=critical$/);
  await expect(rows(page)).toHaveCount(2);
});

test('usable at 360 px: filters, bulk toolbar and details fit the screen', async ({ page, api }) => {
  const user = await api.createUser();
  await api.createAlert(user.token, { title: 'Narrow screen alert', description: 'a phone on call', severity: 'info' });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, user, '/alerts?severity=info');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add Alert' })).toBeInViewport();
  await expect(page.getByRole('combobox', { name: 'Severity' })).toBeInViewport();
  await expect(page.getByRole('toolbar', { name: 'Selected alerts' }).getByRole('button', { name: 'Close' })).toBeInViewport();
  // Only the table scrolls sideways, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('alerts-360.png') });

  await rowOf(page, 'Narrow screen alert').getByRole('button', { name: 'Narrow screen alert', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert details' });
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('alert-details-360.png') });
});
