import { expect, signIn, test } from './fixtures';

// Settings › API tokens (docs/api/tokens.md) against the real API: the token made in the
// console works as a bearer credential within its scope, and stops once revoked there.

test('a token made in Settings reads as its holder, cannot act beyond its scope, and stops once revoked', async ({
  page,
  api,
  request,
}) => {
  const user = await api.createUser({ full_name: 'Token Person' });
  await signIn(page, user, '/settings?tab=api-tokens');
  await expect(page.getByText('You have no API tokens.')).toBeVisible();

  await page.getByRole('button', { name: 'Create token' }).click();
  await page.getByLabel('Name').fill('Grafana');
  await page.getByRole('button', { name: 'Save' }).click();
  const secretField = page.getByRole('textbox', { name: 'API token', exact: true });
  await expect(secretField).toHaveValue(/^vgl_[A-Za-z0-9_-]{43}$/);
  const secret = await secretField.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row').filter({ hasText: 'Grafana' });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('read');

  const headers = { authorization: `Bearer ${secret}` };
  const me = await request.get('/api/v1/users/me', { headers });
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(user.email);
  const create = await request.post('/api/v1/alert/', { headers, data: { title: 'Not with read' } });
  expect(create.status()).toBe(403);

  await row.getByRole('button', { name: 'Revoke Grafana' }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(row).toContainText('Revoked');
  const after = await request.get('/api/v1/users/me', { headers });
  expect(after.status()).toBe(401);
  expect((await after.json()).detail).toBe('This API token has been revoked');
});
