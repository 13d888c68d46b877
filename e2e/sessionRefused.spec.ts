import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request, Route } from '@playwright/test';
import { SignJWT } from 'jose';
import { ADMIN, type ApiHelper, expect, signIn, test } from './fixtures';

// Spec §4, §8: a stored token the server refuses ALWAYS ends on /login, the token removed,
// whatever the order of the answers. The real server answers every request; the tests only
// make it slow (page.route waits, then continue()): each API answer and each remote's files
// come late by a jitter drawn from a seeded sequence (so a failing order can be replayed), and
// the /login page itself loads slowly, so that many refusals arrive while its load is on its
// way. Before the fix every refusal started that load again, the layout kept showing (and kept
// querying) while it was pending, and a refusal of an earlier session ended the next one.

const PAGES = ['/', '/alerts', '/settings', '/admin'] as const;
const KINDS = ['garbage', 'expired', 'voided', 'deleted'] as const;
type Kind = (typeof KINDS)[number];
const ROUNDS = 2;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token the server refuses, of each kind a browser may hold. */
async function refusedToken(kind: Kind, api: ApiHelper, request: import('@playwright/test').APIRequestContext): Promise<string> {
  if (kind === 'garbage') return 'not-a-token';
  // A superuser, so that /admin would be theirs were the token good.
  const user = await api.createUser({ is_superuser: true, full_name: 'Refused Person' });
  if (kind === 'expired') {
    // Signed with the server's own key (the development key in its DATA_DIR), expired an hour ago.
    const secret = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'secret_key'), 'utf8').trim();
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(secret));
  }
  if (kind === 'voided') {
    // The password changed in another session: every token issued before is void.
    const change = await request.patch('/api/v1/users/me/password', {
      headers: auth(user.token),
      data: { current_password: user.password, new_password: 'a-brand-new-password' },
    });
    expect(change.status(), await change.text()).toBe(200);
    return user.token;
  }
  const gone = await request.delete(`/api/v1/users/${user.id}`, { headers: auth(await api.token(ADMIN.email, ADMIN.password)) });
  expect(gone.status(), await gone.text()).toBe(200);
  return user.token;
}

/** A small seeded generator (an LCG): the same seed gives the same delays, hence the same order. */
function jitter(seed: number, maxMs: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return Math.floor((state / 2 ** 32) * maxMs);
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes the real server slow: API answers, remotes' files and the /login page all come late. */
async function slowServer(page: Page, seed: number) {
  const api = jitter(seed, 700);
  const remote = jitter(seed + 1, 1_000);
  await page.route('**/api/v1/**', async (route: Route) => {
    await pause(api());
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  });
  await page.route('**/remotes/**', async (route: Route) => {
    await pause(remote());
    await route.continue().catch(() => {});
  });
  await page.route('**/login', async (route: Route) => {
    if (route.request().isNavigationRequest()) await pause(800);
    await route.continue().catch(() => {});
  });
}

/** Each full load of /login the page starts from now on (a redirect restarted counts again). */
function loginLoads(page: Page): Request[] {
  const loads: Request[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame() && new URL(r.url()).pathname === '/login') loads.push(r);
  });
  return loads;
}

/**
 * Stores `token` as the console does (raw, in localStorage), from a same-origin page that runs
 * none of the console's code (the health check's JSON, as signIn does): the refused page is the
 * first console page this browser context loads.
 */
async function storeToken(page: Page, token: string) {
  await page.goto('/api/v1/utils/health-check/');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/** The end state the spec asks for, and that it lasts once everything in flight has arrived. */
async function expectEndedOnLogin(page: Page, loads: Request[]) {
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  // One full load of /login: the login page is a document of its own, not the refused page
  // routed there, and no later refusal started the load again.
  expect(loads.map((r) => new URL(r.url()).pathname)).toEqual(['/login']);
  const loaded = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name ?? '');
  expect(new URL(loaded).pathname).toBe('/login');
}

// A test per page and kind of token (not one per page with every kind in it): the slow
// answers make each long, and sixteen of them spread over the workers where four would not.
// A test's rounds run at once, each in a browser context of its own (its own storage, routes
// and listeners): they mostly wait on the slowed answers, so together they take one round's time.
for (const [p, path] of PAGES.entries()) {
  for (const [k, kind] of KINDS.entries()) {
    test(`a refused ${kind} token on ${path} ends on /login, whatever order the slow answers come in`, async ({
      browser,
      api,
      request,
    }) => {
      test.setTimeout(120_000);
      const round = async (index: number) => {
        const seed = 1 + p * 100 + k * 10 + index;
        await test.step(`round ${index + 1} (seed ${seed})`, async () => {
          const token = await refusedToken(kind, api, request);
          const context = await browser.newContext();
          try {
            const page = await context.newPage();
            await storeToken(page, token);
            const loads = loginLoads(page);
            await slowServer(page, seed);
            await page.goto(path, { waitUntil: 'commit' });
            await expectEndedOnLogin(page, loads);
          } finally {
            await context.close();
          }
        });
      };
      await Promise.all(Array.from({ length: ROUNDS }, (_, index) => round(index)));
    });
  }
}

/** A promise and the function that settles it: the tests hold a request until they are ready. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

test('while /login loads, the refused page takes the layout down and stays where it is', async ({ page, api, request }) => {
  test.setTimeout(120_000);
  const token = await refusedToken('voided', api, request);
  await storeToken(page, token);
  const loads = loginLoads(page);
  // The /login page is held until the refused page has been looked at: no timing involved.
  const loginPage = gate();
  await page.route('**/login', async (route) => {
    if (route.request().isNavigationRequest()) await loginPage.opened;
    await route.continue().catch(() => {});
  });

  // The page reports what it shows itself (a console line per change): while a load is pending,
  // Playwright's locators and evaluate wait for it to finish first.
  type Shown = { ending: boolean; sideMenu: boolean; topBar: boolean; path: string; token: string | null };
  const ending = new Promise<Shown>((resolve) => {
    page.on('console', (message) => {
      const [tag, json] = message.text().split('\t');
      if (tag !== 'vigil-page' || !json) return;
      const shown = JSON.parse(json) as Shown;
      if (shown.ending) resolve(shown);
    });
  });
  await page.addInitScript(() => {
    let last = '';
    const report = () => {
      const shown = JSON.stringify({
        ending: document.body?.textContent?.includes('Your session has ended. Opening the login page…') ?? false,
        sideMenu: document.querySelector('[aria-label="Side menu"]') !== null,
        topBar: document.querySelector('header') !== null,
        path: location.pathname,
        token: localStorage.getItem('access_token'),
      });
      if (shown === last) return;
      last = shown;
      console.log(`vigil-page\t${shown}`);
    };
    new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/alerts', { waitUntil: 'commit' });

  // The layout is gone, the token too, and no client-side navigation races the full load: the
  // URL is still the refused page's.
  expect(await ending).toEqual({ ending: true, sideMenu: false, topBar: false, path: '/alerts', token: null });
  await expect.poll(() => loads.length).toBe(1);

  loginPage.open();
  await expectEndedOnLogin(page, loads);
});

test('a refusal answering a request of an earlier session does not end the next one', async ({ page, api, request }) => {
  test.setTimeout(120_000);
  const first = await api.createUser({ full_name: 'First Session' });
  const second = await api.createUser({ full_name: 'Second Session' });
  await api.createAlert(first.token, { title: 'Seen by the first session' });
  await signIn(page, first, '/alerts');
  // (A first visit loads the remote: slow on a busy machine.)
  await expect(page.getByText('Seen by the first session')).toBeVisible({ timeout: 30_000 });

  // The first session's next request is held until the second session is signed in. It is a
  // mutation (an acknowledgement): unlike a query, signing out does not cancel it.
  const firstSessionRequest = gate();
  const held = gate();
  await page.route(
    (url) => url.pathname === '/api/v1/alert/bulk',
    async (route) => {
      if (route.request().headers().authorization === `Bearer ${first.token}`) {
        held.open();
        await firstSessionRequest.opened;
      }
      await route.continue().catch(() => {});
    },
  );
  await page.getByRole('checkbox', { name: 'Select alert Seen by the first session' }).check();
  await page.getByRole('toolbar', { name: 'Selected alerts' }).getByRole('button', { name: 'Acknowledge' }).click();
  await held.opened;

  // Meanwhile the first session's token is voided elsewhere, and the user switches accounts.
  const change = await request.patch('/api/v1/users/me/password', {
    headers: auth(first.token),
    data: { current_password: first.password, new_password: 'a-brand-new-password' },
  });
  expect(change.status(), await change.text()).toBe(200);
  await page.getByRole('button', { name: 'First Session', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(second.email);
  await page.getByLabel('Password', { exact: true }).fill(second.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Second Session', exact: true })).toBeVisible({ timeout: 30_000 });
  const secondToken = await storedToken(page);
  expect(secondToken).not.toBeNull();

  // Now the first session's request reaches the server, which refuses it.
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().headers().authorization === `Bearer ${first.token}`),
    firstSessionRequest.open(),
  ]);
  expect(refused.status()).toBe(401);
  // Wait until the page has handled that answer (its body read, then a frame and a task for the
  // handlers it sets off), not for network idleness: the dashboard keeps a request open.
  await refused.finished();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));

  // The second session goes on: same page, same token, nothing reloaded.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Second Session', exact: true })).toBeVisible();
  expect(await storedToken(page)).toBe(secondToken);
  const acknowledged = await api.alert(
    (await (await request.get('/api/v1/alert/', { headers: auth(await api.token(first.email, 'a-brand-new-password')) })).json()).data[0]
      .id,
  );
  expect(acknowledged.state).toBe('open'); // the refused acknowledgement changed nothing
});
