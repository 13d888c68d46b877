import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import { type ApiProcess, startApiProcess } from '../helpers/apiProcess.js';
import { openHalfSentLogin, parseAnswer, tryConnect } from '../helpers/halfSentRequest.js';
import { TEST_DATABASE_URL, TEST_DB } from '../helpers/testApp.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'admin@example.com', password: 'replica-admin-password' };
const PUBLIC_ALERT_LIMIT = 4;

async function adminQuery(text: string, database?: string): Promise<pg.QueryResult> {
  const url = new URL(TEST_DATABASE_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Two API processes started together on a new database: both race to migrate it. */
async function startReplicas(env: Record<string, string>): Promise<{ replicas: ApiProcess[]; database: string }> {
  const database = `vigil_replicas_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  const common = {
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    SECRET_KEY: 'replica-test-secret-key-0123456789abcdef',
    FIRST_SUPERUSER: ADMIN.email,
    FIRST_SUPERUSER_PASSWORD: ADMIN.password,
    RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE: String(PUBLIC_ALERT_LIMIT),
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    LOG_LEVEL: 'info',
  };
  const replicas = await Promise.all([startApiProcess({ ...common, ...env }), startApiProcess({ ...common, ...env })]);
  return { replicas, database };
}

/** A process's JSON log lines. */
const logLines = (api: ApiProcess): Record<string, unknown>[] =>
  api
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The migrations each process says it applied at start-up. */
const appliedMigrations = (api: ApiProcess) => logLines(api).find((line) => Array.isArray(line.migrations))?.migrations;

async function login(api: ApiProcess, email: string, password: string): Promise<Response> {
  return fetch(`${api.url}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
}

const tokenFrom = async (api: ApiProcess) =>
  ((await (await login(api, ADMIN.email, ADMIN.password)).json()) as { access_token: string }).access_token;

/** Alternates public reads of one alert between the replicas, past the limit: their statuses. */
async function alternatePublicReads([a, b]: ApiProcess[]): Promise<number[]> {
  const created = await fetch(`${a!.url}/api/v1/alert/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenFrom(a!)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Rate-limited page' }),
  });
  const { id } = (await created.json()) as { id: string };
  const statuses: number[] = [];
  // Per process, none would reach the limit.
  for (let i = 0; i < PUBLIC_ALERT_LIMIT + 2; i++) {
    const replica = i % 2 === 0 ? a! : b!;
    statuses.push((await fetch(`${replica.url}/api/v1/alert/${id}`)).status);
  }
  return statuses;
}

// Real processes, as deployed behind a load balancer: one PostgreSQL database and one Redis.
describe.skipIf(TEST_DB !== 'postgres')('two API replicas on one PostgreSQL and Redis', () => {
  let replicas: ApiProcess[] = [];
  let database = '';

  beforeAll(async () => {
    ({ replicas, database } = await startReplicas({
      REDIS_URL,
      // A namespace of this run's own, so nothing else sharing the Redis counts with us.
      REDIS_KEY_PREFIX: `vigil-test-${randomUUID()}:`,
      SHUTDOWN_DRAIN_SECONDS: '3',
    }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('migrate the database once (one process applies every migration, the other none) and create the first superuser once', async () => {
    const names = await adminQuery('SELECT name FROM kysely_migration ORDER BY name', database);
    expect(names.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
    const admins = await adminQuery('SELECT email FROM users WHERE is_superuser', database);
    expect(admins.rows.map((r) => r.email)).toEqual([ADMIN.email]);
    const applied = replicas.map(appliedMigrations);
    expect(applied).toHaveLength(2);
    expect(applied).toContainEqual(Object.keys(migrations));
    expect(applied).toContainEqual([]);
  });

  it('accept on one replica a token made by the other', async () => {
    const [a, b] = replicas as [ApiProcess, ApiProcess];
    const me = await fetch(`${b.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${await tokenFrom(a)}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(ADMIN.email);
  });

  it('hold a rate limit across both (Redis), not per process', async () => {
    for (const replica of replicas) expect(logLines(replica).find((l) => l.msg === 'Vigil API ready')?.rateLimitStore).toBe('redis');
    expect(await alternatePublicReads(replicas)).toEqual([...Array(PUBLIC_ALERT_LIMIT).fill(200), 429, 429]);
  });

  it('on SIGTERM: health 503 while draining, then refuse new connections, answer the request in flight in full, exit 0', async () => {
    const a = replicas[0] as ApiProcess;
    const token = await tokenFrom(a);
    // A login in flight from before the signal until after the server stopped accepting:
    // its body is still on its way when the close begins.
    const requestId = `half-sent-login-${randomUUID()}`;
    const inFlight = await openHalfSentLogin(a, requestId, ADMIN);
    await a.waitForLog(`"reqId":"${requestId}"`);

    a.child.kill('SIGTERM');
    await a.waitForLog('shutting down: health check now answers 503');
    // Draining (3 s): the load balancer's health check fails, requests are still served.
    const health = await fetch(`${a.url}/api/v1/utils/health-check/`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ detail: 'Shutting down' });
    const me = await fetch(`${a.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('connection')).toBe('close');

    await a.waitForLog('stopped accepting connections');
    expect(await tryConnect(a)).toBe('ECONNREFUSED');
    // The rest of the body: the request completes and is answered in full, then its connection closes.
    inFlight.finish();
    const answer = parseAnswer(await inFlight.answer);
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    expect(Buffer.byteLength(answer.body)).toBe(Number(answer.headers['content-length']));
    expect(JSON.parse(answer.body)).toMatchObject({ access_token: expect.any(String), token_type: 'bearer' });

    const code = await a.exited;
    expect(code, a.output().split('\n').slice(-5).join('\n')).toBe(0);
    // The close finished by itself: no connection was left for the grace period to cut.
    expect(a.output()).toContain('every request in flight was answered');
    expect(a.output()).not.toContain('requests still open');
    // The other replica is untouched.
    expect((await fetch(`${replicas[1]?.url}/api/v1/utils/health-check/`)).status).toBe(200);
  });
});

// Without REDIS_URL the replicas share rate-limit counters through PostgreSQL.
describe.skipIf(TEST_DB !== 'postgres')('two API replicas on one PostgreSQL, no Redis', () => {
  let replicas: ApiProcess[] = [];
  let database = '';

  beforeAll(async () => {
    ({ replicas, database } = await startReplicas({}));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    if (database) await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('migrate the database once', () => {
    expect(replicas.map(appliedMigrations)).toEqual(expect.arrayContaining([Object.keys(migrations), []]));
  });

  it('hold a rate limit across both (PostgreSQL), not per process', async () => {
    for (const replica of replicas) expect(logLines(replica).find((l) => l.msg === 'Vigil API ready')?.rateLimitStore).toBe('postgresql');
    expect(await alternatePublicReads(replicas)).toEqual([...Array(PUBLIC_ALERT_LIMIT).fill(200), 429, 429]);
  });
});
