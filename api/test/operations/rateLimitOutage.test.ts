import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { composeApp, loggerOptions } from '../../src/app.js';
import { type OpenDb, openDatabase } from '../../src/db/database.js';
import { DATABASE_UNAVAILABLE, errorHandlerPlugin } from '../../src/errors.js';
import { keyedRateLimit } from '../../src/operations/keyedRateLimit.js';
import { HIT_ANSWER_MS } from '../../src/operations/postgresRateLimitStore.js';
import { registerRateLimits } from '../../src/operations/rateLimitStore.js';
import { eventually } from '../helpers/eventually.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy.js';
import { openTestDatabase, SUPERUSER, TEST_DB, testConfig } from '../helpers/testApp.js';

/** A port nothing listens on: every connection the proxy makes there is refused. */
const CLOSED_PORT = 1;
/** What an answer "at once" may take on a loaded test machine. */
const PROMPT_MS = 1_500;

/**
 * The PostgreSQL rate-limit store's database goes away: refusing connections (a primary that
 * died), or silent (a vanished host: connections accepted, nothing answered). A limited route
 * answers the database's 503 with Retry-After at once, as every route does then, and within
 * HIT_ANSWER_MS when nothing answers; never a 500, and never the request let through unlimited
 * (@fastify/rate-limit's `skipOnError`), which also made it wait for the store and then again
 * for its own statements. Each app reaches the database only through a TCP proxy, the test cuts there.
 */
describe.skipIf(TEST_DB !== 'postgres')('a limited route while the rate-limit store cannot be reached', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let serverPort: number;
  let db: OpenDb;
  let bare: FastifyInstance;
  let api: FastifyInstance;
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ migrated: true });
    const direct = new URL(database.url!);
    serverPort = Number(direct.port || 5432);
    proxy = await startTcpProxy(serverPort);
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    db = await openDatabase({ kind: 'postgres', url: proxied.toString(), poolSize: 5 });
    const config = testConfig({ databaseUrl: proxied.toString(), role: 'web' });

    // Routes that need nothing but the store: any 200 while it is away was let through.
    bare = Fastify();
    await bare.register(errorHandlerPlugin);
    await registerRateLimits(bare, config, db);
    bare.get('/per-address', { config: { rateLimit: { max: 1_000, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
    const perKey = keyedRateLimit(bare, { max: 1_000, windowMs: 60_000, key: () => 'outage-key', detail: 'too many' });
    bare.get('/per-key', { preHandler: perKey }, async () => ({ ok: true }));
    await bare.ready();

    // The API itself, its login limited per address.
    const logger = loggerOptions(config, { write: (line: string) => logged.push(JSON.parse(line)) });
    ({ app: api } = await composeApp({ config, db, logger }));
  }, 60_000);

  // The database as it was, whatever a test left.
  afterEach(() => {
    proxy.resume();
    proxy.repoint(serverPort);
  });

  afterAll(async () => {
    await api?.close();
    await bare?.close();
    await db?.destroy();
    await proxy?.close();
    await database?.drop();
  });

  const timed = async (request: () => Promise<LightMyRequestResponse>) => {
    const startedAt = performance.now();
    const res = await request();
    return { res, ms: performance.now() - startedAt };
  };
  const bareCalls = () => ['/per-address', '/per-key'].map((url) => () => bare.inject({ method: 'GET', url }));
  const login = () =>
    api.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      payload: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const expectUnavailable = (res: LightMyRequestResponse) => {
    expect({ status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json() }).toEqual({
      status: 503,
      retryAfter: '5',
      body: { detail: DATABASE_UNAVAILABLE },
    });
  };
  const serving = () =>
    eventually(
      async () => [...(await Promise.all(bareCalls().map((call) => call()))), await login()].map((res) => res.statusCode),
      (codes) => codes.every((code) => code === 200),
      'every route serves again',
      15_000,
    );

  it('answers 503 with Retry-After at once while the database refuses connections, and serves once it is back', async () => {
    await serving();
    proxy.repoint(CLOSED_PORT);
    for (const call of [...bareCalls(), login]) {
      const { res, ms } = await timed(call);
      expectUnavailable(res);
      expect(ms).toBeLessThan(PROMPT_MS);
    }
    proxy.repoint(serverPort);
    await serving();
    expect(logged.filter((line) => line.level >= 50 && !line.msg.startsWith('database unreachable'))).toEqual([]);
  }, 30_000);

  it('answers 503 with Retry-After within HIT_ANSWER_MS while the database answers nothing', async () => {
    await serving();
    // Silent, as a primary that vanished from the network: the pooled connections' statements
    // and new connections are never answered.
    proxy.silence();
    const answers = await Promise.all([...bareCalls(), login].map((call) => timed(call)));
    for (const { res, ms } of answers) {
      expectUnavailable(res);
      expect(ms).toBeLessThan(HIT_ANSWER_MS + PROMPT_MS);
    }
    proxy.resume();
    await serving();
    expect(logged.filter((line) => line.level >= 50 && !line.msg.startsWith('database unreachable'))).toEqual([]);
  }, 60_000);
});
