import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashIngestKey } from '../../src/ingest/keys.js';
import { fixture, storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

// Opsgenie's Alert API at /v2/alerts: what its documented example, Grafana's Opsgenie contact
// point and a script send, answered in Opsgenie's shapes.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const clock = new TestClock();
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  owner = await t.createUser({ email: 'og-owner@example.com' });
});
afterAll(() => t?.close());

const genie = (key: string) => ({ authorization: `GenieKey ${key}`, 'content-type': 'application/json' });
const og = (method: 'GET' | 'POST' | 'PUT', url: string, key: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: key === null ? { 'content-type': 'application/json' } : genie(key),
    ...(payload !== undefined && { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
const create = (key: string, payload: unknown) => og('POST', '/v2/alerts', key, payload);
const status = async (key: string, requestId: string) => og('GET', `/v2/alerts/requests/${requestId}`, key);
const requestIdOf = (res: { body: string }) => body(res as never).requestId as string;
const alertRow = (id: string) => t.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /v2/alerts', () => {
  let integration: TestIntegration;
  beforeAll(async () => {
    integration = await createIntegration(t, owner, 'Opsgenie API');
  });

  it("takes Opsgenie's documented example: 202 as Opsgenie answers, the outcome at the request's status", async () => {
    const res = await create(integration.key, fixture('opsgenie-create'));
    expect(res.statusCode, res.body).toBe(202);
    const answer = body(res);
    expect(answer).toEqual({ result: 'Request will be processed', took: expect.any(Number), requestId: expect.stringMatching(UUID) });
    const [alert] = await storedAlerts(t, integration.id);
    expect(alert).toMatchObject({ title: 'An example alert message', severity: 'critical', dedup_key: 'Life is too short for no alias' });
    expect(alert?.description).toContain('Every alert needs a description');
    expect(alert?.description).toContain('Entity: An example entity');
    expect((await alertRow(alert!.id)).labels).toEqual({
      entity: 'An example entity',
      key1: 'value1',
      key2: 'value2',
      priority: 'P1',
      'tag:Critical': 'true',
      'tag:OverwriteQuietHours': 'true',
    });

    const read = await status(integration.key, answer.requestId);
    expect(read.statusCode, read.body).toBe(200);
    expect(body(read)).toEqual({
      data: {
        success: true,
        action: 'Create',
        processedAt: clock.now().toISOString(),
        integrationId: integration.id,
        isSuccess: true,
        status: 'Created alert',
        alertId: alert!.id,
        alias: 'Life is too short for no alias',
      },
      took: expect.any(Number),
      requestId: expect.stringMatching(UUID),
    });
  });

  it('deduplicates by alias as by dedup_key: one alert, its count up', async () => {
    const own = await createIntegration(t, owner, 'dedup');
    const first = await create(own.key, { message: 'Backup failed', alias: 'backup/db-1' });
    const again = await create(own.key, { message: 'Backup failed again', alias: 'backup/db-1' });
    const alerts = await storedAlerts(t, own.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'Backup failed', occurrence_count: 2, severity: 'warning' });
    expect(body(await status(own.key, requestIdOf(first))).data.status).toBe('Created alert');
    expect(body(await status(own.key, requestIdOf(again))).data).toMatchObject({ status: 'Alert is deduplicated', alertId: alerts[0]!.id });
  });

  it('maps P1..P5 to critical, high, warning, info, info (P3 when none)', async () => {
    const own = await createIntegration(t, owner, 'priorities');
    for (const priority of ['P1', 'P2', 'P3', 'P4', 'P5', undefined]) {
      expect((await create(own.key, { message: `priority ${priority}`, alias: `p-${priority}`, priority })).statusCode).toBe(202);
    }
    const bySeverity = Object.fromEntries((await storedAlerts(t, own.id)).map((a) => [a.dedup_key, a.severity]));
    expect(bySeverity).toEqual({
      'p-P1': 'critical',
      'p-P2': 'high',
      'p-P3': 'warning',
      'p-P4': 'info',
      'p-P5': 'info',
      'p-undefined': 'warning',
    });
  });

  it('gives an alert without alias one, told at its request status, so it can be closed by it', async () => {
    const own = await createIntegration(t, owner, 'no alias');
    const created = await create(own.key, { message: 'Certificate expires in 3 days' });
    const { alias } = body(await status(own.key, requestIdOf(created))).data;
    expect(alias).toMatch(UUID);
    expect((await og('POST', `/v2/alerts/${alias}/close?identifierType=alias`, own.key, {})).statusCode).toBe(202);
    expect((await storedAlerts(t, own.id))[0]?.state).toBe('closed');
  });

  it("takes Grafana's Opsgenie contact point: its create, then its close by alias", async () => {
    const own = await createIntegration(t, owner, 'Grafana');
    const payload = fixture('grafana-opsgenie');
    expect((await create(own.key, payload)).statusCode).toBe(202);
    const [alert] = await storedAlerts(t, own.id);
    expect(alert).toMatchObject({ title: '[FIRING:1] HighCPU api-1 (critical)', severity: 'warning', dedup_key: payload.alias });
    expect((await alertRow(alert!.id)).labels).toMatchObject({
      source: 'Grafana',
      url: 'http://grafana.example.org/alerting/list',
      'tag:alertname:HighCPU': 'true',
      'tag:severity:critical': 'true',
    });
    // notify: Grafana posts {"source": "Grafana"} to <api url>/<alias>/close?identifierType=alias.
    const closed = await og('POST', `/v2/alerts/${payload.alias}/close?identifierType=alias`, own.key, { source: 'Grafana' });
    expect(closed.statusCode).toBe(202);
    expect((await storedAlerts(t, own.id))[0]?.state).toBe('closed');
  });

  it('opens the integration with its Opsgenie key (integration_legacy_keys)', async () => {
    const own = await createIntegration(t, owner, 'moved');
    const legacy = `og-${randomUUID()}`;
    await t.db
      .insertInto('integration_legacy_keys')
      .values({ key_hash: hashIngestKey(legacy), integration_id: own.id, vendor: 'opsgenie' })
      .execute();
    expect((await create(legacy, { message: 'From the old key' })).statusCode).toBe(202);
    expect(await storedAlerts(t, own.id)).toHaveLength(1);
  });
});

describe('refusals, in Opsgenie’s shape, storing nothing', () => {
  let integration: TestIntegration;
  beforeAll(async () => {
    integration = await createIntegration(t, owner, 'refusals');
  });
  const nothingStored = async () => {
    expect(await storedAlerts(t, integration.id)).toEqual([]);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM opsgenie_requests WHERE integration_id = ${integration.id}`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
  };

  it('401 "Could not authenticate" without a GenieKey or with a wrong one, whatever the body', async () => {
    for (const res of [
      await og('POST', '/v2/alerts', null, { message: 'x' }),
      await create('wrong-key', { message: 'x' }),
      await create('wrong-key', { priority: 'P9' }),
      await create('wrong-key', '{not json'),
      await og('GET', `/v2/alerts/requests/${randomUUID()}`, 'wrong-key'),
      await og('POST', `/v2/alerts/x/close?identifierType=alias`, 'wrong-key', {}),
      await og('GET', '/v2/heartbeats/nightly/ping', 'wrong-key'),
      await t.app.inject({
        method: 'POST',
        url: '/v2/alerts',
        headers: { authorization: `Bearer ${integration.key}` },
        payload: { message: 'x' },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(body(res)).toEqual({ message: 'Could not authenticate', took: expect.any(Number), requestId: expect.stringMatching(UUID) });
    }
    await nothingStored();
  });

  it('422 with an error per field for a missing message or an unknown priority; 400 for JSON that is not', async () => {
    const missing = await create(integration.key, { description: 'no message' });
    expect(missing.statusCode).toBe(422);
    expect(body(missing)).toEqual({
      message: 'Request body is not processable. Please check the errors.',
      errors: { message: 'Message can not be empty.' },
      took: expect.any(Number),
      requestId: expect.stringMatching(UUID),
    });
    expect(body(await create(integration.key, { message: '   ' })).errors).toEqual({ message: 'Message can not be empty.' });
    expect(body(await create(integration.key, { message: 'x', priority: 'P9' })).errors).toEqual({
      priority: 'should be one of [ P1, P2, P3, P4, P5 ]',
    });
    expect(body(await create(integration.key, { message: 'x', tags: 'a,b' })).errors).toHaveProperty('tags');
    const garbled = await create(integration.key, '{"message": ');
    expect(garbled.statusCode).toBe(400);
    expect(body(garbled).message).toBe('Invalid JSON body');
    const badType = await og('POST', `/v2/alerts/x/close?identifierType=name`, integration.key, {});
    expect(badType.statusCode).toBe(422);
    expect(body(badType).errors).toEqual({ identifierType: 'should be one of [ id, alias, tiny ]' });
    await nothingStored();
  });

  it('takes NUL characters and deep nesting without a 5xx: NUL dropped, as everywhere else', async () => {
    const own = await createIntegration(t, owner, 'hostile');
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const res = await create(own.key, {
      message: 'a\u0000b',
      alias: 'x\u0000y',
      tags: ['t\u0000'],
      details: { k: deep, 'n\u0000': 'v\u0000' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [alert] = await storedAlerts(t, own.id);
    expect(alert).toMatchObject({ title: 'ab', dedup_key: 'xy' });
    expect(body(await status(own.key, requestIdOf(res))).data.alias).toBe('xy');
    for (const [method, url, payload] of [
      ['POST', '/v2/alerts/x%00y/close?identifierType=alias', {}],
      ['PUT', `/v2/alerts/${alert!.id}/description`, { description: 'd\u0000' }],
      ['GET', '/v2/alerts/x%00y?identifierType=alias', undefined],
      ['GET', '/v2/heartbeats/n%00/ping', undefined],
    ] as const) {
      expect((await og(method, url, own.key, payload)).statusCode, url).toBeLessThan(500);
    }
    expect((await alertRow(alert!.id)).description).toBe('d');
  });

  it('429 with Retry-After past the key’s budget, shared with its other URLs', async () => {
    const limited = await createTestApp({ rateLimit: { ...t.config.rateLimit, ingestAlertsPerKey: 2 } });
    try {
      const limitedOwner = await limited.createUser({ email: 'og-limited@example.com' });
      const own = await createIntegration(limited, limitedOwner, 'limited');
      const post = () =>
        limited.app.inject({ method: 'POST', url: '/v2/alerts', headers: genie(own.key), payload: { message: 'x', alias: 'same' } });
      expect((await post()).statusCode).toBe(202);
      expect((await post()).statusCode).toBe(202);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(body(refused).message).toMatch(/^You are making too many requests!/);
    } finally {
      await limited.close();
    }
  });
});

describe('acknowledge, close, escalate, update: by id, alias or tiny id, on the key’s integration only', () => {
  let integration: TestIntegration;
  let other: TestIntegration;
  beforeAll(async () => {
    integration = await createIntegration(t, owner, 'actions');
    other = await createIntegration(t, owner, 'someone else');
  });
  const newAlert = async (alias: string) => {
    await create(integration.key, { message: `Alert ${alias}`, alias });
    const alert = (await storedAlerts(t, integration.id)).find((a) => a.dedup_key === alias)!;
    return alertRow(alert.id);
  };
  const act = async (key: string, identifier: string | number, action: string, type?: string, payload: unknown = {}) => {
    const res = await og(
      'POST',
      `/v2/alerts/${encodeURIComponent(identifier)}/${action}${type ? `?identifierType=${type}` : ''}`,
      key,
      payload,
    );
    expect(res.statusCode, res.body).toBe(202);
    return body(await status(key, requestIdOf(res))).data;
  };

  it('acknowledge by id, escalate by tiny id, close by alias: the alert’s own transitions, history via integration', async () => {
    const alert = await newAlert('db-1/disk');
    expect(alert.tiny_id).toEqual(expect.any(Number));
    expect(await act(integration.key, alert.id, 'acknowledge', undefined, { user: 'bot', note: 'on it' })).toMatchObject({
      action: 'Acknowledge',
      isSuccess: true,
      status: 'Acknowledged alert',
      alertId: alert.id,
      alias: 'db-1/disk',
    });
    expect((await alertRow(alert.id)).state).toBe('acknowledged');
    expect((await act(integration.key, alert.id, 'acknowledge')).status).toBe('Alert is already acknowledged');
    expect(await act(integration.key, alert.tiny_id!, 'escalate', 'tiny', { escalation: { name: 'Nightwatch' } })).toMatchObject({
      action: 'Escalate',
      status: 'Escalated alert',
    });
    expect(await alertRow(alert.id)).toMatchObject({ state: 'escalated', escalation_level: 1 });
    expect(await act(integration.key, 'db-1/disk', 'close', 'alias')).toMatchObject({ action: 'Close', status: 'Closed alert' });
    const history = await t.db
      .selectFrom('alert_events')
      .select(['action', 'via', 'actor_id'])
      .where('alert_id', '=', alert.id)
      .orderBy('created_at')
      .execute();
    expect(history).toEqual([
      { action: 'acknowledge', via: 'integration', actor_id: null },
      { action: 'escalate', via: 'integration', actor_id: null },
      { action: 'close', via: 'integration', actor_id: null },
    ]);
    // Closed: acknowledging it fails, truthfully, and an alias no open alert has is not found.
    expect(await act(integration.key, alert.id, 'acknowledge')).toMatchObject({ isSuccess: false, status: 'Alert is closed' });
    expect(await act(integration.key, 'db-1/disk', 'close', 'alias')).toMatchObject({
      isSuccess: false,
      status: 'No open alert has this alias',
    });
  });

  it('an unknown identifier is accepted (202) and its request failed; another integration’s alert is unknown', async () => {
    const alert = await newAlert('mine');
    for (const [identifier, type] of [
      [randomUUID(), 'id'],
      ['not-a-uuid', 'id'],
      ['99999999999', 'tiny'],
      ['x1', 'tiny'],
      ['nobody', 'alias'],
    ] as const) {
      expect(await act(integration.key, identifier, 'close', type), `${type} ${identifier}`).toMatchObject({ isSuccess: false });
    }
    expect(await act(other.key, alert.id, 'close')).toMatchObject({ isSuccess: false, status: 'Alert does not exist' });
    expect(await act(other.key, alert.tiny_id!, 'close', 'tiny')).toMatchObject({ isSuccess: false });
    expect((await alertRow(alert.id)).state).toBe('open');
  });

  it('changes an open alert’s message and description (Alertmanager’s update_alerts)', async () => {
    const alert = await newAlert('to-update');
    const message = await og('PUT', `/v2/alerts/to-update/message?identifierType=alias`, integration.key, { message: 'Renamed' });
    expect(message.statusCode).toBe(202);
    await og('PUT', `/v2/alerts/${alert.id}/description`, integration.key, { description: 'New text' });
    expect(await alertRow(alert.id)).toMatchObject({ title: 'Renamed', description: 'New text' });
    const empty = await og('PUT', `/v2/alerts/${alert.id}/message`, integration.key, { message: '' });
    expect(empty.statusCode).toBe(422);
    expect(body(empty).errors).toEqual({ message: 'Message can not be empty.' });
  });

  it("answers an alert as Opsgenie's get-alert does, with its tiny id; only the key's integration's", async () => {
    await create(integration.key, {
      message: 'Read me',
      alias: 'read-me',
      tags: ['db'],
      details: { region: 'eu' },
      source: 'cron',
      priority: 'P2',
    });
    const res = await og('GET', '/v2/alerts/read-me?identifierType=alias', integration.key);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = body(res);
    expect(data).toMatchObject({
      alias: 'read-me',
      message: 'Read me',
      status: 'open',
      acknowledged: false,
      tags: ['db'],
      details: { region: 'eu' },
      source: 'cron',
      priority: 'P2',
      count: 1,
      integration: { id: integration.id, name: 'actions', type: 'API' },
    });
    expect(data.tinyId).toMatch(/^\d+$/);
    expect(body(await og('GET', `/v2/alerts/${data.tinyId}?identifierType=tiny`, integration.key)).data.id).toBe(data.id);
    const stranger = await og('GET', `/v2/alerts/${data.id}`, other.key);
    expect(stranger.statusCode).toBe(404);
    expect(body(stranger).message).toBe('Alert does not exist');
  });
});

describe('GET /v2/alerts/requests/{requestId}', () => {
  it('answers only the integration that made the request: 404 for another key, an unknown or malformed id', async () => {
    const mine = await createIntegration(t, owner, 'requests mine');
    const theirs = await createIntegration(t, owner, 'requests theirs');
    const requestId = requestIdOf(await create(mine.key, { message: 'x' }));
    expect((await status(mine.key, requestId)).statusCode).toBe(200);
    for (const [key, id] of [
      [theirs.key, requestId],
      [mine.key, randomUUID()],
      [mine.key, 'not-a-uuid'],
    ]) {
      const res = await status(key!, id!);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({
        message: 'Request not found. It might not be processed, yet.',
        took: expect.any(Number),
        requestId: expect.stringMatching(UUID),
      });
    }
  });

  it('keeps 7 days and the newest 1,000 per integration, pruned as requests come in', async () => {
    const own = await createIntegration(t, owner, 'retention');
    const old = requestIdOf(await create(own.key, { message: 'old', alias: 'old' }));
    clock.advanceMinutes(7 * 24 * 60 + 1);
    const recent = requestIdOf(await create(own.key, { message: 'new', alias: 'new' }));
    expect((await status(own.key, old)).statusCode).toBe(404);
    expect((await status(own.key, recent)).statusCode).toBe(200);
    await sql`
      INSERT INTO opsgenie_requests (id, integration_id, action, success, status, processed_at)
      SELECT gen_random_uuid(), ${own.id}, 'Create', true, 'Created alert', ${clock.now()}::timestamptz + n * interval '1 ms'
      FROM generate_series(1, 1000) n`.execute(t.db);
    clock.advanceMinutes(1);
    const last = requestIdOf(await create(own.key, { message: 'last', alias: 'last' }));
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM opsgenie_requests WHERE integration_id = ${own.id}`.execute(
      t.db,
    );
    expect(rows[0]?.n).toBe(1000);
    expect((await status(own.key, last)).statusCode).toBe(200);
    expect((await status(own.key, recent)).statusCode).toBe(404);
  });
});

describe('GET|POST /v2/heartbeats/{name}/ping', () => {
  it("pings the key's integration's monitor of that name: PONG, and a missed ping's alert resolved", async () => {
    const own = await createIntegration(t, owner, 'cron');
    const monitor = body(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/integration/${own.id}/heartbeats`,
        headers: owner.auth,
        payload: { name: 'nightly backup', interval_minutes: 60, grace_minutes: 0 },
      }),
    );
    clock.advanceMinutes(61);
    await t.parts.heartbeats.tick();
    expect((await storedAlerts(t, own.id))[0]?.state).toBe('open');

    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/v2/heartbeats/nightly%20backup/ping',
        headers: { authorization: `GenieKey ${own.key}` },
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(body(res)).toEqual({ result: 'PONG - Heartbeat received', took: expect.any(Number), requestId: expect.stringMatching(UUID) });
    }
    expect((await storedAlerts(t, own.id))[0]?.state).toBe('closed');
    const row = await t.db
      .selectFrom('heartbeat_monitors')
      .select(['last_ping_at', 'missed_at'])
      .where('id', '=', monitor.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_ping_at: clock.now(), missed_at: null });

    const unknown = await og('POST', '/v2/heartbeats/weekly/ping', own.key);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Heartbeat with name [weekly] does not exist');
    const stranger = await createIntegration(t, owner, 'not cron');
    expect((await og('GET', '/v2/heartbeats/nightly%20backup/ping', stranger.key)).statusCode).toBe(404);
  });
});
