import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeartbeatChecker } from '../../src/heartbeats/checker.js';
import { redactUrlSecrets } from '../../src/operations/logRedaction.js';
import { createMonitor } from '../helpers/heartbeats.js';
import { storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * Heartbeat monitors: CRUD under the integration, the public ping URL, and the checker that
 * raises one alert per missed ping (on a clock the tests move, its own timer out of the way).
 */
const INTEGRATIONS = '/api/v1/integration';

let t: TestApp;
const clock = new TestClock();
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({ notifications: { ...testConfig().notifications, escalationCheckMs: 3_600_000 } }, { now: clock.now });
  owner = await t.createUser({ email: 'cron-owner@example.com' });
});
afterAll(async () => {
  await t?.close();
});

const monitorsUrl = (integration: TestIntegration) => `${INTEGRATIONS}/${integration.id}/heartbeats`;
const create = (integration: TestIntegration, payload: object, user: TestUser = owner) =>
  t.app.inject({ method: 'POST', url: monitorsUrl(integration), headers: user.auth, payload });
const pingPath = (pingUrl: string) => new URL(pingUrl).pathname;
const pingGet = (pingUrl: string) => t.app.inject({ method: 'GET', url: pingPath(pingUrl) });
const tick = () => t.parts.heartbeats.tick();
/** Every earlier test's monitor gone down (and claimed) far ahead of the clock, so a test's tick counts only its own. */
async function drain() {
  clock.advanceMinutes(60 * 24 * 40);
  await tick();
}

const newMonitor = (name: string, interval = 10, grace = 2) =>
  createMonitor(t, owner, { name, interval_minutes: interval, grace_minutes: grace });

const readMonitor = async (integration: TestIntegration, id: string) =>
  body(await t.app.inject({ method: 'GET', url: `${monitorsUrl(integration)}/${id}`, headers: owner.auth }));

describe('heartbeat monitors: the API', () => {
  it('creates a monitor with a ping URL shown once, lists, reads, changes and deletes it', async () => {
    const integration = await createIntegration(t, owner, 'backups');
    const created = await create(integration, { name: 'nightly backup', interval_minutes: 1440 });
    expect(created.statusCode, created.body).toBe(200);
    const monitor = body(created);
    expect(monitor).toMatchObject({
      integration_id: integration.id,
      name: 'nightly backup',
      interval_minutes: 1440,
      grace_minutes: 5,
      severity: 'critical',
      status: 'new',
      last_ping_at: null,
      due_at: new Date(clock.now().getTime() + (1440 + 5) * 60_000).toISOString(),
    });
    expect(monitor.ping_url).toBe(`http://console.test/api/v1/ingest/${monitor.ping_token}/heartbeat`);
    expect(monitor.ping_token).toMatch(/^[\w-]{43}$/);
    // Where an ingest key goes: every log (the API's, the gateway's) already leaves it out.
    expect(redactUrlSecrets(pingPath(monitor.ping_url))).toBe('/api/v1/ingest/[redacted]/heartbeat');

    const list = body(await t.app.inject({ method: 'GET', url: monitorsUrl(integration), headers: owner.auth }));
    expect(list.count).toBe(1);
    expect(list.data[0]).not.toHaveProperty('ping_token');
    expect(list.data[0].id).toBe(monitor.id);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${monitorsUrl(integration)}/${monitor.id}`,
      headers: owner.auth,
      payload: { interval_minutes: 60, grace_minutes: 0, severity: 'high' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(body(patched)).toMatchObject({ interval_minutes: 60, grace_minutes: 0, severity: 'high', name: 'nightly backup' });
    expect(body(patched).due_at).toBe(new Date(new Date(monitor.created_at).getTime() + 60 * 60_000).toISOString());

    const rotated = await t.app.inject({
      method: 'POST',
      url: `${monitorsUrl(integration)}/${monitor.id}/ping-token`,
      headers: owner.auth,
    });
    expect((await pingGet(monitor.ping_url)).statusCode).toBe(404);
    expect((await pingGet(body(rotated).ping_url)).statusCode).toBe(200);

    const deleted = await t.app.inject({ method: 'DELETE', url: `${monitorsUrl(integration)}/${monitor.id}`, headers: owner.auth });
    expect(body(deleted)).toEqual({ message: 'Heartbeat monitor deleted successfully' });
    const gone = await t.app.inject({ method: 'GET', url: `${monitorsUrl(integration)}/${monitor.id}`, headers: owner.auth });
    expect(gone.statusCode).toBe(404);
    expect(body(gone)).toEqual({ detail: 'Heartbeat monitor not found' });
    expect((await pingGet(body(rotated).ping_url)).statusCode).toBe(404);
  });

  it('is for the owner or a superuser: a stranger gets 404, an anonymous caller 401', async () => {
    const { integration, monitor } = await newMonitor('owned');
    const stranger = await t.createUser();
    const foreign = await t.app.inject({ method: 'GET', url: monitorsUrl(integration), headers: stranger.auth });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign)).toEqual({ detail: 'Integration not found' });
    expect((await create(integration, { name: 'x', interval_minutes: 5 }, stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: monitorsUrl(integration) })).statusCode).toBe(401);
    const asSuper = await t.app.inject({ method: 'GET', url: `${monitorsUrl(integration)}/${monitor.id}`, headers: t.superuser.auth });
    expect(body(asSuper).id).toBe(monitor.id);
  });

  it('refuses bad input with a 422 naming the field, and stores nothing', async () => {
    const integration = await createIntegration(t, owner, 'bad input');
    for (const payload of [
      { name: 'x', interval_minutes: 0 },
      { name: '', interval_minutes: 5 },
      { name: 'x', interval_minutes: 5, grace_minutes: 5000 },
      { name: 'x', interval_minutes: 5, severity: 'urgent' },
      { interval_minutes: 5 },
    ]) {
      const res = await create(integration, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(body(res).detail[0].loc[0]).toBe('body');
    }
    expect(body(await t.app.inject({ method: 'GET', url: monitorsUrl(integration), headers: owner.auth })).count).toBe(0);
  });

  it('holds at most 30 monitors per integration: the 31st is a 422 naming the cap, even when they are created at once', async () => {
    const integration = await createIntegration(t, owner, 'many crons');
    // 35 at once: on PostgreSQL they run on five connections, each counting before it inserts.
    const answers = await Promise.all(
      Array.from({ length: 35 }, (_, i) => create(integration, { name: `job ${i}`, interval_minutes: 60 })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(30);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.statusCode).toBe(422);
      expect(body(res)).toEqual({
        detail: [{ loc: ['body'], msg: 'Value error, an integration has at most 30 heartbeat monitors', type: 'value_error' }],
      });
    }
    expect(body(await t.app.inject({ method: 'GET', url: monitorsUrl(integration), headers: owner.auth })).count).toBe(30);

    // A deleted one makes room; another integration has a cap of its own.
    const first = body(answers.find((r) => r.statusCode === 200)!);
    await t.app.inject({ method: 'DELETE', url: `${monitorsUrl(integration)}/${first.id}`, headers: owner.auth });
    expect((await create(integration, { name: 'job again', interval_minutes: 60 })).statusCode).toBe(200);
    expect((await create(integration, { name: 'one too many', interval_minutes: 60 })).statusCode).toBe(422);
    const other = await createIntegration(t, owner, 'few crons');
    expect((await create(other, { name: 'job', interval_minutes: 60 })).statusCode).toBe(200);
  });

  it('takes a ping by GET or POST, with any body or none; an unknown token is 404', async () => {
    const { integration, monitor } = await newMonitor('methods');
    expect(body(await pingGet(monitor.ping_url))).toEqual({ message: 'Ping received' });
    const post = await t.app.inject({
      method: 'POST',
      url: pingPath(monitor.ping_url),
      payload: 'backup done in 42 s',
      headers: { 'content-type': 'text/plain' },
    });
    expect(post.statusCode, post.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: pingPath(monitor.ping_url) })).statusCode).toBe(200);
    expect(await readMonitor(integration, monitor.id)).toMatchObject({ status: 'up', last_ping_at: clock.now().toISOString() });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/ingest/not-a-token-0123456789/heartbeat' });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toEqual({ detail: 'Heartbeat monitor not found' });
  });
});

describe('heartbeat monitors: missed pings', () => {
  it('a missed ping raises one alert on the integration, naming the monitor; the next ping resolves it', async () => {
    await drain();
    const { integration, monitor } = await newMonitor('nightly backup', 10, 2);
    clock.advanceMinutes(11);
    expect(await tick()).toBe(0);
    clock.advanceMinutes(2);
    expect(await tick()).toBe(1);
    let alerts = await storedAlerts(t, integration.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'Heartbeat missed: nightly backup', state: 'open', severity: 'critical', owner_id: owner.id });
    expect(alerts[0]?.description).toContain('every 10 minutes');
    expect(await readMonitor(integration, monitor.id)).toMatchObject({ status: 'down' });
    // Its owner is told as of any new alert.
    await t.parts.notifications.flush();
    await t.mail.waitFor((m) => m.subject.includes('Heartbeat missed: nightly backup'));

    // Still missed later: no second alert, no repeat.
    clock.advanceMinutes(30);
    expect(await tick()).toBe(0);
    alerts = await storedAlerts(t, integration.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.occurrence_count).toBe(1);

    expect((await pingGet(monitor.ping_url)).statusCode).toBe(200);
    expect((await storedAlerts(t, integration.id)).map((a) => a.state)).toEqual(['closed']);
    expect(await readMonitor(integration, monitor.id)).toMatchObject({
      status: 'up',
      due_at: new Date(clock.now().getTime() + 12 * 60_000).toISOString(),
    });

    // Missed again: a new alert (a closed one is never reopened).
    clock.advanceMinutes(13);
    expect(await tick()).toBe(1);
    expect((await storedAlerts(t, integration.id)).map((a) => a.state)).toEqual(['closed', 'open']);
  });

  it('pings in time keep the monitor up: no alert', async () => {
    const { integration } = await newMonitor('every 5', 5, 1);
    const monitor = body(await create(integration, { name: 'second', interval_minutes: 5, grace_minutes: 1 }));
    for (let i = 0; i < 4; i++) {
      clock.advanceMinutes(5);
      expect((await pingGet(monitor.ping_url)).statusCode).toBe(200);
      // The other monitor of the integration never pinged: only it goes down, once.
      await tick();
    }
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts.map((a) => a.title)).toEqual(['Heartbeat missed: every 5']);
  });

  it('two checkers (two replicas) raise each missed ping once', async () => {
    await drain();
    const monitors = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((n) => newMonitor(`replica ${n}`, 3, 0)));
    clock.advanceMinutes(4);
    const other = new HeartbeatChecker(t.parts, t.app.log);
    const raised = await Promise.all([tick(), other.tick(), tick(), other.tick()]);
    expect(raised.reduce((a, b) => a + b, 0)).toBe(5);
    for (const { integration } of monitors) {
      const alerts = await storedAlerts(t, integration.id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.occurrence_count).toBe(1);
    }
  });

  it('a monitor of an integration being deleted goes with it; its alert stays', async () => {
    const { integration, monitor } = await newMonitor('to delete', 1, 0);
    clock.advanceMinutes(2);
    await tick();
    const res = await t.app.inject({ method: 'DELETE', url: `${INTEGRATIONS}/${integration.id}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect((await pingGet(monitor.ping_url)).statusCode).toBe(404);
    const left = await t.db.selectFrom('alerts').select('state').where('title', '=', 'Heartbeat missed: to delete').execute();
    expect(left).toEqual([{ state: 'open' }]);
  });
});
