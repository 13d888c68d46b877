import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, signIn, test } from './fixtures';

// /admin/audit-log (docs/product/02-screens.md §2.8, docs/api/audit-log.md): a superuser finds an
// integration's entries by its id, reads one entry's changes and exports the filtered entries.

test.describe.configure({ timeout: 120_000 });

test("a superuser filters the audit log by a target, reads an entry's changes and exports the entries", async ({ page, api, request }) => {
  const admin = await api.admin();
  const title = `Audited ${randomUUID().slice(0, 8)}`;
  const integration = await api.createIntegration(admin.token, { title });
  const rotated = await request.post(`/api/v1/integration/${integration.id}/ingest-key`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(rotated.status()).toBe(200);

  await signIn(page, admin, '/admin');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Target id').fill(integration.id);
  await page.getByRole('button', { name: 'Apply' }).click();
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('integration.key_rotated');
  await expect(rows.nth(1)).toContainText('integration.created');
  await expect(rows.nth(1)).toContainText(admin.email);

  await rows.nth(1).getByRole('button').click();
  await page.getByRole('menuitem', { name: 'Show changes' }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row').filter({ hasText: 'title' })).toContainText(title);
  await page.getByRole('button', { name: 'Done' }).click();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.jsonl$/);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(lines.map((line) => JSON.parse(line).action)).toEqual(['integration.key_rotated', 'integration.created']);
});
