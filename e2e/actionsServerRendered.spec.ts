import type { ConsoleMessage } from '@playwright/test';
import { type ApiHelper, expect, signedLinkPath, test } from './fixtures';

// /actions/{id} is rendered on the server (api/src/console/publicPageRoutes.ts), so
// it paints before its JavaScript, works without it (form posts), and then hydrates cleanly.

const BUTTONS = ['Acknowledge', 'Escalate', 'Close'] as const;
/** api/src/console/formOrigin.ts */
const CROSS_SITE_FORM =
  'This action was sent from another website, so nothing was done. Open the link in your notification and press the button on its page.';

async function openAlert(api: ApiHelper, title: string) {
  const owner = await api.createUser();
  const alert = await api.createAlert(owner.token, {
    title,
    description: 'The <b>data</b> volume of db-1 is filling up.',
    severity: 'critical',
  });
  return { owner, alert };
}

test("the page's first HTML holds the alert, its state, severity and the three buttons, styled", async ({ api, request }) => {
  const { alert } = await openAlert(api, 'SSR: disk <script>alert(1)</script> on db-1');
  const response = await request.get(`/actions/${alert.id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  // Escaped: the title's markup is text, never an element.
  expect(html).toContain('SSR: disk &lt;script&gt;alert(1)&lt;/script&gt; on db-1');
  expect(html).not.toContain('<script>alert(1)</script>');
  expect(html).toContain('The &lt;b&gt;data&lt;/b&gt; volume of db-1 is filling up.');
  expect(html).toMatch(/>Open</);
  expect(html).toMatch(/>Critical</);
  for (const button of BUTTONS) expect(html).toMatch(new RegExp(`<button type="submit"[^>]*>.*?${button}</button>`));
  // Fluent's styles come with it, and the data the page hydrates from.
  expect(html).toContain('data-make-styles-bucket');
  expect(html).toContain('<script type="application/json" id="vigil-page-data">');
  // Loading the page never acts.
  expect((await api.alert(alert.id)).state).toBe('open');
});

test('a missing alert, and a refused link, render their failure on the server with their status', async ({ api, request }) => {
  const missing = await request.get('/actions/00000000-0000-4000-8000-000000000000');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Failed to load alert data or alert doesn&#x27;t exist');
  expect((await request.get('/actions/not-a-uuid')).status()).toBe(404);

  const { alert } = await openAlert(api, 'SSR: refused link');
  const refused = await request.get(`/actions/${alert.id}?t=1.zz.bm9ib2R5.${'A'.repeat(43)}`);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('This link is not valid');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows the alert and Acknowledge posts a form: the result page, and the alert changed', async ({ page, api }) => {
    const { owner, alert } = await openAlert(api, 'SSR: no-JS acknowledge');
    const link = signedLinkPath(alert.id, owner.email);
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1, name: alert.title })).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alert Acknowledged' })).toBeVisible();
    // The link's token went with the form, and on to the result page's Back.
    await expect(page).toHaveURL(`/acknowledge/${alert.id}?t=${link.token}`);
    expect((await api.alert(alert.id)).state).toBe('acknowledged');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByText('Acknowledged', { exact: true })).toBeVisible();
  });

  test("a refused action answers the error toast's texts as a page, and stays refused", async ({ page, api, request }) => {
    const { alert } = await openAlert(api, 'SSR: no-JS closed alert');
    await page.goto(`/actions/${alert.id}`);
    await request.post(`/api/v1/alert/close/${alert.id}`);
    await page.getByRole('button', { name: 'Escalate', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeVisible();
    await expect(page.getByText('Alert is closed', { exact: true })).toBeVisible();
    expect((await api.alert(alert.id)).state).toBe('closed');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  });
  test("a form posted from another site is refused with a page that says why; the page's own form acts", async ({ page, api, baseURL }) => {
    const { owner, alert } = await openAlert(api, 'SSR: cross-site post');
    const link = signedLinkPath(alert.id, owner.email);
    // A page elsewhere whose button posts to the alert's action, link token and all: once as
    // it is (Origin: http://elsewhere.test), once under no-referrer (Origin: null, and only
    // Sec-Fetch-Site: cross-site tells where it came from).
    for (const head of ['', '<meta name="referrer" content="no-referrer">']) {
      await page.route('http://elsewhere.test/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html>${head}<form method="post" action="${baseURL}/actions/${alert.id}/acknowledge?t=${link.token}"><button>Win a prize</button></form>`,
        }),
      );
      await page.goto('http://elsewhere.test/');
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.url().includes(`/actions/${alert.id}/acknowledge`)),
        page.getByRole('button', { name: 'Win a prize' }).click(),
      ]);
      expect(refused.status(), head).toBe(403);
      expect((await refused.request().allHeaders()).origin).toBe(head ? 'null' : 'http://elsewhere.test');
      await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeVisible();
      await expect(page.getByText(CROSS_SITE_FORM, { exact: true })).toBeVisible();
      expect((await api.alert(alert.id)).state).toBe('open');
      await page.unroute('http://elsewhere.test/**');
    }

    // The same button on the alert's own page: its form posts with Origin: null too (the page's
    // Referrer-Policy is no-referrer), and Sec-Fetch-Site: same-origin lets it act.
    await page.goto(link.path);
    const [own] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST'),
      page.getByRole('button', { name: 'Acknowledge', exact: true }).click(),
    ]);
    expect((await own.allHeaders()).origin).toBe('null');
    await expect(page.getByRole('heading', { level: 1, name: 'Alert Acknowledged' })).toBeVisible();
    expect((await api.alert(alert.id)).state).toBe('acknowledged');
  });
});

test('with JavaScript the page hydrates without a React warning or error, asks the API nothing, and acts', async ({ page, api }) => {
  const messages: string[] = [];
  const keep = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
  };
  page.on('console', keep);
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  const apiCalls: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && apiCalls.push(r.url()));
  const { alert } = await openAlert(api, 'SSR: hydration');

  await page.goto(`/actions/${alert.id}`);
  await page.waitForLoadState('networkidle');
  // Hydrated: the date reads in the browser's locale (the server wrote it in UTC).
  await expect(page.locator('time')).not.toContainText('UTC');
  expect(apiCalls).toEqual([]);
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert Closed' })).toBeVisible();
  expect(apiCalls).toHaveLength(1);
  expect((await api.alert(alert.id)).state).toBe('closed');
  // A failure page hydrates cleanly too.
  await page.goto('/actions/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText("Failed to load alert data or alert doesn't exist")).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The id as a link may spell it, in capitals: the same alert, hydrated from the same data.
  await page.goto(`/actions/${alert.id.toUpperCase()}`);
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A stored Dark appearance (which the server cannot know) applies after hydration, not during it.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto(`/actions/${alert.id}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForLoadState('networkidle');
  // The 404 of that document is the browser's one expected console error; nothing from React.
  expect(messages.filter((m) => !/status of 404/.test(m))).toEqual([]);
});
