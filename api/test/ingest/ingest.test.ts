import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCountsExact, fixture, send, storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/** Every payload format, each from the vendor's documented example, through the real API. */
let t: TestApp;
let owner: TestUser;
let integration: TestIntegration;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ email: 'oncall@example.com' });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  integration = await createIntegration(t, owner);
});

describe('generic events', () => {
  it('a trigger creates an open alert owned by the integration owner, and answers 202 with its dedup key', async () => {
    const res = await send(t, integration, {
      action: 'trigger',
      title: 'Queue backlog',
      description: '12k jobs waiting',
      severity: 'high',
      dedup_key: 'queue/backlog',
    });
    expect(res.statusCode, res.body).toBe(202);
    const [alert] = await storedAlerts(t, integration.id);
    expect(body(res)).toEqual({
      status: 'success',
      message: 'Event processed',
      format: 'generic',
      dedup_key: 'queue/backlog',
      alerts: [{ dedup_key: 'queue/backlog', alert_id: alert?.id, result: 'created' }],
    });
    expect(alert).toMatchObject({
      title: 'Queue backlog',
      description: '12k jobs waiting',
      severity: 'high',
      state: 'open',
      dedup_key: 'queue/backlog',
      occurrence_count: 1,
      owner_id: owner.id,
      integration_id: integration.id,
    });
  });

  it('a trigger without a dedup key gets one generated, and the answer carries it so the sender can resolve', async () => {
    const res = await send(t, integration, { action: 'trigger', title: 'Deploy failed' });
    expect(res.statusCode).toBe(202);
    const key = body(res).dedup_key as string;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const [alert] = await storedAlerts(t, integration.id);
    expect(alert).toMatchObject({ dedup_key: key, severity: 'warning', description: null });

    expect(body(await send(t, integration, { action: 'resolve', dedup_key: key })).alerts[0].result).toBe('resolved');
    expect((await storedAlerts(t, integration.id))[0]?.state).toBe('closed');
  });

  it('drops NUL characters, which PostgreSQL text cannot hold, instead of failing with a 5xx the sender would retry', async () => {
    const res = await send(t, integration, { action: 'trigger', title: 'Bad\u0000byte', description: '\u0000', dedup_key: 'nul\u0000key' });
    expect(res.statusCode, res.body).toBe(202);
    expect(await storedAlerts(t, integration.id)).toEqual([
      expect.objectContaining({ title: 'Badbyte', description: null, dedup_key: 'nulkey' }),
    ]);
  });

  it('the alert is visible through the alert API with the new fields', async () => {
    await send(t, integration, { action: 'trigger', title: 'Disk full', dedup_key: 'disk' });
    await send(t, integration, { action: 'trigger', title: 'Disk full', dedup_key: 'disk' });
    const [stored] = await storedAlerts(t, integration.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/alert/${stored?.id}` });
    expect(body(res)).toMatchObject({ dedup_key: 'disk', occurrence_count: 2, integration_id: integration.id, state: 'open' });
    expect(new Date(body(res).last_seen_at).getTime()).toBeGreaterThanOrEqual(new Date(body(res).created_at).getTime());
  });
});

describe('Prometheus Alertmanager webhook (version 4)', () => {
  it('creates one alert per fingerprint, titled and rated from its labels and annotations', async () => {
    const res = await send(t, integration, fixture('alertmanager-v4'));
    expect(res.statusCode, res.body).toBe(202);
    expect(body(res).format).toBe('alertmanager');
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts.map((a) => a.dedup_key).sort()).toEqual(['5c1a3f0e9d2b7a41', '9e77b6c2d0f4a815']);
    const db1 = alerts.find((a) => a.dedup_key === '5c1a3f0e9d2b7a41');
    expect(db1).toMatchObject({ title: 'NodeDown: db-1.example.org is down', severity: 'critical', state: 'open' });
    expect(db1?.description).toContain('db-1.example.org:9100 has not answered a scrape for 5 minutes.');
    expect(db1?.description).toContain('instance=db-1.example.org:9100');
    expect(db1?.description).toContain('Runbook: https://runbooks.example.org/node-down');
    expect(db1?.description).toContain('Source: http://prometheus.example.org:9090/graph');
    expect(body(res).alerts.map((a: { result: string }) => a.result)).toEqual(['created', 'created']);
  });

  it('resolves per alert: a resolved fingerprint closes its alert, a still-firing one is deduplicated', async () => {
    await send(t, integration, fixture('alertmanager-v4'));
    const res = await send(t, integration, fixture('alertmanager-v4-resolved'));
    expect(res.statusCode, res.body).toBe(202);
    const byKey = Object.fromEntries((await storedAlerts(t, integration.id)).map((a) => [a.dedup_key, a]));
    expect(byKey['5c1a3f0e9d2b7a41']).toMatchObject({ state: 'closed', occurrence_count: 1 });
    expect(byKey['9e77b6c2d0f4a815']).toMatchObject({ state: 'open', occurrence_count: 2 });
    expect(Object.keys(byKey)).toHaveLength(2);
    const results = Object.fromEntries(body(res).alerts.map((a: { dedup_key: string; result: string }) => [a.dedup_key, a.result]));
    expect(results).toEqual({ '5c1a3f0e9d2b7a41': 'resolved', '9e77b6c2d0f4a815': 'updated' });
  });

  it('records the resolve in the alert history as done by the integration', async () => {
    await send(t, integration, fixture('alertmanager-v4'));
    await send(t, integration, fixture('alertmanager-v4-resolved'));
    const closed = (await storedAlerts(t, integration.id)).find((a) => a.state === 'closed');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/alert/${closed?.id}/events`, headers: owner.auth });
    expect(body(res).data).toEqual([
      expect.objectContaining({ action: 'close', from_state: 'open', to_state: 'closed', via: 'integration', actor_id: null }),
    ]);
  });

  it('is also understood at its explicit URL', async () => {
    const res = await send(t, integration, fixture('alertmanager-v4'), 'alertmanager');
    expect(res.statusCode, res.body).toBe(202);
    expect(await storedAlerts(t, integration.id)).toHaveLength(2);
  });
});

describe('Grafana alerting webhook', () => {
  it('is detected by its orgId; a firing alert is created, a resolved one with no open alert is ignored', async () => {
    const res = await send(t, integration, fixture('grafana-webhook'));
    expect(res.statusCode, res.body).toBe(202);
    expect(body(res).format).toBe('grafana');
    const results = Object.fromEntries(body(res).alerts.map((a: { dedup_key: string; result: string }) => [a.dedup_key, a.result]));
    expect(results).toEqual({ a4d2c9e1b0f37c68: 'created', '1f0e3d2c4b5a6978': 'ignored' });
    const [alert, ...rest] = await storedAlerts(t, integration.id);
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      title: 'High memory usage: Memory pressure in zone eu-1',
      severity: 'warning',
      dedup_key: 'a4d2c9e1b0f37c68',
    });
    expect(alert?.description).toContain('Memory usage above 90% for 10 minutes');
    expect(alert?.description).toContain('Dashboard: https://grafana.example.org/d/infra-mem');
  });

  it('resolves by fingerprint', async () => {
    const firing = fixture('grafana-webhook');
    firing.alerts[1].status = 'firing';
    await send(t, integration, firing, 'grafana');
    const res = await send(t, integration, fixture('grafana-webhook'), 'grafana');
    expect(res.statusCode).toBe(202);
    const byKey = Object.fromEntries((await storedAlerts(t, integration.id)).map((a) => [a.dedup_key, a.state]));
    expect(byKey).toEqual({ a4d2c9e1b0f37c68: 'open', '1f0e3d2c4b5a6978': 'closed' });
  });
});

describe('PagerDuty Events API v2', () => {
  it('trigger, acknowledge, resolve: one alert through its states, answered like PagerDuty', async () => {
    const trigger = await send(t, integration, fixture('pagerduty-trigger'));
    expect(trigger.statusCode, trigger.body).toBe(202);
    expect(body(trigger)).toMatchObject({
      status: 'success',
      message: 'Event processed',
      dedup_key: 'checkout-api/latency',
      format: 'pagerduty',
    });
    const [alert] = await storedAlerts(t, integration.id);
    expect(alert).toMatchObject({ title: 'p99 latency of checkout-api above 2 s', severity: 'high', state: 'open' });
    expect(alert?.description).toContain('Source: k8s:prod-eu:checkout-api');
    expect(alert?.description).toContain('"p99 ms": 2350');

    const ack = await send(t, integration, fixture('pagerduty-acknowledge'));
    expect(body(ack).alerts).toEqual([{ dedup_key: 'checkout-api/latency', alert_id: alert?.id, result: 'acknowledged' }]);
    expect((await storedAlerts(t, integration.id))[0]?.state).toBe('acknowledged');

    const resolve = await send(t, integration, fixture('pagerduty-resolve'));
    expect(body(resolve).alerts).toEqual([{ dedup_key: 'checkout-api/latency', alert_id: alert?.id, result: 'resolved' }]);
    expect((await storedAlerts(t, integration.id))[0]?.state).toBe('closed');

    const history = body(await t.app.inject({ method: 'GET', url: `/api/v1/alert/${alert?.id}/events`, headers: owner.auth })).data;
    expect(history.map((e: { action: string; to_state: string; via: string }) => [e.action, e.to_state, e.via])).toEqual([
      ['acknowledge', 'acknowledged', 'integration'],
      ['close', 'closed', 'integration'],
    ]);
  });

  it('a trigger without dedup_key gets a generated key in the answer', async () => {
    const res = await send(t, integration, fixture('pagerduty-trigger-no-key'));
    expect(res.statusCode).toBe(202);
    const [alert] = await storedAlerts(t, integration.id);
    expect(body(res).dedup_key).toBe(alert?.dedup_key);
    expect(alert).toMatchObject({ title: 'Nightly backup of orders-db failed', severity: 'critical' });
  });

  it('acknowledge or resolve of an unknown key is accepted and ignored, as PagerDuty drops it', async () => {
    const res = await send(t, integration, fixture('pagerduty-resolve'), 'pagerduty');
    expect(res.statusCode).toBe(202);
    expect(body(res).alerts).toEqual([{ dedup_key: 'checkout-api/latency', alert_id: null, result: 'ignored' }]);
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });

  it('cuts a summary longer than our title limit instead of refusing it', async () => {
    const event = fixture('pagerduty-trigger');
    event.payload.summary = 's'.repeat(1000);
    expect((await send(t, integration, event)).statusCode).toBe(202);
    const [alert] = await storedAlerts(t, integration.id);
    expect(alert?.title).toHaveLength(255);
    expect(alert?.title.endsWith('…')).toBe(true);
  });
});

describe('counts', () => {
  it('the alert count of the owner stays exact through creates, dedups and resolves', async () => {
    const before = body(await t.app.inject({ method: 'GET', url: '/api/v1/alert/?limit=1', headers: owner.auth })).count as number;
    await send(t, integration, fixture('alertmanager-v4'));
    await send(t, integration, fixture('alertmanager-v4-resolved'));
    await send(t, integration, fixture('alertmanager-v4'));
    await send(t, integration, fixture('pagerduty-trigger'));
    const after = body(await t.app.inject({ method: 'GET', url: '/api/v1/alert/?limit=1', headers: owner.auth })).count as number;
    // Two from the first webhook; db-1 closed and fired again: a third; the PagerDuty trigger: a fourth.
    expect(after - before).toBe(4);
    expect(await storedAlerts(t, integration.id)).toHaveLength(4);
    await expectCountsExact(t);
  });
});
