import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { buildApp } from '../../src/app.js';
import { body, createTestApp, openTestDatabase, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

const METRICS = '/api/v1/utils/metrics';
const METRICS_TOKEN = 'a-metrics-token-for-the-scraper-0123456789';

/** The value of one sample line of a Prometheus text answer, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && wanted.every((label) => l.slice(0, l.indexOf('}')).includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: METRICS_TOKEN });
    user = await t.createUser();
  });
  afterAll(async () => t?.close());

  it('refuses anonymous callers (401), plain users (403) and a wrong token (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: METRICS })).statusCode).toBe(401);
    const asUser = await t.app.inject({ method: 'GET', url: METRICS, headers: user.auth });
    expect(asUser.statusCode).toBe(403);
    expect(body(asUser)).toEqual({ detail: "The user doesn't have enough privileges" });
    const wrong = await t.app.inject({ method: 'GET', url: METRICS, headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route template and alerts by state, for a superuser or the metrics token', async () => {
    const ids: string[] = [];
    for (const title of ['a', 'b', 'c', 'd']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/alert/', headers: user.auth, payload: { title } });
      ids.push(body(res).id);
    }
    await t.app.inject({ method: 'POST', url: `/api/v1/alert/acknowledge/${ids[0]}` });
    await t.app.inject({ method: 'POST', url: `/api/v1/alert/escalate/${ids[1]}` });
    await t.app.inject({ method: 'POST', url: `/api/v1/alert/close/${ids[2]}` });
    await t.app.inject({ method: 'GET', url: `/api/v1/alert/${ids[3]}` });

    const res = await t.app.inject({ method: 'GET', url: METRICS, headers: t.superuser.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    for (const [state, n] of [
      ['open', 1],
      ['acknowledged', 1],
      ['escalated', 1],
      ['closed', 1],
    ] as const) {
      expect(sample(text, 'vigil_alerts', { state }), state).toBe(n);
    }
    expect(sample(text, 'vigil_http_requests_total', { method: 'POST', route: '/api/v1/alert', status: '200' })).toBe(4);
    // One series per route template, never one per alert id.
    expect(sample(text, 'vigil_http_requests_total', { method: 'GET', route: '/api/v1/alert/:id', status: '200' })).toBe(1);
    expect(text).not.toContain(ids[3]);
    expect(sample(text, 'vigil_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/alert' })).toBe(4);
    expect(text).toContain('vigil_process_cpu_user_seconds_total');
    // Which version and which replica answered this scrape.
    expect(sample(text, 'vigil_build_info', { version: pkg.version, hostname: hostname() })).toBe(1);

    const scraped = await t.app.inject({ method: 'GET', url: METRICS, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.statusCode).toBe(200);
    expect(sample(scraped.body, 'vigil_alerts', { state: 'closed' })).toBe(1);
    // The token is a secret: never echoed.
    expect(scraped.body).not.toContain(METRICS_TOKEN);
  });

  it('answers the health check 503 while draining, before the server stops', async () => {
    expect(body(await t.app.inject({ method: 'GET', url: '/api/v1/utils/health-check/' }))).toBe(true);
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/utils/health-check/' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toEqual({ detail: 'Shutting down' });
      // Everything else is still served while the load balancer notices.
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth });
      expect(me.statusCode).toBe(200);
      // …but each answer closes its connection, so clients reconnect through the balancer.
      expect(me.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

describe('REDIS_URL', () => {
  it('fails start-up with one clear message when Redis cannot be reached', async () => {
    // Port 1 on loopback: nothing listens there.
    const config = testConfig({ redisUrl: 'redis://127.0.0.1:1' });
    const { db, drop } = await openTestDatabase();
    try {
      await expect(buildApp({ config, db, logger: false })).rejects.toThrow(/^Redis at REDIS_URL is unreachable/);
    } finally {
      await drop();
    }
  });
});
