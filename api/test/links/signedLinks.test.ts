import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_ALERT_CLOSED, LINK_EXPIRED, LINK_INVALID, LINK_TOKEN_HEADER, SIGNED_LINK_REQUIRED } from '../../src/links/linkAccess.js';
import { signLinkToken, verifyLinkToken } from '../../src/links/linkTokens.js';
import { createAlert } from '../helpers/alerts.js';
import { changeSettings } from '../helpers/settings.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

const BASE = '/api/v1/alert';
const HOUR = 3_600_000;
const LINK_RE = /http:\/\/console\.test\/actions\/([0-9a-f-]{36})\?t=([A-Za-z0-9._-]+)/;
const ADDRESS = '203.0.113.7';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
/** The app's clock: the tests move it to expire links. */
let clockMs = Date.now();

/** An alert created in the console, and the signed link its owner was mailed. */
async function alertWithLink(user: TestUser = owner) {
  const alert = await createAlert(t, user);
  const mail = await t.mail.waitFor((m) => m.to.includes(user.email) && m.subject.includes(alert.title));
  const [, id = '', token = ''] = LINK_RE.exec(mail.text) ?? [];
  expect(id).toBe(alert.id);
  expect(mail.html).toContain(`http://console.test/actions/${id}?t=${token}`);
  return { id, token };
}

const withToken = (token: string, extra: Record<string, string> = {}) => ({ headers: { [LINK_TOKEN_HEADER]: token, ...extra } });
const read = (id: string, options: Partial<InjectOptions> = {}) => t.app.inject({ method: 'GET', url: `${BASE}/${id}`, ...options });
const act = (action: string, id: string, options: Partial<InjectOptions> = {}) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${action}/${id}`, remoteAddress: ADDRESS, ...options });

/** The alert row and its history, straight from the database: what "nothing changed" compares. */
async function snapshot(id: string) {
  const alert = await t.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = await t.db.selectFrom('alert_events').selectAll().where('alert_id', '=', id).orderBy('created_at').execute();
  return { alert, events };
}

const setRequired = (on: boolean) => changeSettings(t, { require_signed_links: on });

describe('link tokens', () => {
  const secret = 'a-secret-key-of-at-least-32-characters!!';
  const alertId = '2f1c7c1e-8d0a-4f43-9a51-0c0e6f7c3b11';
  const expiresAt = new Date('2030-01-01T00:00:00Z');
  const token = signLinkToken(secret, { alertId, recipient: 'On.Call@Example.com', expiresAt });

  it('are compact, URL-safe, hold no secret and name their recipient', () => {
    expect(token).toMatch(/^[A-Za-z0-9._-]{60,120}$/);
    expect(token).not.toContain(secret);
    expect(verifyLinkToken(secret, alertId, token, new Date('2029-12-31T23:59:59Z'))).toEqual({
      ok: true,
      recipient: 'on.call@example.com',
      expiresAt,
    });
    // The id's case does not matter (a UUID is the same either way).
    expect(verifyLinkToken(secret, alertId.toUpperCase(), token, new Date(0)).ok).toBe(true);
  });

  it('expire at their time, and only a genuine one is reported expired', () => {
    expect(verifyLinkToken(secret, alertId, token, expiresAt)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyLinkToken('another-secret-key-of-32-characters-or-more', alertId, token, new Date(0))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuse every change: alert, expiry, recipient, signature, format', () => {
    const [version, expiry, recipient, mac] = token.split('.') as [string, string, string, string];
    const lastChanged = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
    for (const changed of [
      `${version}.${(Number.parseInt(expiry, 36) + 3600).toString(36)}.${recipient}.${mac}`,
      `${version}.${expiry}.${Buffer.from('intruder@example.com').toString('base64url')}.${mac}`,
      `${version}.${expiry}.${recipient}.${lastChanged}`,
      `2.${expiry}.${recipient}.${mac}`,
      `${token}x`,
      '',
      'not-a-token',
    ]) {
      expect(verifyLinkToken(secret, alertId, changed, new Date(0)), changed).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(verifyLinkToken(secret, '00000000-0000-4000-8000-000000000000', token, new Date(0))).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('signed notification links', () => {
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clockMs) });
    owner = await t.createUser();
    other = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("the new-alert email's link reads and acts, and the history records recipient, action and address", async () => {
    const { id, token } = await alertWithLink();
    const alert = await read(id, withToken(token));
    expect(alert.statusCode, alert.body).toBe(200);
    expect(body(alert)).toMatchObject({ id, state: 'open' });

    const acknowledged = await act('acknowledge', id, withToken(token));
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(body(acknowledged).state).toBe('acknowledged');
    expect((await act('escalate', id, withToken(token))).statusCode).toBe(200);

    const history = await t.app.inject({ method: 'GET', url: `${BASE}/${id}/events`, headers: owner.auth });
    expect(body(history).data).toEqual([
      expect.objectContaining({
        action: 'acknowledge',
        to_state: 'acknowledged',
        via: 'link',
        recipient: owner.email,
        client_ip: ADDRESS,
        actor_id: null,
      }),
      expect.objectContaining({
        action: 'escalate',
        to_state: 'escalated',
        via: 'link',
        recipient: owner.email,
        client_ip: ADDRESS,
        actor_id: null,
      }),
    ]);
  });

  it('a signed-in user acting through a link is recorded with both: the link and who they are', async () => {
    const { id, token } = await alertWithLink();
    expect((await act('acknowledge', id, withToken(token, other.auth))).statusCode).toBe(200);
    expect((await snapshot(id)).events).toEqual([expect.objectContaining({ via: 'link', recipient: owner.email, actor_id: other.id })]);
  });

  it('each recipient gets a token of their own, bound to their alert', async () => {
    const mine = await alertWithLink(owner);
    const theirs = await alertWithLink(other);
    expect(mine.token).not.toBe(theirs.token);
    // Another alert's genuine token does not open this one.
    const before = await snapshot(mine.id);
    for (const res of [await read(mine.id, withToken(theirs.token)), await act('close', mine.id, withToken(theirs.token))]) {
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ detail: LINK_INVALID });
    }
    expect(await snapshot(mine.id)).toEqual(before);
  });

  it('a forged or altered token is a 403 and changes nothing, even for the signed-in owner', async () => {
    const { id, token } = await alertWithLink();
    const forged = signLinkToken('a-guessed-secret-key-that-is-long-enough', {
      alertId: id,
      recipient: owner.email,
      expiresAt: new Date(clockMs + HOUR),
    });
    const [v, e, , mac] = token.split('.');
    const rerouted = `${v}.${e}.${Buffer.from('intruder@example.com').toString('base64url')}.${mac}`;
    const before = await snapshot(id);
    for (const bad of [forged, rerouted, `${token.slice(0, -2)}xx`, 'garbage']) {
      for (const res of [
        await read(id, withToken(bad)),
        await act('acknowledge', id, withToken(bad)),
        await act('close', id, withToken(bad, owner.auth)),
      ]) {
        expect(res.statusCode, bad).toBe(403);
        expect(body(res)).toEqual({ detail: LINK_INVALID });
        expect(res.body).not.toContain(bad);
      }
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('a link expires SIGNED_LINK_TTL_HOURS after it was mailed', async () => {
    const start = clockMs;
    // The link is signed when the email is sent, on the app's clock.
    const mailedAt = clockMs;
    const { id, token } = await alertWithLink();
    const check = verifyLinkToken(t.config.secretKey, id, token, new Date(mailedAt));
    if (!check.ok) throw new Error(`the mailed token does not verify: ${check.reason}`);
    const ttl = t.config.signedLinkTtlHours * HOUR;
    expect(check.expiresAt.getTime()).toBeGreaterThanOrEqual(mailedAt + ttl - 1000);
    expect(check.expiresAt.getTime()).toBeLessThanOrEqual(mailedAt + ttl);
    const before = await snapshot(id);
    try {
      clockMs = check.expiresAt.getTime() - 1000;
      expect((await read(id, withToken(token))).statusCode).toBe(200);
      clockMs = check.expiresAt.getTime();
      for (const res of [
        await read(id, withToken(token)),
        await act('acknowledge', id, withToken(token)),
        await act('close', id, withToken(token)),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(body(res)).toEqual({ detail: LINK_EXPIRED });
      }
      expect(await snapshot(id)).toEqual(before);
    } finally {
      clockMs = start;
    }
  });

  it('a link stops acting once its alert is closed, but still shows it', async () => {
    const { id, token } = await alertWithLink();
    expect(body(await act('close', id, withToken(token))).state).toBe('closed');
    const before = await snapshot(id);
    for (const action of ['acknowledge', 'escalate', 'close']) {
      const res = await act(action, id, withToken(token));
      expect(res.statusCode, action).toBe(403);
      expect(body(res)).toEqual({ detail: LINK_ALERT_CLOSED });
    }
    expect(await snapshot(id)).toEqual(before);
    expect(before.events).toEqual([expect.objectContaining({ action: 'close', recipient: owner.email })]);
    // Reading is harmless: the confirmation page's Back link shows the closed alert.
    expect(body(await read(id, withToken(token))).state).toBe('closed');
  });

  it('bare calls work as the spec has them while signed links are not required', async () => {
    const { id } = await alertWithLink();
    expect((await read(id)).statusCode).toBe(200);
    expect((await act('acknowledge', id)).statusCode).toBe(200);
    expect((await snapshot(id)).events).toEqual([expect.objectContaining({ via: 'link', recipient: null, actor_id: null })]);
  });

  describe('when an administrator requires signed links', () => {
    beforeAll(() => setRequired(true));
    afterAll(() => setRequired(false));

    it('refuses anonymous bare calls with 403 and changes nothing, for known and unknown ids alike', async () => {
      const { id } = await alertWithLink();
      const before = await snapshot(id);
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const res of [
        await read(id),
        await act('acknowledge', id),
        await act('close', id),
        await read(unknown),
        await act('close', unknown),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(body(res)).toEqual({ detail: SIGNED_LINK_REQUIRED });
      }
      expect(await snapshot(id)).toEqual(before);
    });

    it('signed links still work', async () => {
      const { id, token } = await alertWithLink();
      expect((await read(id, withToken(token))).statusCode).toBe(200);
      expect(body(await act('acknowledge', id, withToken(token))).state).toBe('acknowledged');
    });

    it("the console keeps working for the alert's owner and superusers, not for other users", async () => {
      const { id } = await alertWithLink();
      expect((await read(id, { headers: owner.auth })).statusCode).toBe(200);
      expect((await read(id, { headers: t.superuser.auth })).statusCode).toBe(200);
      expect(body(await act('acknowledge', id, { headers: owner.auth })).state).toBe('acknowledged');
      const stranger = await act('close', id, { headers: other.auth });
      expect(stranger.statusCode).toBe(403);
      expect(body(stranger)).toEqual({ detail: SIGNED_LINK_REQUIRED });
      expect((await snapshot(id)).events).toEqual([expect.objectContaining({ via: 'console', actor_id: owner.id, recipient: null })]);
    });
  });

  it('bare calls work again once the requirement is turned off', async () => {
    const { id } = await alertWithLink();
    expect((await read(id)).statusCode).toBe(200);
  });
});

describe('link tokens in logs and answers', () => {
  const lines: string[] = [];
  let logged: TestApp;

  beforeAll(async () => {
    logged = await createTestApp({ logLevel: 'debug' }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('never appear: not the page URL, not the header, not an answer', async () => {
    const user = await logged.createUser();
    const title = `Logged ${randomUUID().slice(0, 8)}`;
    await logged.app.inject({ method: 'POST', url: `${BASE}/`, headers: user.auth, payload: { title } });
    const mail = await logged.mail.waitFor((m) => m.subject.includes(title));
    const [, id = '', token = ''] = LINK_RE.exec(mail.text) ?? [];
    const answers = [
      // The page itself (here the API serves no console: a 404, logged all the same).
      await logged.app.inject({ method: 'GET', url: `/actions/${id}?t=${token}` }),
      await logged.app.inject({ method: 'GET', url: `${BASE}/${id}?t=${token}`, headers: { [LINK_TOKEN_HEADER]: token } }),
      await logged.app.inject({ method: 'POST', url: `${BASE}/acknowledge/${id}`, headers: { [LINK_TOKEN_HEADER]: token } }),
      await logged.app.inject({ method: 'POST', url: `${BASE}/close/${id}`, headers: { [LINK_TOKEN_HEADER]: `${token.slice(0, -1)}x` } }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([404, 200, 200, 403]);
    for (const res of answers) expect(res.body).not.toContain(token.split('.').pop());

    const all = lines.join('\n');
    expect(all).toContain(`/actions/${id}?t=[redacted]`);
    // Neither the token nor its signature, alone or altered.
    expect(all).not.toContain(token.split('.').pop()?.slice(0, 20));
  });
});
