import type { ConsoleMessage, Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures';

// The shell's public pages are prerendered at build time (shell/rsbuild.prerender.ts):
// their first HTML holds the page and its styles, they show without JavaScript, and the shell's
// JavaScript then hydrates them without a React warning, in Light and with a stored Dark.

interface PublicPage {
  path: string;
  heading: string;
  labels: string[];
  button: string;
  links: string[];
}

// docs/product.md §2.1 and §2.11: the pages' exact texts.
const PAGES: PublicPage[] = [
  { path: '/login', heading: 'Log in', labels: ['Email', 'Password'], button: 'Log In', links: ['Forgot password?', 'Sign up'] },
  {
    path: '/signup',
    heading: 'Sign up',
    labels: ['Full name', 'Email', 'Password', 'Confirm password'],
    button: 'Sign Up',
    links: ['Log in'],
  },
  { path: '/recover-password', heading: 'Password Recovery', labels: ['Email'], button: 'Continue', links: ['Log in'] },
  {
    path: '/reset-password',
    heading: 'Reset Password',
    labels: ['New password', 'Confirm password'],
    button: 'Reset Password',
    links: ['Back to log in'],
  },
];

/** Fluent's brand background (webLightTheme colorBrandBackground): the primary button is styled by the page's own CSS. */
const BRAND_BACKGROUND = 'rgb(15, 108, 189)';
/** webDarkTheme's colorNeutralBackground1: the card of a page shown in the stored Dark theme. */
const DARK_CARD = 'rgb(41, 41, 41)';

/** Every console error or warning and page error (a React hydration mismatch is one of them). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Marks the form the server sent before any script runs (the document is parsed, hydration is
 * still ahead: it waits for chunks). After hydration the mark must still be there: React kept
 * the prerendered nodes instead of rendering the page anew.
 */
async function markPrerenderedForm(page: Page) {
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const form = document.querySelector('#root form');
      if (form) form.setAttribute('data-prerendered-node', '');
    }),
  );
}

/** Hydrated: React's fiber is on the form the server drew, and its controls are enabled. */
async function expectHydratedInPlace(page: Page, spec: PublicPage) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('#root form') ?? {}).some((key) => key.startsWith('__react'))))
    .toBe(true);
  await expect(page.locator('#root form[data-prerendered-node]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: spec.button, exact: true })).toBeEnabled();
}

for (const spec of PAGES) {
  test(`${spec.path}: the first HTML holds the page's texts and styles`, async ({ request }) => {
    const response = await request.get(spec.path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['content-encoding']).toBe('br');
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${spec.heading}</h1>`));
    for (const label of spec.labels) expect(html).toMatch(new RegExp(`<label[^>]*>${label}</label>`));
    expect(html).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>(<span[^>]*>.*?</span>)?${spec.button}</button>`));
    for (const link of spec.links) expect(html).toMatch(new RegExp(`<a [^>]*>${link.replace('?', '\\?')}</a>`));
    // Griffel's styles for what it drew, and the dark theme's variables for a stored Dark.
    expect(html).toContain('data-make-styles-bucket');
    expect(html).toContain('html[data-theme="dark"] #root > .fui-FluentProvider');
    // No inline script (the CSP allows none): the page is whole without one.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const spec of PAGES) {
    test(`${spec.path} shows its form, styled`, async ({ page }) => {
      await page.goto(spec.path);
      await expect(page.getByRole('heading', { level: 1, name: spec.heading })).toBeVisible();
      for (const label of spec.labels) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
      const button = page.getByRole('button', { name: spec.button, exact: true });
      await expect(button).toBeVisible();
      await expect(button).toHaveCSS('background-color', BRAND_BACKGROUND);
      for (const link of spec.links) await expect(page.getByRole('link', { name: link, exact: true })).toBeVisible();
    });
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`in ${theme === 'dark' ? 'a stored Dark' : 'Light'}, each page hydrates in place without a React warning or error`, async ({
    page,
  }) => {
    const problems = collectProblems(page);
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await markPrerenderedForm(page);
    for (const spec of PAGES) {
      await page.goto(`${spec.path}${spec.path === '/reset-password' ? '?token=abc' : ''}`);
      await expectHydratedInPlace(page, spec);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const card = page.locator('section[aria-labelledby="auth-title"]');
      if (theme === 'dark') await expect(card).toHaveCSS('background-color', DARK_CARD);
      else await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)');
      await page.waitForLoadState('networkidle');
    }
    // The reset page without its token says so once hydrated (the prerender cannot know).
    await page.goto('/reset-password');
    await expect(page.getByText('This link has no reset token.')).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('after hydration the login works: the seeded superuser reaches the dashboard', async ({ page }) => {
  const problems = collectProblems(page);
  await markPrerenderedForm(page);
  await page.goto('/login');
  await expectHydratedInPlace(page, PAGES[0]!);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Everything the dashboard loads on arrival, shown. (Not the network going idle: the
  // dashboard holds its live change stream open, so it never does once that has started.)
  await expect(page.getByTestId('integrations-count')).toBeVisible();
  await expect(page.getByTestId('alerts-count')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a signed-in user who opens /login is sent to /, and a deep link still opens its page', async ({ page, api }) => {
  const user = await api.createUser();
  await signIn(page, user, '/login');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
});

// The page names the scripts it hydrates with (shell/rsbuild.prerender.ts), so a phone fetches
// them at once instead of in three rounds. A hint for a script the page never runs would cost a
// phone its bytes for nothing: every hinted chunk must be one the page has run once hydrated.
test('each page hints the scripts it hydrates with, and each hinted chunk runs', async ({ page, request }) => {
  await markPrerenderedForm(page);
  for (const spec of PAGES) {
    const html = await (await request.get(spec.path)).text();
    const hinted = [...html.matchAll(/<link rel="preload" as="script" href="[^"]*\/static\/js\/async\/([^/".]+)\.[0-9a-f]+\.js">/g)].map(
      (match) => match[1]!,
    );
    expect(hinted).toContain('first-load');
    expect(hinted.length).toBeGreaterThan(2);
    await page.goto(spec.path);
    await expectHydratedInPlace(page, spec);
    const ran = await page.evaluate(() =>
      Object.keys(self)
        .filter((key) => /^chunk_vigil_shell$/.test(key))
        .flatMap((key) => (self as unknown as Record<string, [unknown[]][]>)[key]!.flatMap((entry) => entry[0].map(String))),
    );
    // The shell's chunk-loading global (Rspack: chunk_<unique name>). A named chunk's file is named for it (`first-load`), not for its id: the others by id.
    expect(ran).toEqual(expect.arrayContaining(hinted.filter((name) => name !== 'first-load')));
  }
});
