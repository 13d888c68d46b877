import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectWithoutPasswords } from '../helpers/api.js';
import { teamOf } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

const BASE = '/api/v1/alert';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
const clock = new TestClock();
/** Past the repeat window: a second escalate now is a real one (see escalation.test.ts). */
const later = () => clock.advanceMinutes(2);
let owner: TestUser;
let other: TestUser;

/** Every answer of this suite goes through here: none may carry a password or its hash. */
const call = (options: InjectOptions) => injectWithoutPasswords(t, options);

async function createAlert(user: TestUser, payload: Record<string, unknown> = {}) {
  const res = await call({ method: 'POST', url: `${BASE}/`, headers: user.auth, payload: { title: 'Disk full', ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res);
}

const act = (action: string, id: string, options: Partial<InjectOptions> = {}) =>
  call({ method: 'POST', url: `${BASE}/${action}/${id}`, ...options });

const eventsOf = async (id: string, user: TestUser = owner) => {
  const res = await call({ method: 'GET', url: `${BASE}/${id}/events`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body(res);
};

const countFor = async (user: TestUser) => body(await call({ method: 'GET', url: `${BASE}/?limit=1`, headers: user.auth })).count as number;

// Each app lives only inside its describe: on PostgreSQL, the next one is built after the
// previous one's schema is dropped.
describe('alerts API', () => {
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
    owner = await t.createUser();
    other = await t.createUser();
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('create', () => {
    it('creates an open alert owned by the caller, with defaults', async () => {
      const alert = await createAlert(owner, { title: 'CPU high' });
      expect(alert).toMatchObject({
        title: 'CPU high',
        description: null,
        state: 'open',
        severity: 'warning',
        escalation_level: 0,
        integration_id: null,
        owner_id: owner.id,
      });
      expect(alert.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(alert.created_at).toISOString()).toBe(alert.created_at);
      expect(alert.updated_at).toBe(alert.created_at);
    });

    it('keeps description and severity', async () => {
      const alert = await createAlert(owner, { description: 'on /var', severity: 'critical' });
      expect(alert).toMatchObject({ description: 'on /var', severity: 'critical' });
    });

    it('emails the owner the action link through SMTP', async () => {
      const alert = await createAlert(owner, { title: 'Mail me', severity: 'high' });
      const link = `http://console.test/actions/${alert.id}`;
      const mail = await t.mail.waitFor((m) => m.to.includes(owner.email) && m.text.includes(link));
      expect(mail.subject).toBe('[Vigil][HIGH] Mail me');
      expect(mail.html).toContain(link);
    });

    it.each([
      ['too long', { title: 'x'.repeat(256) }, ['body', 'title'], 'String should have at most 255 characters'],
      ['empty', { title: '' }, ['body', 'title'], 'String should have at least 1 character'],
      ['missing', { description: 'no title' }, ['body', 'title'], 'Field required'],
      [
        'description too long',
        { title: 'ok', description: 'x'.repeat(4097) },
        ['body', 'description'],
        'String should have at most 4096 characters',
      ],
      [
        'unknown severity',
        { title: 'ok', severity: 'urgent' },
        ['body', 'severity'],
        "Input should be 'critical', 'high', 'warning', 'info'",
      ],
    ])('answers 422 for a title or field %s', async (_name, payload, loc, msg) => {
      const res = await call({ method: 'POST', url: `${BASE}/`, headers: owner.auth, payload });
      expect(res.statusCode).toBe(422);
      expect(body(res).detail).toContainEqual(expect.objectContaining({ loc, msg }));
    });

    it('accepts a title of exactly 255 characters and a null description', async () => {
      const alert = await createAlert(owner, { title: 'x'.repeat(255), description: null });
      expect(alert.title).toHaveLength(255);
    });
  });

  describe('permissions', () => {
    let alert: { id: string };
    beforeAll(async () => {
      alert = await createAlert(owner, { title: 'Owned' });
    });

    it.each([
      ['GET', `${BASE}/`],
      ['POST', `${BASE}/`],
      ['DELETE', `${BASE}/${NO_SUCH_ID}`],
      ['GET', `${BASE}/${NO_SUCH_ID}/events`],
    ] as const)('%s %s without a token → 401', async (method, url) => {
      const res = await call({ method, url, payload: method === 'POST' ? { title: 'x' } : undefined });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ detail: 'Could not validate credentials' });
    });

    it('a bad token is 401 on login-only routes', async () => {
      const res = await call({ method: 'GET', url: `${BASE}/`, headers: { authorization: 'Bearer nonsense' } });
      expect(res.statusCode).toBe(401);
      expect(body(res).detail).toBe('Could not validate credentials');
    });

    it('reads one alert with no login at all (the public action page)', async () => {
      const res = await call({ method: 'GET', url: `${BASE}/${alert.id}` });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ id: alert.id, title: 'Owned', state: 'open' });
      expect(Object.keys(body(res)).sort()).toEqual([
        'created_at',
        'dedup_key',
        'description',
        'escalation_level',
        'escalation_next',
        'group_key',
        'id',
        'integration_id',
        'last_seen_at',
        'maintenance_window_id',
        'next_escalation_at',
        'occurrence_count',
        'owner_id',
        'severity',
        'silenced_until',
        'state',
        'team_id',
        'title',
        'updated_at',
      ]);
      // Added by hand, no policy: escalated only by a person, to every active superuser.
      expect(body(res).escalation_next).toMatchObject({ kind: 'by-hand', level: 1, at: null });
    });

    it('another user does not list, see the history of, or delete it', async () => {
      const list = body(await call({ method: 'GET', url: `${BASE}/`, headers: other.auth }));
      expect(list.data.map((a: { id: string }) => a.id)).not.toContain(alert.id);
      const events = await call({ method: 'GET', url: `${BASE}/${alert.id}/events`, headers: other.auth });
      expect(events.statusCode).toBe(404);
      expect(body(events)).toEqual({ detail: 'Alert not found' });
      const del = await call({ method: 'DELETE', url: `${BASE}/${alert.id}`, headers: other.auth });
      expect(del.statusCode).toBe(404);
      expect(body(del)).toEqual({ detail: 'Alert not found' });
      expect((await call({ method: 'GET', url: `${BASE}/${alert.id}` })).statusCode).toBe(200);
    });

    it('the superuser lists everyone’s alerts and sees the history', async () => {
      const list = body(await call({ method: 'GET', url: `${BASE}/`, headers: t.superuser.auth }));
      expect(list.data.map((a: { id: string }) => a.id)).toContain(alert.id);
      expect((await call({ method: 'GET', url: `${BASE}/${alert.id}/events`, headers: t.superuser.auth })).statusCode).toBe(200);
    });

    it('the owner deletes their alert; then it is gone for everyone', async () => {
      const mine = await createAlert(owner);
      const res = await call({ method: 'DELETE', url: `${BASE}/${mine.id}`, headers: owner.auth });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ message: 'Alert deleted successfully' });
      const after = await call({ method: 'GET', url: `${BASE}/${mine.id}` });
      expect(after.statusCode).toBe(404);
      expect(body(after)).toEqual({ detail: 'Alert not found' });
    });

    it('the superuser deletes anyone’s alert', async () => {
      const theirs = await createAlert(other);
      const res = await call({ method: 'DELETE', url: `${BASE}/${theirs.id}`, headers: t.superuser.auth });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ message: 'Alert deleted successfully' });
    });

    it('an unknown id is 404 "Alert not found" everywhere', async () => {
      for (const options of [
        { method: 'GET', url: `${BASE}/${NO_SUCH_ID}` },
        { method: 'DELETE', url: `${BASE}/${NO_SUCH_ID}`, headers: owner.auth },
        { method: 'GET', url: `${BASE}/${NO_SUCH_ID}/events`, headers: owner.auth },
        { method: 'POST', url: `${BASE}/acknowledge/${NO_SUCH_ID}` },
        { method: 'POST', url: `${BASE}/close/${NO_SUCH_ID}` },
        { method: 'POST', url: `${BASE}/escalate/${NO_SUCH_ID}` },
      ] as InjectOptions[]) {
        const res = await call(options);
        expect(res.statusCode, `${options.method} ${options.url}`).toBe(404);
        expect(body(res)).toEqual({ detail: 'Alert not found' });
      }
    });

    it('a malformed id is 422 at path.id', async () => {
      for (const url of [`${BASE}/not-a-uuid`, `${BASE}/escalate/not-a-uuid`]) {
        const res = await call({ method: url.includes('escalate') ? 'POST' : 'GET', url });
        expect(res.statusCode).toBe(422);
        expect(body(res).detail).toEqual([{ loc: ['path', 'id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }]);
      }
    });
  });

  describe('state machine over HTTP', () => {
    it('walks escalate, acknowledge, repeats and close, recording each change once', async () => {
      const { id } = await createAlert(owner);
      const step = async (action: string, state: string, level: number) => {
        const res = await act(action, id);
        expect(res.statusCode, res.body).toBe(200);
        expect(body(res)).toMatchObject({ id, state, escalation_level: level });
        return body(res);
      };
      await step('escalate', 'escalated', 1);
      later();
      await step('escalate', 'escalated', 2);
      await step('acknowledge', 'acknowledged', 2);
      const acked = await step('acknowledge', 'acknowledged', 2); // idempotent repeat
      // Within the repeat window of the last escalation, an acknowledge in between or not: ignored.
      await step('escalate', 'acknowledged', 2);
      later();
      await step('escalate', 'escalated', 3);
      await step('acknowledge', 'acknowledged', 3);
      const closed = await step('close', 'closed', 3);
      expect(closed.updated_at > acked.updated_at).toBe(true);
      const again = await step('close', 'closed', 3); // idempotent repeat
      expect(again.updated_at).toBe(closed.updated_at);
      for (const action of ['acknowledge', 'escalate']) {
        const res = await act(action, id);
        expect(res.statusCode).toBe(409);
        expect(body(res)).toEqual({ detail: 'Alert is closed' });
      }
      const { data, count } = await eventsOf(id);
      expect(count).toBe(6);
      expect(data.map((e: { action: string; from_state: string; to_state: string }) => [e.action, e.from_state, e.to_state])).toEqual([
        ['escalate', 'open', 'escalated'],
        ['escalate', 'escalated', 'escalated'],
        ['acknowledge', 'escalated', 'acknowledged'],
        ['escalate', 'acknowledged', 'escalated'],
        ['acknowledge', 'escalated', 'acknowledged'],
        ['close', 'acknowledged', 'closed'],
      ]);
    });

    it.each([
      ['acknowledge', 'acknowledged'],
      ['close', 'closed'],
      ['escalate', 'escalated'],
    ])('%s straight from open → %s', async (action, state) => {
      const { id } = await createAlert(owner);
      expect(body(await act(action, id))).toMatchObject({ state });
    });

    it('closes an escalated alert', async () => {
      const { id } = await createAlert(owner);
      await act('escalate', id);
      expect(body(await act('close', id))).toMatchObject({ state: 'closed', escalation_level: 1 });
    });

    it('records "link" with no actor for anonymous calls and "console" with the user for signed-in ones', async () => {
      const { id } = await createAlert(owner);
      await act('acknowledge', id, { remoteAddress: '203.0.113.7' });
      await act('escalate', id, { headers: other.auth, remoteAddress: '198.51.100.9' });
      // A token that fails the checks makes the caller anonymous, not a 401: the page still works.
      await act('close', id, { headers: { authorization: 'Bearer expired-or-forged' } });
      const { data } = await eventsOf(id);
      expect(data).toHaveLength(3);
      expect(data[0]).toMatchObject({ action: 'acknowledge', via: 'link', actor_id: null, client_ip: '203.0.113.7' });
      expect(data[1]).toMatchObject({ action: 'escalate', via: 'console', actor_id: other.id, client_ip: '198.51.100.9' });
      expect(data[2]).toMatchObject({ action: 'close', via: 'link', actor_id: null, client_ip: '127.0.0.1' });
      expect(data[0].created_at <= data[1].created_at && data[1].created_at <= data[2].created_at).toBe(true);
    });

    it('serializes concurrent actions: ten escalations at once are one (the repeat window), and the chain stays clean', async () => {
      const { id } = await createAlert(owner);
      const answers = await Promise.all(Array.from({ length: 10 }, () => act('escalate', id)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(body(await call({ method: 'GET', url: `${BASE}/${id}` })).escalation_level).toBe(1);
      expect((await eventsOf(id)).count).toBe(1);
      later();
      const again = await Promise.all(Array.from({ length: 10 }, () => act('escalate', id)));
      expect(again.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(body(await call({ method: 'GET', url: `${BASE}/${id}` })).escalation_level).toBe(2);
      const mixed = await Promise.all(['acknowledge', 'close', 'escalate', 'acknowledge'].map((a) => act(a, id)));
      expect(mixed.every((r) => [200, 409].includes(r.statusCode))).toBe(true);
      const { data } = await eventsOf(id);
      for (let i = 1; i < data.length; i++) expect(data[i].from_state).toBe(data[i - 1].to_state);
    });
  });

  describe('list', () => {
    it('lists newest first with skip and limit, and an exact count', async () => {
      const user = await t.createUser();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await createAlert(user, { title: `n${i}` })).id);
      const newestFirst = [...ids].reverse();
      const all = body(await call({ method: 'GET', url: `${BASE}/`, headers: user.auth }));
      expect(all.count).toBe(5);
      expect(all.data.map((a: { id: string }) => a.id)).toEqual(newestFirst);
      const page = body(await call({ method: 'GET', url: `${BASE}/?skip=1&limit=2`, headers: user.auth }));
      expect(page).toMatchObject({ count: 5 });
      expect(page.data.map((a: { id: string }) => a.id)).toEqual(newestFirst.slice(1, 3));
      const beyond = body(await call({ method: 'GET', url: `${BASE}/?skip=10`, headers: user.auth }));
      expect(beyond).toEqual({ data: [], count: 5 });
    });

    it('caps limit at 100', async () => {
      const user = await t.createUser();
      const team_id = await teamOf(t, user);
      // Inserted directly: 105 alerts through the API would also send 105 emails.
      await t.db
        .insertInto('alerts')
        .values(Array.from({ length: 105 }, (_, i) => ({ title: `bulk ${i}`, owner_id: user.id, team_id })))
        .execute();
      const res = body(await call({ method: 'GET', url: `${BASE}/?limit=1000`, headers: user.auth }));
      expect(res.data).toHaveLength(100);
      expect(res.count).toBe(105);
    });

    it.each([
      ['skip=-1', ['query', 'skip']],
      ['limit=0', ['query', 'limit']],
      ['skip=abc', ['query', 'skip']],
    ])('rejects %s with 422', async (query, loc) => {
      const res = await call({ method: 'GET', url: `${BASE}/?${query}`, headers: owner.auth });
      expect(res.statusCode).toBe(422);
      expect(body(res).detail[0]).toMatchObject({ loc });
    });

    it('keeps counts exact through creates, deletes and the deletion of their maker', async () => {
      const user = await t.createUser();
      const superBefore = await countFor(t.superuser);
      const a = await createAlert(user);
      await createAlert(user);
      await createAlert(user);
      expect(await countFor(user)).toBe(3);
      expect(await countFor(t.superuser)).toBe(superBefore + 3);
      await call({ method: 'DELETE', url: `${BASE}/${a.id}`, headers: user.auth });
      expect(await countFor(user)).toBe(2);
      expect(await countFor(t.superuser)).toBe(superBefore + 2);
      const res = await call({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: t.superuser.auth });
      expect(res.statusCode, res.body).toBe(200);
      // Their alerts stay with their team, made by nobody now (docs/api/teams.md).
      expect(await countFor(t.superuser)).toBe(superBefore + 2);
      const list = body(await call({ method: 'GET', url: `${BASE}/?limit=100`, headers: t.superuser.auth }));
      expect(list.data.some((x: { owner_id: string }) => x.owner_id === user.id)).toBe(false);
      expect(list.data.filter((x: { owner_id: string | null }) => x.owner_id === null)).toHaveLength(2);
    });
  });
});

describe('rate limit on the public routes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: { ...testConfig().rateLimit, publicAlert: 3 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 after max calls per client, and counts clients apart', async () => {
    const user = await limited.createUser();
    const created = await limited.app.inject({ method: 'POST', url: `${BASE}/`, headers: user.auth, payload: { title: 'r' } });
    const { id } = created.json();
    const get = (remoteAddress = '192.0.2.1') => limited.app.inject({ method: 'GET', url: `${BASE}/${id}`, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
    const blocked = await get();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'Too many requests, please try again later' });
    expect((await get('192.0.2.2')).statusCode).toBe(200);

    const ack = () => limited.app.inject({ method: 'POST', url: `${BASE}/acknowledge/${id}`, remoteAddress: '192.0.2.3' });
    for (let i = 0; i < 3; i++) expect((await ack()).statusCode).toBe(200);
    expect((await ack()).statusCode).toBe(429);
  });

  it('leaves the login-only routes alone', async () => {
    const user = await limited.createUser();
    for (let i = 0; i < 5; i++) {
      expect((await limited.app.inject({ method: 'GET', url: `${BASE}/`, headers: user.auth })).statusCode).toBe(200);
    }
  });
});

describe('email failure', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Port 1 refuses connections: every send fails.
    down = await createTestApp({ smtp: { host: '127.0.0.1', port: 1, tls: false, ssl: false } });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('still creates the alert when the notification cannot be sent', async () => {
    const user = await down.createUser();
    const res = await down.app.inject({ method: 'POST', url: `${BASE}/`, headers: user.auth, payload: { title: 'SMTP down' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'SMTP down', state: 'open' });
  });
});
