import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_FOR_ALERT } from '../../src/alerts/perAlertLimit.js';
import { CROSS_SITE_FORM } from '../../src/console/formOrigin.js';
import { LINK_INVALID, SIGNED_LINK_REQUIRED } from '../../src/links/linkAccess.js';
import { signLinkToken } from '../../src/links/linkTokens.js';
import { createAlert } from '../helpers/alerts.js';
import { changeSettings } from '../helpers/settings.js';
import { body, createTestApp, TEST_DATABASE_URL, TEST_DB, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

// The server-rendered public alert page and its form posts (api/src/console/publicPageRoutes.ts),
// on a small built console made here. Its server renderer is a stand-in that writes the data it
// is given as JSON: what is tested is the API's part (checks, limits, statuses, the page's
// data); the real renderer is remote-actions' and runs in e2e/actionsServerRendered.spec.ts.

const PER_ADDRESS = 6;
const PER_ALERT = 4;
const TEMPLATE = '<!doctype html><html><head><title>page</title></head><body><div id="root"></div></body></html>';
const RENDERER = `export function renderPublicPage(request) {
  if (request.data.alert && request.data.alert.title === 'explode') throw new Error('render failed');
  return { head: '<style>.x{}</style>', body: '<main>' + JSON.stringify(request) + '</main>', dataScript: '<script type="application/json" id="vigil-page-data">{}</script>' };
}`;

let t: TestApp;
let owner: TestUser;
let consoleDir: string;
let address = 0;
/** A new client address on each call, so only the limit under test applies. */
const nextAddress = () => `203.0.113.${(address++ % 250) + 1}`;

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: nextAddress(), ...options });
const post = (url: string, options: Partial<InjectOptions> = {}) =>
  inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '', ...options });
/** The data the page was rendered with, read back from the stand-in renderer's output. */
const rendered = (html: string) => JSON.parse(/<main>(.*)<\/main>/s.exec(html)![1]!) as { path: string; search: string; data: any };
const tokenFor = (id: string, recipient: string) =>
  signLinkToken(t.config.secretKey, { alertId: id, recipient, expiresAt: new Date(Date.now() + 3_600_000) });

const newAlert = async (title?: string) => (await createAlert(t, owner, title === undefined ? {} : { title })).id;

async function snapshot(id: string) {
  const alert = await t.db
    .selectFrom('alerts')
    .select(['state', 'escalation_level', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const events = await t.db.selectFrom('alert_events').select(['action', 'via', 'recipient']).where('alert_id', '=', id).execute();
  return { alert, events };
}

const setRequired = (on: boolean) => changeSettings(t, { require_signed_links: on });

beforeAll(async () => {
  consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-ssr-'));
  write(path.join(consoleDir, 'shell/index.html'), '<!doctype html><title>shell</title>');
  mkdirSync(path.join(consoleDir, 'shell/static'), { recursive: true });
  write(path.join(consoleDir, 'remote-actions/1.0.0/mf-manifest.json'), '{}');
  write(path.join(consoleDir, 'remote-actions/1.0.0/page/index.html'), TEMPLATE);
  write(path.join(consoleDir, 'remote-actions/1.0.0/server/index.mjs'), RENDERER);
  t = await createTestApp({
    ...(TEST_DB === 'postgres' && { databaseUrl: TEST_DATABASE_URL }),
    consoleDir,
    rateLimit: { ...testConfig().rateLimit, publicAlert: PER_ADDRESS, perAlert: PER_ALERT },
  });
  owner = await t.createUser();
});
afterAll(async () => {
  await t?.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('GET /actions/:id, rendered on the server', () => {
  it('holds the alert, in the page, uncached; its styles in <head> and its data after #root', async () => {
    const id = await newAlert('Disk <b>full</b> $& $1');
    const token = tokenFor(id, 'on.call@example.com');
    const res = await inject({ method: 'GET', url: `/actions/${id}?t=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<style>.x{}</style></head>');
    expect(res.body).toContain('</main></div><script type="application/json" id="vigil-page-data">');
    const page = rendered(res.body);
    expect(page.path).toBe(`/actions/${id}`);
    expect(page.search).toBe(`t=${token}`);
    // "$&" and "$1" stay as they are: the page is not a replacement pattern.
    expect(page.data.alert).toMatchObject({ id, title: 'Disk <b>full</b> $& $1', state: 'open' });
  });

  it('a missing alert or a bad id: 404 with the failure; a refused link: 403 with its reason', async () => {
    const missing = await inject({ method: 'GET', url: `/actions/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(rendered(missing.body).data.failure).toEqual({ status: 404, detail: 'Alert not found' });
    expect((await inject({ method: 'GET', url: '/actions/not-a-uuid' })).statusCode).toBe(404);
    const refused = await inject({ method: 'GET', url: `/actions/${await newAlert()}?t=1.zz.eA.${'A'.repeat(43)}` });
    expect(refused.statusCode).toBe(403);
    expect(rendered(refused.body).data.failure).toEqual({ status: 403, detail: LINK_INVALID });
  });

  it('comes compressed to a browser that accepts it (the page is made per request)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/alert/',
      headers: owner.auth,
      payload: { title: 'Disk full', description: 'The volume '.repeat(200) },
    });
    const { id } = body(created);
    const res = await inject({ method: 'GET', url: `/actions/${id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const plain = await inject({ method: 'GET', url: `/actions/${id}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(rendered(plain.body).data.alert).toMatchObject({ id });
  });

  it('a renderer that fails leaves the page to the browser (the file), never a 500', async () => {
    const res = await inject({ method: 'GET', url: `/actions/${await newAlert('explode')}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEMPLATE);
  });
});

describe('POST /actions/:id/<action>: the buttons without JavaScript', () => {
  it('acts through the same function as the API, records the link, and sends the browser to the result page (303)', async () => {
    const id = await newAlert();
    const token = tokenFor(id, 'on.call@example.com');
    const res = await post(`/actions/${id}/acknowledge?t=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/acknowledge/${id}?t=${encodeURIComponent(token)}`);
    const { alert, events } = await snapshot(id);
    expect(alert.state).toBe('acknowledged');
    expect(events).toEqual([{ action: 'acknowledge', via: 'link', recipient: 'on.call@example.com' }]);
  });

  it("a refused action is a page with its status and the error toast's text; nothing changes", async () => {
    const id = await newAlert();
    expect((await post(`/actions/${id}/close`)).statusCode).toBe(303);
    const before = await snapshot(id);
    const res = await post(`/actions/${id}/escalate`);
    expect(res.statusCode).toBe(409);
    const page = rendered(res.body);
    expect(page.path).toBe(`/actions/${id}/escalate`);
    expect(page.data.actionFailure).toEqual({ action: 'escalate', status: 409, detail: 'Alert is closed' });
    expect(await snapshot(id)).toEqual(before);
  });

  it('never acts on a GET: back to the alert, its link kept', async () => {
    const id = await newAlert();
    for (const action of ['acknowledge', 'escalate', 'close']) {
      const res = await inject({ method: 'GET', url: `/actions/${id}/${action}?t=abc` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/actions/${id}?t=abc`);
    }
    const { alert, events } = await snapshot(id);
    expect(alert.state).toBe('open');
    expect(events).toEqual([]);
  });

  it('with signed links required: no link or a bad one is a 403 page, a signed one acts', async () => {
    const id = await newAlert();
    await setRequired(true);
    try {
      const before = await snapshot(id);
      const bare = await post(`/actions/${id}/acknowledge`);
      expect(bare.statusCode).toBe(403);
      expect(rendered(bare.body).data.actionFailure.detail).toBe(SIGNED_LINK_REQUIRED);
      const forged = tokenFor(randomUUID(), 'on.call@example.com');
      const bad = await post(`/actions/${id}/acknowledge?t=${encodeURIComponent(forged)}`);
      expect(bad.statusCode).toBe(403);
      expect(rendered(bad.body).data.actionFailure.detail).toBe(LINK_INVALID);
      expect(await snapshot(id)).toEqual(before);
      expect((await post(`/actions/${id}/acknowledge?t=${encodeURIComponent(tokenFor(id, 'a@example.com'))}`)).statusCode).toBe(303);
      expect((await snapshot(id)).alert.state).toBe('acknowledged');
    } finally {
      await setRequired(false);
    }
  });

  it('is limited per client address and per alert like the JSON route (429 page, Retry-After)', async () => {
    const fixed = '198.18.0.7';
    const ids = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, () => newAlert()));
    const fromOne = [];
    for (const id of ids) fromOne.push(await post(`/actions/${id}/close`, { remoteAddress: fixed }));
    expect(fromOne.slice(0, PER_ADDRESS).map((r) => r.statusCode)).toEqual(Array(PER_ADDRESS).fill(303));
    expect(fromOne[PER_ADDRESS]!.statusCode).toBe(429);
    expect((await snapshot(ids[PER_ADDRESS]!)).alert.state).toBe('open');

    const id = await newAlert();
    const statuses = [];
    for (let i = 0; i < PER_ALERT + 1; i++) statuses.push(await post(`/actions/${id}/acknowledge`));
    expect(statuses.slice(0, PER_ALERT).map((r) => r.statusCode)).toEqual(Array(PER_ALERT).fill(303));
    const limited = statuses[PER_ALERT]!;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(rendered(limited.body).data.actionFailure.detail).toBe(TOO_MANY_FOR_ALERT);
  });

  it('NUL bytes and garbage are a clear 4xx, and nothing is stored', async () => {
    const id = await newAlert();
    const before = await snapshot(id);
    const answers = await Promise.all([
      post(`/actions/${id}/acknowledge?t=%00`),
      post(`/actions/${id}/acknowledge?t=${'x'.repeat(2000)}`),
      post('/actions/%00/acknowledge'),
      // Longer than any route parameter may be: 414.
      post(`/actions/${'a'.repeat(3000)}/acknowledge`),
      post(`/actions/${id}/acknowledge`, { headers: { 'content-type': 'text/plain' }, payload: '\u0000garbage' }),
      post(`/actions/${id}/acknowledge`, { headers: { 'content-type': 'application/json' }, payload: '{"nul": "\\u0000' }),
      post(`/actions/${id}/reopen`),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    }
    expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([403, 403, 404, 414]);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('POST /actions/:id/<action> from another site', () => {
  const ACTIONS = ['acknowledge', 'escalate', 'close'] as const;
  const CROSS_SITE: Record<string, string>[] = [
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { origin: 'null', 'sec-fetch-site': 'cross-site' },
    { origin: 'http://console.test.evil.example', 'sec-fetch-site': 'same-origin' },
    { origin: 'http://console.test:8080' },
    { origin: 'not an origin' },
  ];

  it('is refused with a 403 page that says why, whichever header tells it; nothing changes', async () => {
    for (const action of ACTIONS) {
      const id = await newAlert();
      const before = await snapshot(id);
      for (const headers of CROSS_SITE) {
        const res = await post(`/actions/${id}/${action}`, {
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        const page = rendered(res.body);
        expect(page.path).toBe(`/actions/${id}/${action}`);
        expect(page.data.actionFailure).toEqual({ action, status: 403, detail: CROSS_SITE_FORM });
      }
      expect(await snapshot(id)).toEqual(before);
    }
    expect(CROSS_SITE_FORM).toBe(
      'This action was sent from another website, so nothing was done. Open the link in your notification and press the button on its page.',
    );
  });

  it('same-origin, same-site, "none" and header-less posts still act', async () => {
    const ALLOWED: Record<string, string>[] = [
      {},
      { origin: 'http://console.test', 'sec-fetch-site': 'same-origin' },
      // The page's own form under Referrer-Policy: no-referrer.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      { origin: 'null', 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { origin: 'null' },
      // The request's own host (the console served on another name than FRONTEND_HOST), default port or not.
      { host: 'vigil.internal:8000', origin: 'http://vigil.internal:8000', 'sec-fetch-site': 'same-origin' },
      { host: 'vigil.internal', origin: 'http://vigil.internal' },
      { host: 'vigil.internal:80', origin: 'http://vigil.internal' },
      // Behind the Compose gateway, which passes the host without its port (nginx's $host).
      { host: 'vigil.internal', origin: 'http://vigil.internal:8080' },
    ];
    for (const headers of ALLOWED) {
      const id = await newAlert();
      const res = await post(`/actions/${id}/acknowledge`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(303);
      expect((await snapshot(id)).alert.state).toBe('acknowledged');
    }
  });

  it("spends none of the address's or the alert's budget", async () => {
    const fixed = '198.18.0.9';
    const crossSite = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' };
    const id = await newAlert();
    for (let i = 0; i < PER_ADDRESS + PER_ALERT; i++) {
      expect((await post(`/actions/${id}/acknowledge`, { remoteAddress: fixed, headers: crossSite })).statusCode).toBe(403);
    }
    expect((await post(`/actions/${id}/acknowledge`, { remoteAddress: fixed })).statusCode).toBe(303);
  });
});
