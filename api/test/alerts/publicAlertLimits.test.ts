import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_FOR_ALERT } from '../../src/alerts/perAlertLimit.js';
import { buildApp } from '../../src/app.js';
import { LINK_TOKEN_HEADER } from '../../src/links/linkAccess.js';
import { signLinkToken } from '../../src/links/linkTokens.js';
import { createAlert } from '../helpers/alerts.js';
import { body, createTestApp, TEST_DATABASE_URL, TEST_DB, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

/**
 * The public alert routes (read and the three actions) are limited per alert as well as per
 * client address: RATE_LIMIT_PER_ALERT_PER_MINUTE (4 here) calls on one alert a minute from
 * every address together, counted in the shared store (PostgreSQL here on the api-postgres
 * project, so two replicas count together).
 */
const BASE = '/api/v1/alert';
const PER_ALERT = 4;

let t: TestApp;
let owner: TestUser;
let address = 0;
/** A new client address on each call: the per-address limit never applies. */
const nextAddress = () => `198.51.100.${(address++ % 250) + 1}`;

const read = (id: string, options: Partial<InjectOptions> = {}, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: `${BASE}/${id}`, remoteAddress: nextAddress(), ...options });
const act = (action: string, id: string) => t.app.inject({ method: 'POST', url: `${BASE}/${action}/${id}`, remoteAddress: nextAddress() });
const linkFor = (id: string, recipient: string) => ({
  headers: {
    [LINK_TOKEN_HEADER]: signLinkToken(t.config.secretKey, { alertId: id, recipient, expiresAt: new Date(Date.now() + 3_600_000) }),
  },
});

const newAlert = async () => (await createAlert(t, owner)).id;

function expectTooMany(res: Awaited<ReturnType<typeof read>>) {
  expect(res.statusCode).toBe(429);
  expect(body(res)).toEqual({ detail: TOO_MANY_FOR_ALERT });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
}

beforeAll(async () => {
  t = await createTestApp({
    // On PostgreSQL the counters are rows of the database (as with DATABASE_URL and no Redis).
    ...(TEST_DB === 'postgres' && { databaseUrl: TEST_DATABASE_URL }),
    rateLimit: { ...testConfig().rateLimit, perAlert: PER_ALERT },
  });
  owner = await t.createUser();
});
afterAll(async () => {
  await t?.close();
});

describe('the per-alert limit of the public routes', () => {
  it('holds across varied client addresses, reads and actions together, and leaves other alerts alone', async () => {
    const id = await newAlert();
    for (let i = 0; i < PER_ALERT; i++) expect((await read(id)).statusCode).toBe(200);
    expectTooMany(await read(id));
    const ack = await act('acknowledge', id);
    expectTooMany(ack);
    // Refused before anything was read or changed.
    const stored = await t.db.selectFrom('alerts').select('state').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.state).toBe('open');
    expect(await t.db.selectFrom('alert_events').select('id').where('alert_id', '=', id).execute()).toEqual([]);
    expect((await read(await newAlert())).statusCode).toBe(200);
  });

  it('gives each signed link recipient a budget of their own, so a flood by the bare id does not lock them out', async () => {
    const id = await newAlert();
    for (let i = 0; i < PER_ALERT; i++) await read(id);
    expectTooMany(await read(id));
    for (let i = 0; i < PER_ALERT; i++) expect((await read(id, linkFor(id, 'oncall@example.com'))).statusCode).toBe(200);
    expectTooMany(await read(id, linkFor(id, 'oncall@example.com')));
    expect((await read(id, linkFor(id, 'lead@example.com'))).statusCode).toBe(200);
  });

  it('a malformed id is a 422 that spends nothing', async () => {
    for (let i = 0; i < PER_ALERT + 2; i++) expect((await read('not-a-uuid')).statusCode).toBe(422);
  });
});

describe.skipIf(TEST_DB !== 'postgres')('the per-alert limit across replicas', () => {
  let replica: FastifyInstance;
  beforeAll(async () => {
    // A second API process on the same database, as in production.
    replica = await buildApp({ config: t.config, db: t.db, logger: false });
  });
  afterAll(async () => {
    await replica?.close();
  });

  it('counts the calls both replicas answered against one limit', async () => {
    const id = await newAlert();
    expect((await read(id)).statusCode).toBe(200);
    expect((await read(id)).statusCode).toBe(200);
    expect((await read(id, {}, replica)).statusCode).toBe(200);
    expect((await read(id, {}, replica)).statusCode).toBe(200);
    expectTooMany(await read(id, {}, replica));
    expectTooMany(await read(id));
    const { rows } = await sql<{ hits: number }>`SELECT hits FROM rate_limit_hits WHERE key LIKE ${`%alert:${id}`}`.execute(t.db);
    expect(rows).toEqual([{ hits: PER_ALERT + 2 }]);
  });
});
