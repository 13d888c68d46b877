import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';
import { type ApiProcess, startApiProcess } from './helpers/apiProcess.js';
import { TEST_DATABASE_URL, TEST_DB } from './helpers/testApp.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'admin@example.com', password: 'replica-admin-password' };
const PUBLIC_ALERT_LIMIT = 4;

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function login(api: ApiProcess, email: string, password: string): Promise<Response> {
  return fetch(`${api.url}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
}

// Real processes, as deployed behind a load balancer: one PostgreSQL database and one Redis.
describe.skipIf(TEST_DB !== 'postgres')('two API replicas on one PostgreSQL', () => {
  const database = `vigil_replicas_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let replicas: ApiProcess[] = [];

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      SECRET_KEY: 'replica-test-secret-key-0123456789abcdef',
      FIRST_SUPERUSER: ADMIN.email,
      FIRST_SUPERUSER_PASSWORD: ADMIN.password,
      REDIS_URL,
      // A namespace of this run's own, so nothing else sharing the Redis counts with us.
      REDIS_KEY_PREFIX: `vigil-test-${randomUUID()}:`,
      RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE: String(PUBLIC_ALERT_LIMIT),
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      SHUTDOWN_DRAIN_SECONDS: '2',
      LOG_LEVEL: 'info',
    };
    // Started together: both race to migrate the new database.
    replicas = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('migrate the database once and create the first superuser once', async () => {
    const applied = await adminQuery(`SELECT 1`).then(async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL.replace(/\/[^/]*$/, `/${database}`) });
      await client.connect();
      try {
        const names = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
        const admins = await client.query<{ email: string }>('SELECT email FROM users WHERE is_superuser');
        return { names: names.rows.map((r) => r.name), admins: admins.rows.map((r) => r.email) };
      } finally {
        await client.end();
      }
    });
    expect(applied.names).toEqual(Object.keys(migrations));
    expect(applied.admins).toEqual([ADMIN.email]);
  });

  it('accept on one replica a token made by the other', async () => {
    const [a, b] = replicas as [ApiProcess, ApiProcess];
    const token = ((await (await login(a, ADMIN.email, ADMIN.password)).json()) as { access_token: string }).access_token;
    const me = await fetch(`${b.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(ADMIN.email);
  });

  it('hold a rate limit across both (Redis), not per process', async () => {
    const [a, b] = replicas as [ApiProcess, ApiProcess];
    const token = ((await (await login(a, ADMIN.email, ADMIN.password)).json()) as { access_token: string }).access_token;
    const created = await fetch(`${a.url}/api/v1/alert/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Rate-limited page' }),
    });
    const { id } = (await created.json()) as { id: string };
    const statuses: number[] = [];
    // Alternating replicas: per process, none would reach the limit.
    for (let i = 0; i < PUBLIC_ALERT_LIMIT + 2; i++) {
      const replica = i % 2 === 0 ? a : b;
      statuses.push((await fetch(`${replica.url}/api/v1/alert/${id}`)).status);
    }
    expect(statuses).toEqual([...Array(PUBLIC_ALERT_LIMIT).fill(200), 429, 429]);
  });

  it('on SIGTERM: health 503 first, requests still served while draining, every request in flight answered, exit 0', async () => {
    const a = replicas[0] as ApiProcess;
    const signalled = Date.now();
    a.child.kill('SIGTERM');
    // The signal arrives asynchronously: poll as a load balancer would.
    let health = await fetch(`${a.url}/api/v1/utils/health-check/`);
    while (health.status === 200 && Date.now() - signalled < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      health = await fetch(`${a.url}/api/v1/utils/health-check/`);
    }
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ detail: 'Shutting down' });
    // Still draining (2 s): logins are slow on purpose (argon2id), so a burst of them sent
    // near the end is still in flight when the server stops accepting.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_500 - (Date.now() - signalled))));
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        login(a, ADMIN.email, ADMIN.password).then(
          (r) => r.status,
          (e: Error) => e.message,
        ),
      ),
    );
    expect(burst).toEqual(Array(12).fill(200));
    const code = await a.exited;
    expect(code, a.output().split('\n').slice(-5).join('\n')).toBe(0);
    expect(a.output()).toContain('every request in flight was answered');
    // The other replica is untouched.
    expect((await fetch(`${replicas[1]?.url}/api/v1/utils/health-check/`)).status).toBe(200);
  });
});
