import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.js';
import { fixture, send, storedAlerts } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { SmtpSink } from '../helpers/smtpSink.js';
import { teamOf } from '../helpers/teams.js';
import { body, createTestApp, openTestDatabase, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

/** Ingest keys: issued once, hashed at rest, rotated, and never in a log. */
let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  other = await t.createUser();
});
afterAll(async () => {
  await t?.close();
});

const rotate = (id: string, user?: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/v1/integration/${id}/ingest-key`, headers: user?.auth ?? {} });
const generic = { action: 'trigger', title: 'Key test', dedup_key: 'key-test' };

describe('the key', () => {
  it('is answered once, on creation, with its URL; only its SHA-256 is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integration/',
      headers: owner.auth,
      payload: { title: 'Alertmanager' },
    });
    const created = body(res);
    expect(created.ingest_key).toMatch(/^[\w-]{43}$/);
    expect(created.ingest_url).toBe(`http://console.test/api/v1/ingest/${created.ingest_key}`);
    expect(created.has_ingest_key).toBe(true);

    const read = await t.app.inject({ method: 'GET', url: `/api/v1/integration/${created.id}`, headers: owner.auth });
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/integration/', headers: owner.auth });
    for (const answer of [read.body, listed.body]) expect(answer).not.toContain(created.ingest_key);
    expect(body(read).has_ingest_key).toBe(true);
    expect(body(read)).not.toHaveProperty('ingest_url');

    const row = await t.db.selectFrom('integrations').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.ingest_key_hash).toBe(createHash('sha256').update(created.ingest_key).digest('hex'));
  });

  it('each integration gets its own key', async () => {
    const a = await createIntegration(t, owner);
    const b = await createIntegration(t, owner);
    expect(a.key).not.toBe(b.key);
  });

  it('a wrong or missing-in-part key is 401 and stores nothing, whatever the body', async () => {
    const integration = await createIntegration(t, owner);
    const wrong = { path: `/api/v1/ingest/${integration.key.slice(0, -1)}x` };
    for (const payload of [generic, fixture('alertmanager-v4'), { action: 'trigger' }, { nonsense: true }]) {
      const res = await send(t, wrong, payload);
      expect(res.statusCode, res.body).toBe(401);
      expect(body(res)).toEqual({ detail: 'Invalid integration key' });
    }
    expect((await send(t, { path: '/api/v1/ingest/short' }, generic)).statusCode).toBe(401);
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });

  it('of a deleted integration no longer works', async () => {
    const integration = await createIntegration(t, owner);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/integration/${integration.id}`, headers: owner.auth });
    expect((await send(t, integration, generic)).statusCode).toBe(401);
  });

  it("of an inactive owner's integration is refused with 403", async () => {
    const user = await t.createUser();
    const integration = await createIntegration(t, user);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}`,
      headers: t.superuser.auth,
      payload: { is_active: false },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    for (const payload of [generic, { action: 'resolve', dedup_key: 'x' }, { action: 'trigger' }]) {
      const res = await send(t, integration, payload);
      expect(res.statusCode).toBe(403);
      expect(body(res).detail).toBe("The integration's owner is inactive");
    }
    expect(await storedAlerts(t, integration.id)).toEqual([]);
  });
});

describe('rotation', () => {
  it('answers a new key once; the old one stops working at once', async () => {
    const integration = await createIntegration(t, owner);
    expect((await send(t, integration, generic)).statusCode).toBe(202);
    const res = await rotate(integration.id, owner);
    expect(res.statusCode, res.body).toBe(200);
    const { ingest_key, ingest_url } = body(res);
    expect(ingest_key).toMatch(/^[\w-]{43}$/);
    expect(ingest_key).not.toBe(integration.key);
    expect((await send(t, integration, generic)).statusCode).toBe(401);
    const rotated = { path: new URL(ingest_url).pathname };
    const again = await send(t, rotated, generic);
    expect(again.statusCode).toBe(202);
    // Same integration: the open alert is deduplicated across the rotation.
    expect(body(again).alerts[0].result).toBe('updated');
  });

  it('is for the owner or a superuser; a stranger gets 404, an anonymous caller 401', async () => {
    const integration = await createIntegration(t, owner);
    expect((await rotate(integration.id, other)).statusCode).toBe(404);
    expect((await rotate(integration.id)).statusCode).toBe(401);
    expect((await send(t, integration, generic)).statusCode).toBe(202);
    const bySuper = await rotate(integration.id, t.superuser);
    expect(bySuper.statusCode).toBe(200);
    expect((await send(t, integration, generic)).statusCode).toBe(401);
    expect((await rotate('00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
  });

  it('gives a key to an integration created before ingestion existed (none until then)', async () => {
    const legacy = await t.db
      .insertInto('integrations')
      .values({ title: 'Legacy', description: null, owner_id: owner.id, team_id: await teamOf(t, owner) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/integration/${legacy.id}`, headers: owner.auth });
    expect(body(read).has_ingest_key).toBe(false);
    const res = await rotate(legacy.id, owner);
    expect(res.statusCode).toBe(200);
    expect((await send(t, { path: new URL(body(res).ingest_url).pathname }, generic)).statusCode).toBe(202);
    expect(body(await t.app.inject({ method: 'GET', url: `/api/v1/integration/${legacy.id}`, headers: owner.auth })).has_ingest_key).toBe(
      true,
    );
  });
});

describe('new-alert email', () => {
  it('goes to the owner once per new alert, never for a deduplicated repeat', async () => {
    const user = await t.createUser();
    const integration = await createIntegration(t, user);
    const first = await send(t, integration, {
      action: 'trigger',
      title: 'Cache cluster degraded',
      severity: 'critical',
      dedup_key: 'cache',
    });
    const alertId = body(first).alerts[0].alert_id as string;
    const mail = await t.mail.waitFor((m) => m.to.includes(user.email) && m.subject.includes('Cache cluster degraded'));
    expect(mail.subject).toBe('[Vigil][CRITICAL] Cache cluster degraded');
    expect(mail.text).toContain(`http://console.test/actions/${alertId}`);

    await send(t, integration, { action: 'trigger', title: 'Cache cluster degraded', severity: 'critical', dedup_key: 'cache' });
    // A later new alert's email marks the point by which a repeat's email would have arrived.
    await send(t, integration, { action: 'trigger', title: 'Sentinel alert', dedup_key: 'sentinel' });
    await t.mail.waitFor((m) => m.to.includes(user.email) && m.subject.includes('Sentinel alert'));
    expect(t.mail.to(user.email).filter((m) => m.subject.includes('Cache cluster degraded'))).toHaveLength(1);
  });

  it('goes out for each new alert of a webhook batch', async () => {
    const user = await t.createUser();
    const integration = await createIntegration(t, user);
    await send(t, integration, fixture('alertmanager-v4'));
    await t.mail.waitFor((m) => m.to.includes(user.email) && m.subject.includes('db-1.example.org is down'));
    await t.mail.waitFor((m) => m.to.includes(user.email) && m.subject.includes('db-2.example.org is down'));
    expect(t.mail.to(user.email).filter((m) => m.subject.includes('NodeDown'))).toHaveLength(2);
  });
});

describe('logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let mail: SmtpSink;

  beforeAll(async () => {
    mail = await new SmtpSink().start();
    const database = await openTestDatabase();
    drop = database.drop;
    const config = testConfig({ logLevel: 'debug', smtp: { host: '127.0.0.1', port: mail.port, tls: false, ssl: false } });
    app = await buildApp({ config, db: database.db, logger: loggerOptions(config, { write: (line) => lines.push(line) }) });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    await mail?.stop();
  });

  it('never hold an ingest key, whatever the route or outcome', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=admin@example.com&password=admin-password-1',
    });
    const auth = { authorization: `Bearer ${login.json().access_token}` };
    const created = (await app.inject({ method: 'POST', url: '/api/v1/integration/', headers: auth, payload: { title: 'Logged' } })).json();
    const rotated = (await app.inject({ method: 'POST', url: `/api/v1/integration/${created.id}/ingest-key`, headers: auth })).json();
    const key = rotated.ingest_key as string;
    const base = `/api/v1/ingest/${key}`;
    const json = { 'content-type': 'application/json' };
    const statuses = [
      (await app.inject({ method: 'POST', url: base, headers: json, payload: { action: 'trigger', title: 'Logged alert' } })).statusCode,
      (await app.inject({ method: 'POST', url: `${base}/alertmanager`, headers: json, payload: { alerts: [{}] } })).statusCode,
      (await app.inject({ method: 'POST', url: `${base}/nonsense`, headers: json, payload: {} })).statusCode,
      (await app.inject({ method: 'GET', url: base })).statusCode,
      (await app.inject({ method: 'POST', url: base, headers: json, payload: '{not json' })).statusCode,
      (
        await app.inject({
          method: 'POST',
          url: `/api/v1/ingest/${created.ingest_key}`,
          headers: json,
          payload: { action: 'trigger', title: 'x' },
        })
      ).statusCode,
    ];
    expect(statuses).toEqual([202, 422, 404, 404, 422, 401]);
    const all = lines.join('\n');
    expect(all).toContain('/api/v1/ingest/[redacted]');
    for (const secret of [key, created.ingest_key]) expect(all).not.toContain(secret);
  });
});
