import type { Page, Response } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures';

// Spec §4 and §8: a 401 or 403 answering any query or mutation removes the token and does a
// full redirect to /login. Both answers come from the real API, for real reasons (no route
// mocks): a superuser demoted while on /admin (403 on the users list), and a password changed
// elsewhere, which voids the tokens (401 on a delete).

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every API answer the page receives with a 401 or 403, in order: the one that ended the session comes first. */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    if (response.url().includes('/api/v1/') && [401, 403].includes(response.status())) {
      seen.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
    }
  });
  return seen;
}

async function expectSessionEnded(page: Page) {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
}

test('a 403 answering a query ends the session: a superuser demoted while on /admin', async ({ page, api, request }) => {
  const superuser = await api.createUser({ is_superuser: true, full_name: 'Soon Demoted' });
  // More than one page of users (5 per page), so the next page is a fresh query.
  for (let i = 0; i < 5; i++) await api.createUser();
  const seen = refusals(page);
  await signIn(page, superuser, '/admin');
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' })).toBeEnabled();

  // Another superuser takes the role away; the token stays valid (only a password change or
  // deactivation voids it), so what answers next is a 403, not a 401.
  const adminToken = await api.token(ADMIN.email, ADMIN.password);
  const demote = await request.patch(`/api/v1/users/${superuser.id}`, { headers: auth(adminToken), data: { is_superuser: false } });
  expect(demote.status(), await demote.text()).toBe(200);

  const [answer] = await Promise.all([
    page.waitForResponse((r) => /\/api\/v1\/users\/\?skip=5&limit=5$/.test(r.url())),
    page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click(),
  ]);
  expect(answer.status()).toBe(403);
  await expectSessionEnded(page);
  expect(seen[0]).toBe('GET /api/v1/users/ 403');
});

test('a 401 answering a mutation ends the session: the password changed in another session', async ({ page, api, request }) => {
  const user = await api.createUser();
  const integration = await api.createIntegration(user.token, { title: 'Voided session target' });
  const seen = refusals(page);
  await signIn(page, user, '/integrations');
  await page.getByRole('button', { name: `Actions for integration ${integration.title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Integration' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Integration' });
  await expect(dialog).toBeVisible();

  // The same user changes their password elsewhere: every token issued before is void.
  const change = await request.patch('/api/v1/users/me/password', {
    headers: auth(user.token),
    data: { current_password: user.password, new_password: 'a-brand-new-password' },
  });
  expect(change.status(), await change.text()).toBe(200);

  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/v1/integration/${integration.id}`)),
    dialog.getByRole('button', { name: 'Delete' }).click(),
  ]);
  expect(answer.status()).toBe(401);
  await expectSessionEnded(page);
  expect(seen[0]).toBe(`DELETE /api/v1/integration/${integration.id} 401`);
  // The refused delete changed nothing.
  const stillThere = await request.get(`/api/v1/integration/${integration.id}`, {
    headers: auth(await api.token(user.email, 'a-brand-new-password')),
  });
  expect(stillThere.status()).toBe(200);
});
