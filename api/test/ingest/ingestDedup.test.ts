import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectCountsExact, fixture, send, storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/** Deduplication, resolve and the rule that a closed alert is never reopened. */
let t: TestApp;
let owner: TestUser;
let integration: TestIntegration;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  integration = await createIntegration(t, owner);
});

const trigger = (dedup_key: string, title = 'Replica lag') => ({ action: 'trigger', title, dedup_key });

describe('dedup', () => {
  it('a repeated trigger updates the open alert: count and last seen, not a second alert', async () => {
    const first = body(await send(t, integration, trigger('lag')));
    const [created] = await storedAlerts(t, integration.id);
    const seenBefore = (await t.db.selectFrom('alerts').select('last_seen_at').where('id', '=', created!.id).executeTakeFirstOrThrow())
      .last_seen_at;
    const second = body(await send(t, integration, trigger('lag', 'Replica lag, again')));
    expect(first.alerts[0]).toMatchObject({ result: 'created', alert_id: created?.id });
    expect(second.alerts[0]).toMatchObject({ result: 'updated', alert_id: created?.id });
    const [alert, ...none] = await storedAlerts(t, integration.id);
    expect(none).toEqual([]);
    // The first title stays: repeats count, they do not rewrite the alert.
    expect(alert).toMatchObject({ occurrence_count: 2, title: 'Replica lag', state: 'open' });
    const seenAfter = (await t.db.selectFrom('alerts').select('last_seen_at').where('id', '=', created!.id).executeTakeFirstOrThrow())
      .last_seen_at;
    expect(seenAfter.getTime()).toBeGreaterThan(seenBefore.getTime());
  });

  it('keys are per integration: the same key elsewhere is another alert', async () => {
    const elsewhere = await createIntegration(t, owner, 'Grafana');
    await send(t, integration, trigger('shared-key'));
    await send(t, elsewhere, trigger('shared-key'));
    expect(await storedAlerts(t, integration.id)).toHaveLength(1);
    expect(await storedAlerts(t, elsewhere.id)).toHaveLength(1);
  });

  it('an acknowledged or escalated alert absorbs repeats and keeps its state', async () => {
    await send(t, integration, trigger('acked'));
    const [alert] = await storedAlerts(t, integration.id);
    await t.app.inject({ method: 'POST', url: `/api/v1/alert/escalate/${alert?.id}` });
    await send(t, integration, trigger('acked'));
    expect(await storedAlerts(t, integration.id)).toEqual([expect.objectContaining({ state: 'escalated', occurrence_count: 2 })]);
  });

  it('concurrent duplicates create exactly one alert', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => send(t, integration, trigger('burst'))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(25).fill(202));
    const results = answers.map((a) => body(a).alerts[0].result as string);
    expect(results.filter((r) => r === 'created')).toHaveLength(1);
    expect(results.filter((r) => r === 'updated')).toHaveLength(24);
    expect(await storedAlerts(t, integration.id)).toEqual([expect.objectContaining({ dedup_key: 'burst', occurrence_count: 25 })]);
    await expectCountsExact(t);
  });

  it('concurrent webhooks with overlapping alerts, firing and resolving, all succeed and leave one alert per fingerprint', async () => {
    const firing = fixture('alertmanager-v4');
    const mixed = fixture('alertmanager-v4-resolved');
    const reversed = fixture('alertmanager-v4');
    reversed.alerts.reverse();
    const bodies = Array.from({ length: 12 }, (_, i) => [firing, mixed, reversed][i % 3]);
    const answers = await Promise.all(bodies.map((b) => send(t, integration, b)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(202));
    const alerts = await storedAlerts(t, integration.id);
    // At most one not-closed alert per fingerprint, whatever the interleaving.
    for (const key of ['5c1a3f0e9d2b7a41', '9e77b6c2d0f4a815']) {
      expect(alerts.filter((a) => a.dedup_key === key && a.state !== 'closed').length).toBeLessThanOrEqual(1);
    }
    expect(alerts.filter((a) => a.dedup_key === '9e77b6c2d0f4a815')).toEqual([
      expect.objectContaining({ state: 'open', occurrence_count: 12 }),
    ]);
    await expectCountsExact(t);
  });

  it('within one body the last status of a fingerprint wins', async () => {
    const webhook = fixture('alertmanager-v4');
    webhook.alerts.push({ ...webhook.alerts[0], status: 'resolved' });
    const res = await send(t, integration, webhook);
    expect(res.statusCode).toBe(202);
    const results = Object.fromEntries(body(res).alerts.map((a: { dedup_key: string; result: string }) => [a.dedup_key, a.result]));
    expect(results).toEqual({ '5c1a3f0e9d2b7a41': 'ignored', '9e77b6c2d0f4a815': 'created' });
  });
});

describe('resolve and closed alerts', () => {
  it('a resolve closes the alert; a second resolve is ignored', async () => {
    await send(t, integration, trigger('db'));
    expect(body(await send(t, integration, { action: 'resolve', dedup_key: 'db' })).alerts[0].result).toBe('resolved');
    expect(body(await send(t, integration, { action: 'resolve', dedup_key: 'db' })).alerts[0]).toMatchObject({
      result: 'ignored',
      alert_id: null,
    });
    expect(await storedAlerts(t, integration.id)).toEqual([expect.objectContaining({ state: 'closed' })]);
  });

  it('a trigger after a resolve makes a new alert; the closed one is never reopened', async () => {
    await send(t, integration, trigger('flapping'));
    await send(t, integration, { action: 'resolve', dedup_key: 'flapping' });
    const again = body(await send(t, integration, trigger('flapping')));
    expect(again.alerts[0].result).toBe('created');
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts.map((a) => [a.state, a.occurrence_count])).toEqual([
      ['closed', 1],
      ['open', 1],
    ]);
    expect(alerts[1]?.id).toBe(again.alerts[0].alert_id);
  });

  it('an alert closed from the console is not reopened by its sender either', async () => {
    await send(t, integration, fixture('pagerduty-trigger'));
    const [alert] = await storedAlerts(t, integration.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/alert/close/${alert?.id}` })).statusCode).toBe(200);
    expect(body(await send(t, integration, fixture('pagerduty-acknowledge'))).alerts[0].result).toBe('ignored');
    expect(body(await send(t, integration, fixture('pagerduty-trigger'))).alerts[0].result).toBe('created');
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts.map((a) => a.state)).toEqual(['closed', 'open']);
  });

  it('acknowledging an acknowledged alert changes nothing and records no event', async () => {
    await send(t, integration, fixture('pagerduty-trigger'));
    await send(t, integration, fixture('pagerduty-acknowledge'));
    expect(body(await send(t, integration, fixture('pagerduty-acknowledge'))).alerts[0].result).toBe('acknowledged');
    const [alert] = await storedAlerts(t, integration.id);
    const events = body(await t.app.inject({ method: 'GET', url: `/api/v1/alert/${alert?.id}/events`, headers: owner.auth }));
    expect(events.count).toBe(1);
  });
});
