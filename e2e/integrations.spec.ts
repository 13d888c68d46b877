import type { Page } from '@playwright/test';
import { type ApiHelper, type E2EUser, expect, signIn, test } from './fixtures';

// /integrations?page=n (docs/product.md §2.5, §8.2, §9): the signed-in user's integrations, 5 a page, with Delete.
// Each test owns a fresh user, so its list holds exactly what the test created.

const EMPTY = "You don't have any integrations yet";

const rows = (page: Page) => page.getByRole('table', { name: 'Integrations' }).locator('tbody tr');
const rowOf = (page: Page, title: string) => rows(page).filter({ has: page.getByRole('cell', { name: title, exact: true }) });

/** `n` integrations titled `Integration 1` … `Integration n`, created oldest first (the list shows newest first). */
async function createIntegrations(api: ApiHelper, user: E2EUser, n: number) {
  const created = [];
  for (let i = 1; i <= n; i++) created.push(await api.createIntegration(user.token, { title: `Integration ${i}` }));
  return created;
}

async function openDeleteDialog(page: Page, title: string) {
  await page.getByRole('button', { name: `Actions for integration ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Integration' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Integration' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  return dialog;
}

test('lists the integrations with ID, Title, Description (N/A when empty) and Actions', async ({ page, api }) => {
  const user = await api.createUser();
  const described = await api.createIntegration(user.token, { title: 'Prometheus', description: 'Main cluster alertmanager' });
  const bare = await api.createIntegration(user.token, { title: 'Grafana' });
  await signIn(page, user, '/integrations');

  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const headers = page.getByRole('table', { name: 'Integrations' }).getByRole('columnheader');
  await expect(headers).toHaveText(['ID', 'Title', 'Description', 'Actions']);
  await expect(rows(page)).toHaveCount(2);

  const first = rowOf(page, 'Prometheus');
  await expect(first.getByRole('cell').nth(0)).toHaveText(described.id);
  await expect(first.getByRole('cell').nth(2)).toHaveText('Main cluster alertmanager');
  await expect(first.getByRole('button', { name: 'Actions for integration Prometheus' })).toBeVisible();

  const second = rowOf(page, 'Grafana');
  await expect(second.getByRole('cell').nth(0)).toHaveText(bare.id);
  await expect(second.getByRole('cell').nth(2)).toHaveText('N/A');
  await expect(rows(page).first()).toContainText('Grafana');
});

test('a user without integrations sees the empty state', async ({ page, api }) => {
  const user = await api.createUser();
  await signIn(page, user, '/integrations');
  await expect(page.getByRole('heading', { name: EMPTY })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Integrations' })).toHaveCount(0);
});

test('pages hold 5 integrations and follow ?page=', async ({ page, api }) => {
  const user = await api.createUser();
  await createIntegrations(api, user, 7);
  await signIn(page, user, '/integrations');

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(rows(page)).toHaveCount(5);
  await expect(pagination).toContainText('Page 1 of 2');
  await expect(rows(page).first()).toContainText('Integration 7');

  await pagination.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/integrations\?page=2$/);
  await expect(pagination).toContainText('Page 2 of 2');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(1)).toContainText('Integration 1');

  await page.goto('/integrations?page=1');
  await expect(rows(page)).toHaveCount(5);
});

for (const invalid of ['abc', '0', '-2']) {
  test(`an invalid ?page=${invalid} means page 1`, async ({ page, api }) => {
    const user = await api.createUser();
    await createIntegrations(api, user, 6);
    await signIn(page, user, `/integrations?page=${invalid}`);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 2');
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).first()).toContainText('Integration 6');
  });
}

test('deleting asks for confirmation, then deletes, says so and refreshes the list', async ({ page, api, request }) => {
  const user = await api.createUser();
  const [kept, doomed] = await createIntegrations(api, user, 2);
  await signIn(page, user, '/integrations');
  await expect(rows(page)).toHaveCount(2);

  let dialog = await openDeleteDialog(page, 'Integration 2');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(2);

  dialog = await openDeleteDialog(page, 'Integration 2');
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v1/integration/${doomed!.id}`));
  await dialog.getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);

  await expect(page.getByText('The Integration was deleted successfully', { exact: true })).toBeVisible();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Integration 1')).toBeVisible();

  const list = await (await request.get('/api/v1/integration/', { headers: { authorization: `Bearer ${user.token}` } })).json();
  expect(list).toMatchObject({ count: 1, data: [{ id: kept!.id }] });
});

test('a failed delete shows the error toast and refreshes the list', async ({ page, api, request }) => {
  const user = await api.createUser();
  const [gone, other] = await createIntegrations(api, user, 2);
  await signIn(page, user, '/integrations');
  await expect(rows(page)).toHaveCount(2);

  // Another session deletes it first: this page's delete then meets a 404.
  expect((await request.delete(`/api/v1/integration/${gone!.id}`, { headers: { authorization: `Bearer ${user.token}` } })).status()).toBe(
    200,
  );

  const dialog = await openDeleteDialog(page, 'Integration 1');
  const failed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v1/integration/${gone!.id}`));
  await dialog.getByRole('button', { name: 'Delete' }).click();
  expect((await failed).status()).toBe(404);

  await expect(page.getByText('Something went wrong!', { exact: true })).toBeVisible();
  await expect(page.getByText('An error occurred while deleting the Integration', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Integration 2')).toBeVisible();
  expect(other).toBeDefined();
});

test('Add Integration asks for a title, creates the integration and opens its details', async ({ page, api }) => {
  const user = await api.createUser();
  await signIn(page, user, '/integrations');
  await expect(page.getByText(EMPTY)).toBeVisible();

  await page.getByRole('button', { name: 'Add Integration' }).click();
  const form = page.getByRole('dialog', { name: 'Add Integration' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();

  await form.getByRole('textbox', { name: 'Title' }).fill('Prometheus production');
  await form.getByRole('textbox', { name: 'Description' }).fill('eu-west cluster');
  const created = page.waitForResponse((res) => res.url().endsWith('/api/v1/integration/') && res.request().method() === 'POST');
  await form.getByRole('button', { name: 'Save' }).click();
  const body = (await (await created).json()) as { id: string; ingest_url?: string };
  await expect(page.getByText('Integration created successfully.', { exact: true })).toBeVisible();

  const details = page.getByRole('dialog', { name: 'Integration details' });
  await expect(details.getByRole('heading', { name: 'Prometheus production' })).toBeVisible();
  await expect(details).toContainText(body.id);
  await expect(details).toContainText('eu-west cluster');
  if (body.ingest_url) {
    // The create answer carries the ingest URL: shown this once, with examples filled with it.
    await expect(details.getByRole('textbox', { name: 'Ingest URL' })).toHaveValue(body.ingest_url);
    await expect(details.getByRole('region', { name: 'curl' })).toContainText(`curl -X POST '${body.ingest_url}'`);
    await expect(details.getByRole('region', { name: 'Alertmanager webhook_configs' })).toContainText(`url: '${body.ingest_url}'`);
  } else {
    // No URL in the answer: the key can be rotated to get one.
    await expect(details.getByRole('button', { name: 'Rotate ingest key' })).toBeVisible();
  }
  await details.getByRole('button', { name: 'Done' }).click();
  await expect(details).toBeHidden();
  await expect(rowOf(page, 'Prometheus production')).toHaveCount(1);

  // Reopening from the list shows the fields again, never the secret URL.
  await rowOf(page, 'Prometheus production').getByRole('button', { name: 'Prometheus production', exact: true }).click();
  await expect(details).toContainText(body.id);
  await expect(details.getByRole('textbox', { name: 'Ingest URL' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Rotate ingest key' })).toBeVisible();
});
