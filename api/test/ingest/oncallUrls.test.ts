import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashIngestKey } from '../../src/ingest/keys.js';
import { fixture, storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

// Grafana OnCall's integration URLs, /integrations/v1/{kind}/{token}/: what OnCall took, answered
// as OnCall did ("Ok."), so a sender changes only the host.

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ email: 'oncall-owner@example.com' });
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const labelsOf = async (alertId: string) =>
  (await t.db.selectFrom('alerts').select('labels').where('id', '=', alertId).executeTakeFirstOrThrow()).labels;

describe('/integrations/v1/{kind}/{token}/', () => {
  let integration: TestIntegration;
  beforeAll(async () => {
    integration = await createIntegration(t, owner, 'from OnCall');
  });

  it('alertmanager and grafana_alerting take their webhooks, with or without the trailing slash, and answer "Ok."', async () => {
    const am = await createIntegration(t, owner, 'am');
    const fired = await post(`/integrations/v1/alertmanager/${am.key}/`, fixture('alertmanager-v4'));
    expect(fired.statusCode, fired.body).toBe(200);
    expect(fired.headers['content-type']).toMatch(/^application\/json/);
    expect(body(fired)).toBe('Ok.');
    const firing = await storedAlerts(t, am.id);
    expect(firing.length).toBeGreaterThan(0);
    expect((await post(`/integrations/v1/alertmanager/${am.key}`, fixture('alertmanager-v4-resolved'))).statusCode).toBe(200);
    expect((await storedAlerts(t, am.id)).some((a) => a.state === 'closed')).toBe(true);

    const grafana = await createIntegration(t, owner, 'grafana');
    expect((await post(`/integrations/v1/grafana_alerting/${grafana.key}`, fixture('grafana-webhook'))).statusCode).toBe(200);
    expect((await storedAlerts(t, grafana.id))[0]).toMatchObject({ title: 'High memory usage: Memory pressure in zone eu-1' });
  });

  it("formatted_webhook: OnCall's example alerts, and its state ok resolves the alert of its alert_uid", async () => {
    const own = await createIntegration(t, owner, 'formatted');
    const payload = fixture('oncall-formatted-webhook');
    expect(body(await post(`/integrations/v1/formatted_webhook/${own.key}/`, payload))).toBe('Ok.');
    const [alert] = await storedAlerts(t, own.id);
    expect(alert).toMatchObject({ title: 'TestAlert: The whole system is down', dedup_key: payload.alert_uid, state: 'open' });
    expect(alert?.description).toContain('Smth happened. Oh no!');
    expect(alert?.description).toContain('Link: https://en.wikipedia.org/wiki/Downtime');
    expect(await labelsOf(alert!.id)).toMatchObject({ state: 'alerting', alert_uid: payload.alert_uid });
    await post(`/integrations/v1/formatted_webhook/${own.key}/`, { ...payload, state: 'ok' });
    expect(await storedAlerts(t, own.id)).toMatchObject([{ state: 'closed' }]);
  });

  it('webhook: any JSON; title from title or alert_name, dedup by alert_uid or id or the payload, resolved by state ok or status resolved', async () => {
    const own = await createIntegration(t, owner, 'webhook');
    const url = `/integrations/v1/webhook/${own.key}/`;
    await post(url, { alert_name: 'Disk full', id: 42, severity: 'critical', url: 'https://mon.example.org/42' });
    await post(url, { alert_name: 'Disk full', id: 42, severity: 'critical' });
    await post(url, { message: 'This alert was sent by user for the demonstration purposes' });
    await post(url, { message: 'This alert was sent by user for the demonstration purposes' });
    await post(url, [1, 2, 3]);
    await post(url, '"just text"');
    const alerts = await storedAlerts(t, own.id);
    expect(alerts.map((a) => [a.title, a.occurrence_count, a.severity])).toEqual([
      ['Disk full', 2, 'critical'],
      ['Incident', 2, 'warning'],
      ['Incident', 1, 'warning'],
      ['Incident', 1, 'warning'],
    ]);
    expect(alerts[0]?.dedup_key).toBe('42');
    expect(alerts[0]?.description).toContain('Source: https://mon.example.org/42');
    expect(alerts[1]?.description).toBe('This alert was sent by user for the demonstration purposes');

    await post(url, { id: 42, status: 'resolved' });
    await post(url, { message: 'This alert was sent by user for the demonstration purposes', state: 'OK' });
    const states = (await storedAlerts(t, own.id)).map((a) => a.state);
    expect(states).toEqual(['closed', 'closed', 'open', 'open']);
  });

  it("takes the token OnCall gave the integration (integration_legacy_keys, vendor 'oncall')", async () => {
    const own = await createIntegration(t, owner, 'moved from OnCall');
    const token = `oncall${randomUUID().replaceAll('-', '')}`;
    await t.db
      .insertInto('integration_legacy_keys')
      .values({ key_hash: hashIngestKey(token), integration_id: own.id, vendor: 'oncall' })
      .execute();
    expect((await post(`/integrations/v1/webhook/${token}/`, { title: 'Old token' })).statusCode).toBe(200);
    expect((await storedAlerts(t, own.id))[0]?.title).toBe('Old token');
  });

  it('refuses as OnCall did an unknown token (403, whatever the body), and a body it cannot read with a clear 4xx, storing nothing', async () => {
    for (const kind of ['alertmanager', 'grafana_alerting', 'formatted_webhook', 'webhook']) {
      for (const payload of [{ title: 'x' }, '{not json']) {
        const res = await post(`/integrations/v1/${kind}/not-a-token/`, payload);
        expect(res.statusCode, `${kind} ${res.body}`).toBe(403);
        expect(body(res)).toEqual({ detail: 'Integration key was not found. Permission denied.' });
      }
    }
    const invalid = await post(`/integrations/v1/alertmanager/${integration.key}/`, { alerts: [{ status: 'firing' }] });
    expect(invalid.statusCode).toBe(422);
    expect(body(invalid).detail[0].loc).toEqual(['body', 'alerts', 0, 'labels']);
    expect((await post(`/integrations/v1/webhook/${integration.key}/`, '{not json')).statusCode).toBe(422);
    expect((await post(`/integrations/v1/zabbix/${integration.key}/`, {})).statusCode).toBe(404);
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });
});
