import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyAlertsForKey, tooManyAlertsInBody } from '../../src/ingest/routes.js';
import { fixture, send, storedAlerts } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, TEST_DATABASE_URL, TEST_DB, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

/**
 * One Alertmanager body could create 3,000 alerts and 3,000 emails. A body may carry at
 * most INGEST_MAX_ALERTS_PER_BODY alerts (1,000 by default; a larger one is a 413 and stores
 * nothing), and a key may send at most RATE_LIMIT_INGEST_ALERTS_PER_MINUTE alerts a minute
 * (429 with Retry-After past it; the sender retries).
 */

/** An Alertmanager webhook of `count` firing alerts, each its own fingerprint (small: 3,000 fit in 1 MiB). */
function alertmanagerBody(count: number, prefix: string) {
  const webhook = fixture('alertmanager-v4');
  webhook.alerts = Array.from({ length: count }, (_, i) => ({
    status: 'firing',
    labels: { alertname: 'NodeDown', instance: `${prefix}-${i}`, severity: 'critical' },
    annotations: { summary: `${prefix}-${i} is down` },
    startsAt: '2025-03-04T10:15:30.123Z',
    fingerprint: `${prefix}-${i}`,
  }));
  return webhook;
}

const notificationsOf = async (t: TestApp, integrationId: string) =>
  (
    await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM notifications n JOIN alerts a ON a.id = n.alert_id WHERE a.integration_id = ${integrationId}`.execute(
      t.db,
    )
  ).rows[0]!.n;

describe('the alerts one body may carry (the default: 1,000)', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a body of 3,000 alerts whole with 413: no alert, no notification, no email', async () => {
    expect(t.config.ingest.maxAlertsPerBody).toBe(1000);
    const integration = await createIntegration(t, owner);
    const flood = alertmanagerBody(3000, 'node');
    // Our cap answers, not the body size limit.
    expect(JSON.stringify(flood).length).toBeLessThan(t.config.bodyLimitBytes);
    const res = await send(t, integration, flood);
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ detail: tooManyAlertsInBody(3000, 1000) });
    expect(await storedAlerts(t, integration.id)).toEqual([]);
    expect(await notificationsOf(t, integration.id)).toBe(0);
    // A smaller body of the same sender goes through, and its one email is the only one the owner gets.
    const small = await send(t, integration, alertmanagerBody(1, 'small'));
    expect(small.statusCode, small.body).toBe(202);
    await t.parts.notifications.flush();
    await t.mail.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('small-0 is down'));
    expect(t.mail.to(owner.email).filter((m) => m.subject.includes(' is down'))).toHaveLength(1);
  });

  it('still answers 401 first for a wrong key', async () => {
    const res = await send(t, { path: '/api/v1/ingest/not-a-key' }, alertmanagerBody(3000, 'node'));
    expect(res.statusCode).toBe(401);
  });
});

describe('the alerts a key may send a minute', () => {
  const PER_BODY = 3;
  const PER_KEY = 6;
  let t: TestApp;
  let owner: TestUser;
  let integration: TestIntegration;
  beforeAll(async () => {
    t = await createTestApp({
      // On PostgreSQL the counts go to the database, as with DATABASE_URL and no Redis.
      ...(TEST_DB === 'postgres' && { databaseUrl: TEST_DATABASE_URL }),
      ingest: { maxAlertsPerBody: PER_BODY },
      rateLimit: { ...testConfig().rateLimit, ingestAlertsPerKey: PER_KEY },
    });
    owner = await t.createUser();
    integration = await createIntegration(t, owner);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After once a body would pass the limit, storing nothing of it; other keys go on', async () => {
    const trigger = (title: string, target = integration) => send(t, target, { action: 'trigger', title, dedup_key: title });
    expect((await trigger('one')).statusCode).toBe(202); // 1
    expect((await send(t, integration, alertmanagerBody(3, 'first'))).statusCode).toBe(202); // 4
    expect((await send(t, integration, alertmanagerBody(4, 'over'))).statusCode).toBe(413); // 5: a refused body costs one
    const refused = await send(t, integration, alertmanagerBody(2, 'late')); // 7 > 6
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({ detail: tooManyAlertsForKey(PER_KEY) });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await trigger('last')).statusCode).toBe(202); // 6
    expect((await trigger('too many')).statusCode).toBe(429);
    const stored = (await storedAlerts(t, integration.id)).map((a) => a.dedup_key);
    expect(stored.sort()).toEqual(['first-0', 'first-1', 'first-2', 'last', 'one']);

    const other = await createIntegration(t, owner, 'Grafana');
    expect((await trigger('elsewhere', other)).statusCode).toBe(202);
  });

  it.skipIf(TEST_DB !== 'postgres')('keeps the count in the store every replica shares, under the key hash only', async () => {
    const key = `ingest:${createHash('sha256').update(integration.key).digest('hex')}`;
    const stored = async () => (await sql<{ hits: number }>`SELECT hits FROM rate_limit_hits WHERE key = ${key}`.execute(t.db)).rows;
    // Counts reach the store within 200 ms of being admitted: wait for the last one.
    for (let tries = 0; (await stored())[0]?.hits !== PER_KEY && tries < 100; tries++) await new Promise((r) => setTimeout(r, 50));
    expect(await stored()).toEqual([{ hits: PER_KEY }]);
    const { rows } = await sql<{ key: string }>`SELECT key FROM rate_limit_hits WHERE key LIKE ${`%${integration.key}%`}`.execute(t.db);
    expect(rows).toEqual([]);
  });

  it('a wrong key is still 401, and leaves no count behind', async () => {
    for (let i = 0; i < PER_KEY + 2; i++) {
      expect((await send(t, { path: '/api/v1/ingest/guessed-key' }, { action: 'trigger', title: 'x' })).statusCode).toBe(401);
    }
  });

  it('documents the 413 and the 429 with its Retry-After on every ingest route', async () => {
    const { paths } = body(await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }));
    const ingest = Object.entries(paths as Record<string, { post: { responses: Record<string, any> } }>).filter(
      ([path]) => path.startsWith('/api/v1/ingest/') && !path.endsWith('/heartbeat'),
    );
    expect(ingest.length).toBe(8);
    // The vendors' drop-ins too, on the same budget; a heartbeat ping has its own limit, no body to count.
    ingest.push(['/v2/enqueue', paths['/v2/enqueue']], ['/v2/alerts', paths['/v2/alerts']]);
    for (const kind of ['alertmanager', 'grafana_alerting', 'formatted_webhook', 'webhook']) {
      const url = `/integrations/v1/${kind}/{token}/`;
      ingest.push([url, paths[url]]);
    }
    for (const [path, { post }] of ingest) {
      expect(Object.keys(post.responses), path).toEqual(expect.arrayContaining(['413', '429']));
      expect(post.responses['429'].headers['Retry-After'].schema.type, path).toBe('integer');
    }
    const ping = paths['/api/v1/ingest/{token}/heartbeat'];
    for (const method of ['get', 'post']) expect(ping[method].responses['429'].headers['Retry-After'].schema.type).toBe('integer');
  });
});
