import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresRateLimitCounter } from '../../src/operations/postgresRateLimitStore.js';
import { rateLimitStoreKind } from '../../src/operations/rateLimitStore.js';
import { body, createTestApp, TEST_DATABASE_URL, TEST_DB, type TestApp, testConfig } from '../helpers/testApp.js';

const WINDOW_MS = 60_000;

describe('where rate-limit counters live', () => {
  it('Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is, else process memory (embedded database)', () => {
    const databaseUrl = 'postgres://vigil@db/vigil';
    expect(rateLimitStoreKind({ redisUrl: 'redis://cache:6379', databaseUrl })).toBe('redis');
    expect(rateLimitStoreKind({ databaseUrl })).toBe('postgresql');
    expect(rateLimitStoreKind({})).toBe('memory');
  });
});

// DATABASE_URL without REDIS_URL: the counters are rows every replica on the database shares.
describe.skipIf(TEST_DB !== 'postgres')('rate limits in PostgreSQL', () => {
  let t: TestApp;
  let counter: PostgresRateLimitCounter;
  const rows = async (key: string) =>
    (await sql<{ hits: number }>`SELECT hits FROM rate_limit_hits WHERE key = ${key}`.execute(t.db)).rows.map((r) => r.hits);

  beforeAll(async () => {
    // databaseUrl chooses the store; the app still works in the test's own schema (t.db).
    t = await createTestApp({ databaseUrl: TEST_DATABASE_URL, rateLimit: { ...testConfig().rateLimit, passwordRecovery: 3 } });
    counter = new PostgresRateLimitCounter(t.db, t.app.log);
  });
  afterAll(async () => t?.close());

  it('counts the hits of one key within its window, and says how long the window has left', async () => {
    const first = await counter.hit('count-a', WINDOW_MS);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(WINDOW_MS);
    const second = await counter.hit('count-a', WINDOW_MS);
    expect(second.current).toBe(2);
    // The same window: it does not move with each hit.
    expect(second.ttl).toBeLessThanOrEqual(first.ttl);
    expect((await counter.hit('count-b', WINDOW_MS)).current).toBe(1);
    expect(await rows('count-a')).toEqual([2]);
  });

  it('starts a new window, counting from one, once the window has ended', async () => {
    for (let i = 0; i < 3; i++) await counter.hit('reset-a', WINDOW_MS);
    await sql`UPDATE rate_limit_hits SET window_ends_at = now() - interval '1 second' WHERE key = 'reset-a'`.execute(t.db);
    const after = await counter.hit('reset-a', WINDOW_MS);
    expect(after.current).toBe(1);
    expect(after.ttl).toBeGreaterThan(WINDOW_MS - 10_000);
  });

  it('deletes the rows of ended windows and keeps the others', async () => {
    await counter.hit('ended', WINDOW_MS);
    await counter.hit('running', WINDOW_MS);
    await sql`UPDATE rate_limit_hits SET window_ends_at = now() - interval '1 second' WHERE key = 'ended'`.execute(t.db);
    await counter.deleteEndedWindows();
    expect(await rows('ended')).toEqual([]);
    expect(await rows('running')).toEqual([1]);
  });

  it('answers 429 on exactly the hit after the limit, counted in the database', async () => {
    const recover = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/password-recovery/someone@example.com', remoteAddress: '192.0.2.7' });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await recover();
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(body(res)).toEqual({ detail: 'Too many requests, please try again later' });
    }
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    // One row for this route and client, holding every attempt.
    const { rows: stored } = await sql<{ key: string; hits: number }>`
      SELECT key, hits FROM rate_limit_hits WHERE key LIKE '%192.0.2.7'`.execute(t.db);
    expect(stored).toEqual([{ key: 'POST/api/v1/password-recovery/:email-192.0.2.7', hits: 5 }]);
    // Another client has a limit of its own.
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery/someone@example.com', remoteAddress: '192.0.2.8' });
    expect(other.statusCode).toBe(200);
  });
});
