import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCountsExact, fixture, send, storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/** A bad body is a 422 naming the field, and nothing of it is stored. */
let t: TestApp;
let owner: TestUser;
let integration: TestIntegration;

beforeAll(async () => {
  // A small body limit, to see the 413 without building megabytes.
  t = await createTestApp({ bodyLimitBytes: 16 * 1024 });
  owner = await t.createUser();
  integration = await createIntegration(t, owner);
});
afterAll(async () => {
  await t?.close();
});

const am = (change: (body: any) => void) => {
  const webhook = fixture('alertmanager-v4');
  change(webhook);
  return webhook;
};
const pd = (change: (body: any) => void) => {
  const event = fixture('pagerduty-trigger');
  change(event);
  return event;
};

describe('422 names the field and stores nothing', () => {
  it.each([
    ['generic: no action', { title: 'x' }, undefined, ['body', 'action'], 'Field required'],
    [
      'generic: unknown action',
      { action: 'explode', title: 'x' },
      undefined,
      ['body', 'action'],
      "Input should be 'trigger', 'acknowledge', 'resolve'",
    ],
    ['generic: trigger without title', { action: 'trigger', dedup_key: 'k' }, undefined, ['body', 'title'], 'Field required'],
    ['generic: resolve without dedup_key', { action: 'resolve' }, undefined, ['body', 'dedup_key'], 'Field required'],
    ['generic: empty title', { action: 'trigger', title: '' }, undefined, ['body', 'title'], 'String should have at least 1 character'],
    [
      'generic: title too long',
      { action: 'trigger', title: 'x'.repeat(256) },
      undefined,
      ['body', 'title'],
      'String should have at most 255 characters',
    ],
    [
      'generic: unknown severity',
      { action: 'trigger', title: 'x', severity: 'apocalyptic' },
      undefined,
      ['body', 'severity'],
      "Input should be 'critical', 'high', 'warning', 'info'",
    ],
    [
      'generic: description not text',
      { action: 'trigger', title: 'x', description: 42 },
      undefined,
      ['body', 'description'],
      'Input should be a valid string',
    ],
    [
      'generic: dedup key too long',
      { action: 'trigger', title: 'x', dedup_key: 'k'.repeat(256) },
      undefined,
      ['body', 'dedup_key'],
      'String should have at most 255 characters',
    ],
    ['a JSON array', [{ action: 'trigger', title: 'x' }], undefined, ['body'], 'Input should be a valid object'],
    [
      'Alertmanager: one alert of the batch without fingerprint',
      am((w) => delete w.alerts[1].fingerprint),
      undefined,
      ['body', 'alerts', 1, 'fingerprint'],
      'Field required',
    ],
    [
      'Alertmanager: an unknown alert status',
      am((w) => {
        w.alerts[0].status = 'pending';
      }),
      undefined,
      ['body', 'alerts', 0, 'status'],
      "Input should be 'firing', 'resolved'",
    ],
    [
      'Alertmanager: a label that is not text',
      am((w) => {
        w.alerts[1].labels.severity = 3;
      }),
      undefined,
      ['body', 'alerts', 1, 'labels', 'severity'],
      'Input should be a valid string',
    ],
    ['Alertmanager: no alerts list', am((w) => delete w.alerts), undefined, ['body', 'alerts'], 'Field required'],
    ['Grafana (explicit URL): a generic event', { action: 'trigger', title: 'x' }, 'grafana', ['body', 'alerts'], 'Field required'],
    ['PagerDuty: trigger without payload', pd((e) => delete e.payload), undefined, ['body', 'payload'], 'Field required'],
    [
      'PagerDuty: payload without summary',
      pd((e) => delete e.payload.summary),
      undefined,
      ['body', 'payload', 'summary'],
      'Field required',
    ],
    [
      'PagerDuty: an unknown severity',
      pd((e) => {
        e.payload.severity = 'major';
      }),
      undefined,
      ['body', 'payload', 'severity'],
      "Input should be 'critical', 'error', 'warning', 'info'",
    ],
    [
      'PagerDuty: resolve without dedup_key',
      { routing_key: 'r', event_action: 'resolve' },
      undefined,
      ['body', 'dedup_key'],
      'Field required',
    ],
    [
      'PagerDuty: unknown event_action',
      { event_action: 'snooze', dedup_key: 'k' },
      'pagerduty',
      ['body', 'event_action'],
      "Input should be 'trigger', 'acknowledge', 'resolve'",
    ],
  ] as const)('%s', async (_name, payload, format, loc, msg) => {
    const res = await send(t, integration, payload, format);
    expect(res.statusCode, res.body).toBe(422);
    expect(body(res).detail).toContainEqual(expect.objectContaining({ loc, msg }));
    // Nothing but the real problem: no "should be null" or "anyOf" noise from nullable fields.
    expect(body(res).detail).toHaveLength(1);
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });

  it('lists every problem of a batch at once', async () => {
    const webhook = am((w) => {
      delete w.alerts[0].fingerprint;
      w.alerts[1].status = 'done';
    });
    const res = await send(t, integration, webhook);
    expect(body(res).detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
      ['body', 'alerts', 0, 'fingerprint'],
      ['body', 'alerts', 1, 'status'],
    ]);
  });

  it('a batch with one bad alert stores none of the good ones', async () => {
    const webhook = am((w) => {
      w.alerts.push({ ...w.alerts[0], fingerprint: 'bad', status: 'unknown' });
    });
    expect((await send(t, integration, webhook)).statusCode).toBe(422);
    expect(await storedAlerts(t, integration.id)).toEqual([]);
    await expectCountsExact(t);
  });

  it('malformed JSON is a 422 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: integration.path,
      payload: '{"action": "trig',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(body(res).detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
  });
});

describe('other refusals', () => {
  it('a body over the limit is 413 and stores nothing', async () => {
    const webhook = fixture('alertmanager-v4');
    webhook.alerts = Array.from({ length: 40 }, (_, i) => ({ ...webhook.alerts[0], fingerprint: `fp-${i}` }));
    const res = await send(t, integration, webhook);
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ detail: 'Request body is too large' });
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });

  it('a body that is not JSON is 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: integration.path, payload: 'alert!', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
  });

  it('an unknown format in the URL is 404', async () => {
    expect((await send(t, integration, { action: 'trigger', title: 'x' }, 'zabbix')).statusCode).toBe(404);
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });

  it('an empty Alertmanager batch is accepted and does nothing', async () => {
    const res = await send(
      t,
      integration,
      am((w) => (w.alerts = [])),
    );
    expect(res.statusCode).toBe(202);
    expect(body(res)).toMatchObject({ format: 'alertmanager', dedup_key: null, alerts: [] });
  });
});
