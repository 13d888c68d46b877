import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID, CLIENT_SECRET, TestOidcProvider } from '../api/test/helpers/oidcProvider';
import { type ApiServer, startApiServer } from './apiServer';
import { ADMIN, expect, loginHydrated, test } from './fixtures';

// Single sign-on in Chromium (docs/api/single-sign-on.md): the built console and API, started
// with a real OpenID provider (the `oidc-provider` package) on 127.0.0.1. The provider's own
// screens are replaced by an interaction that signs in the person the test names; every
// redirect, cookie and token exchange is the browser's and the servers' own.

let provider: TestOidcProvider | undefined;
let server: ApiServer | undefined;
let cleanUp = () => {};

// In beforeAll, not a worker fixture: a fixture of its own would give the file workers that
// Playwright starts only once every other test has run.
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-sso-data-'));
  cleanUp = () => {
    server?.process.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  provider = await TestOidcProvider.listen();
  server = await startApiServer({
    DATA_DIR: dataDir,
    FIRST_SUPERUSER: ADMIN.email,
    FIRST_SUPERUSER_PASSWORD: ADMIN.password,
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_PROVIDER_NAME: 'Test IdP',
  });
  // Vigil's address is known only now: its callback is registered at the provider.
  await provider.serve(`${server.url}/api/v1/auth/oidc/callback`);
});
test.afterAll(async () => {
  cleanUp();
  await provider?.close();
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
test.use({ baseURL: async ({}, use) => use(server?.url) });

test('"Sign in with Test IdP" on /login signs a new person in and opens the dashboard', async ({ page }) => {
  const email = `sso-${randomUUID().slice(0, 8)}@example.com`;
  provider!.signInAs({ sub: `sub-${email}`, email, email_verified: true, name: 'Sso Person', groups: ['sre'] });
  await page.goto('/login');
  await loginHydrated(page);
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const me = await page.request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ email, full_name: 'Sso Person', is_superuser: false });
});

test('a refused sign-in comes back to /login saying why, signed out', async ({ page }) => {
  const email = `unverified-${randomUUID().slice(0, 8)}@example.com`;
  provider!.signInAs({ sub: `sub-${email}`, email, email_verified: false });
  await page.goto('/login');
  await loginHydrated(page);
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Your email address is not verified at the sign-in provider: verify it there, then try again.',
  );
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(new URL(page.url()).hash).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();
});
