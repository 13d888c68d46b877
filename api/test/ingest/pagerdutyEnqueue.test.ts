import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { event } from '@pagerduty/pdjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, send, storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

// PagerDuty's own client, unmodified, talks to Vigil: pdjs posts to https://<server>/v2/enqueue,
// so the app is served over TLS (a certificate made for this run) and only `server` changes.
// pdjs passes unknown options on to its fetch: `agent` trusts that certificate.

// A free port: the file runs on both databases, side by side when two workers take it at once.
let port: number;
let t: TestApp;
let owner: TestUser;
let server: https.Server;
let agent: https.Agent;
let certDir: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ email: 'pd-owner@example.com' });
  certDir = mkdtempSync(path.join(tmpdir(), 'vigil-pd-'));
  const [key, cert] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
  const openssl = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-keyout', key, '-out', cert, ...subject];
  execFileSync('openssl', openssl, { stdio: 'ignore' });
  agent = new https.Agent({ ca: readFileSync(cert) });
  server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => t.app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  // Nothing to close when the set-up failed before the server was made.
  if (server) await new Promise((resolve) => server.close(resolve));
  agent?.destroy();
  await t?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

/** pdjs's `event`, as a user calls it, with the host changed to Vigil's. */
const pdjs = (data: Record<string, unknown>) =>
  event({ server: `127.0.0.1:${port}`, data, agent } as unknown as Parameters<typeof event>[0]).then((r) => ({
    status: r.status,
    data: r.data,
  }));

const post = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers });

describe('POST /v2/enqueue with PagerDuty’s own client (pdjs)', () => {
  let integration: TestIntegration;
  beforeAll(async () => {
    integration = await createIntegration(t, owner, 'pdjs');
  });

  it('trigger creates an alert, a replay does not duplicate it, acknowledge and resolve move it to acknowledged and closed', async () => {
    const trigger = {
      routing_key: integration.key,
      event_action: 'trigger',
      dedup_key: 'disk/db-1',
      payload: { summary: 'Disk 95% full on db-1', source: 'db-1.example.org', severity: 'critical', component: 'postgres' },
      links: [{ href: 'https://grafana.example.org/d/disk', text: 'Disk dashboard' }],
    };
    const first = await pdjs(trigger);
    expect(first).toEqual({ status: 202, data: { status: 'success', message: 'Event processed', dedup_key: 'disk/db-1' } });
    let [alert] = await storedAlerts(t, integration.id);
    expect(alert).toMatchObject({ title: 'Disk 95% full on db-1', severity: 'critical', state: 'open', owner_id: owner.id });
    expect(alert?.description).toContain('Link: Disk dashboard https://grafana.example.org/d/disk');

    expect((await pdjs(trigger)).status).toBe(202);
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.occurrence_count).toBe(2);

    const ack = await pdjs({ routing_key: integration.key, event_action: 'acknowledge', dedup_key: 'disk/db-1' });
    expect(ack.data).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'disk/db-1' });
    [alert] = await storedAlerts(t, integration.id);
    expect(alert?.state).toBe('acknowledged');

    expect((await pdjs({ routing_key: integration.key, event_action: 'resolve', dedup_key: 'disk/db-1' })).status).toBe(202);
    [alert] = await storedAlerts(t, integration.id);
    expect(alert?.state).toBe('closed');
  });

  it('a trigger without a dedup key gets one, answered so the sender can resolve with it', async () => {
    const own = await createIntegration(t, owner, 'no key');
    const res = await pdjs({
      routing_key: own.key,
      event_action: 'trigger',
      payload: { summary: 'Backup failed', source: 'backup-1', severity: 'error' },
    });
    expect(res.status).toBe(202);
    expect(res.data.dedup_key).toMatch(/^[0-9a-f-]{36}$/);
    await pdjs({ routing_key: own.key, event_action: 'resolve', dedup_key: res.data.dedup_key });
    expect((await storedAlerts(t, own.id))[0]).toMatchObject({ severity: 'high', state: 'closed' });
  });
});

describe('POST /v2/enqueue as Alertmanager’s pagerduty_configs sends it', () => {
  // notify/pagerduty notifyV2: the group key's hash as dedup_key, the same payload on resolve,
  // empty fields left out, custom_details as a map of strings.
  const alertmanager = (routingKey: string, action: 'trigger' | 'resolve') =>
    post(
      {
        routing_key: routingKey,
        dedup_key: '1b5a9e4c2d8f03f7a6e1c0b9d4e3f2a1c5b6d7e8f9a0b1c2d3e4f5a6b7c8d9e0',
        event_action: action,
        payload: {
          summary: '[FIRING:1] HighLatency checkout (critical)',
          source: 'Alertmanager',
          severity: 'critical',
          custom_details: { firing: 'Labels:\n - alertname = HighLatency\n', num_firing: '1', num_resolved: '0', resolved: '' },
        },
        client: 'Alertmanager',
        client_url: 'http://alertmanager.example.org:9093/#/alerts?receiver=vigil',
      },
      { 'content-type': 'application/json', 'user-agent': 'Alertmanager/0.28.1' },
    );

  it('a firing group is an alert, its resolution closes it', async () => {
    const integration = await createIntegration(t, owner, 'Alertmanager');
    const fired = await alertmanager(integration.key, 'trigger');
    expect(fired.statusCode, fired.body).toBe(202);
    expect(body(fired).status).toBe('success');
    expect((await storedAlerts(t, integration.id))[0]).toMatchObject({
      title: '[FIRING:1] HighLatency checkout (critical)',
      state: 'open',
    });
    expect((await alertmanager(integration.key, 'resolve')).statusCode).toBe(202);
    expect((await storedAlerts(t, integration.id))[0]?.state).toBe('closed');
  });
});

describe('POST /v2/enqueue refusals, in PagerDuty’s shape', () => {
  it('an unknown routing key is 400 "Invalid routing key", with nothing stored and nothing told about the key', async () => {
    const res = await post({ ...fixture('pagerduty-trigger'), routing_key: 'not-a-key-of-this-vigil-0123456789abcdef' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ status: 'invalid event', message: 'Event object is invalid', errors: ['Invalid routing key'] });
    // Even with a bad body: the key is checked first.
    const bad = await post({ routing_key: 'not-a-key', event_action: 'explode' });
    expect(body(bad).errors).toEqual(['Invalid routing key']);
  });

  it('a missing routing key, an invalid event and malformed JSON are 400 invalid event; nothing is stored', async () => {
    const integration = await createIntegration(t, owner, 'refusals');
    const noKey = await post({ event_action: 'trigger', payload: { summary: 's', source: 's', severity: 'info' } });
    expect(noKey.statusCode).toBe(400);
    expect(body(noKey).errors).toEqual(["'routing_key' is required"]);

    const badSeverity = await post({
      routing_key: integration.key,
      event_action: 'trigger',
      payload: { summary: 'x', source: 'y', severity: 'disaster' },
    });
    expect(badSeverity.statusCode).toBe(400);
    expect(body(badSeverity)).toMatchObject({ status: 'invalid event', message: 'Event object is invalid' });
    expect(body(badSeverity).errors.join(' ')).toContain('payload.severity');

    const noPayload = await post({ routing_key: integration.key, event_action: 'trigger' });
    expect(body(noPayload).errors).toEqual(['payload: Field required']);

    const broken = await post('{"routing_key": ', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(body(broken)).toEqual({ status: 'invalid event', message: 'Event object is invalid', errors: ['Invalid JSON'] });
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });

  it('extra properties a sender adds are accepted, as PagerDuty accepts them', async () => {
    const integration = await createIntegration(t, owner, 'extras');
    const res = await post({
      ...fixture('pagerduty-trigger'),
      routing_key: integration.key,
      vendor_field: 1,
      payload: { ...fixture('pagerduty-trigger').payload, extra: true },
    });
    expect(res.statusCode, res.body).toBe(202);
  });

  it('an acknowledge for a dedup key with no open alert is accepted and dropped, as PagerDuty drops it', async () => {
    const integration = await createIntegration(t, owner, 'drop');
    const res = await post({ routing_key: integration.key, event_action: 'acknowledge', dedup_key: 'never-triggered' });
    expect(res.statusCode).toBe(202);
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });

  it('the old ingest URL still works beside it, on the same alert', async () => {
    const integration = await createIntegration(t, owner, 'both');
    await post({ ...fixture('pagerduty-trigger'), routing_key: integration.key });
    const res = await send(t, integration, { event_action: 'resolve', dedup_key: fixture('pagerduty-trigger').dedup_key }, 'pagerduty');
    expect(body(res).alerts[0].result).toBe('resolved');
    expect((await storedAlerts(t, integration.id)).map((a) => a.state)).toEqual(['closed']);
  });
});

describe('POST /v2/enqueue rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimit: { ...t.config.rateLimit, ingestAlertsPerKey: 2 },
      ingest: { maxAlertsPerBody: 2 },
    });
  });
  afterAll(async () => limited?.close());

  it("shares the key's budget with /api/v1/ingest: past it, 429 with Retry-After", async () => {
    const user = await limited.createUser();
    const integration = await createIntegration(limited, user);
    const event = (dedup: string) => ({ ...fixture('pagerduty-trigger'), routing_key: integration.key, dedup_key: dedup });
    expect((await send(limited, integration, event('a'), 'pagerduty')).statusCode).toBe(202);
    const enqueue = (dedup: string) =>
      limited.app.inject({ method: 'POST', url: '/v2/enqueue', payload: event(dedup), headers: { 'content-type': 'application/json' } });
    expect((await enqueue('b')).statusCode).toBe(202);
    const refused = await enqueue('c');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(body(refused)).toEqual({ status: 'throttle event', message: 'Too many alerts for this integration: at most 2 a minute' });
    expect(await storedAlerts(limited, integration.id)).toHaveLength(2);
  });
});
