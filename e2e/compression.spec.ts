import http from 'node:http';
import type { Response } from '@playwright/test';
import { E2E_BASE_URL } from '../playwright.config';
import { expect, signIn, test } from './fixtures';

// What the browser receives from the product as `npm start` serves it: the console's scripts
// and styles as the build's brotli (or gzip) copies, a large JSON answer compressed by the
// API, each with Vary: Accept-Encoding; a client that accepts no encoding gets the bytes.

const encodingOf = async (response: Response) => (await response.allHeaders())['content-encoding'];
const varyOf = async (response: Response) => (await response.allHeaders()).vary ?? '';

/** A GET with exactly these headers (no Accept-Encoding unless given), its body as it came. */
const rawGet = (pathname: string, headers: Record<string, string> = {}) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${E2E_BASE_URL}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

test("the console's JS and CSS and a large JSON answer arrive compressed, with Vary", async ({ page, api }) => {
  const user = await api.createUser();
  for (let i = 0; i < 12; i++) {
    await api.createAlert(user.token, { title: `Compressed alert ${i}`, description: `Disk usage above 90% on db-${i}, for ten minutes` });
  }
  const assets: Response[] = [];
  const lists: Response[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!response.url().startsWith(E2E_BASE_URL)) return;
    if (type === 'script' || type === 'stylesheet') assets.push(response);
    if (/\/api\/v1\/alert\/(\?|$)/.test(response.url())) lists.push(response);
  });
  await signIn(page, user, '/alerts');
  await expect(page.getByRole('table', { name: 'Alerts' }).getByRole('row', { name: /Compressed alert 11/ })).toBeVisible();

  expect(assets.filter((r) => r.url().endsWith('.js')).length).toBeGreaterThan(3);
  for (const asset of assets) {
    // Chromium accepts br on any origin: the build's brotli copy; gzip for a file it did not shrink.
    expect(await encodingOf(asset), asset.url()).toMatch(/^(br|gzip)$/);
    expect(await varyOf(asset), asset.url()).toMatch(/accept-encoding/i);
  }
  const list = lists.find((r) => r.status() === 200);
  expect(list, 'the alert list was requested').toBeDefined();
  expect(await encodingOf(list!)).toBe('br');
  expect(await varyOf(list!)).toMatch(/accept-encoding/i);
  // Decoded by the browser as any answer: the user's twelve alerts, a page of them.
  const answer = (await list!.json()) as { data: unknown[]; count: number };
  expect(answer.count).toBe(12);
  expect(answer.data.length).toBeGreaterThan(0);
});

test('a client that accepts no encoding gets the bytes themselves', async ({ page, api }) => {
  let script = '';
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().startsWith(E2E_BASE_URL))
      script ||= new URL(response.url()).pathname;
  });
  await page.goto('/login');
  await expect(page.getByLabel('Password', { exact: true }).or(page.locator('input[type="password"]')).first()).toBeVisible();
  expect(script).not.toBe('');

  const plain = await rawGet(script);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toMatch(/accept-encoding/i);
  expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
  expect(plain.body.subarray(0, 200).toString()).toMatch(/[a-z(!]/i);
  const gzipped = await rawGet(script, { 'accept-encoding': 'gzip' });
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(gzipped.body.length).toBeLessThan(plain.body.length);

  const user = await api.createUser();
  for (let i = 0; i < 12; i++) await api.createAlert(user.token, { title: `Plain alert ${i}`, description: 'x'.repeat(80) });
  const json = await rawGet('/api/v1/alert/?limit=12', { authorization: `Bearer ${user.token}` });
  expect(json.headers['content-encoding']).toBeUndefined();
  expect(json.body.length).toBeGreaterThan(1024);
  expect((JSON.parse(json.body.toString()) as { data: unknown[] }).data).toHaveLength(12);
});
