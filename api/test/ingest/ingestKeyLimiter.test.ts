import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { IngestKeyLimiter } from '../../src/ingest/keyLimiter.js';
import { MemoryWindowCounter, type WindowCounter } from '../../src/operations/windowCounter.js';

/**
 * The per-key ingest limit's bookkeeping (ingest/keyLimiter.ts), without HTTP: what each process
 * admits from what it knows, and how replicas learn each other's counts through the shared store.
 * The HTTP answers are tested in ingestLimits.test.ts.
 */
const KEY = 'a'.repeat(64);
const WINDOW = 60_000;

function logSpy() {
  const lines: string[] = [];
  const log = { warn: (_o: unknown, msg: string) => lines.push(`warn ${msg}`), info: (msg: string) => lines.push(`info ${msg}`) };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const limiter = (counter: WindowCounter, limit = 10) => new IngestKeyLimiter({ counter, log: logSpy().log, limit, windowMs: WINDOW });

describe('the per-key ingest limiter', () => {
  it('admits alerts up to the limit in a window, refuses a body that would pass it, and says how long to wait', () => {
    const one = limiter(new MemoryWindowCounter());
    const start = Date.now();
    expect(one.admit(KEY, 6, start)).toEqual({ ok: true });
    expect(one.admit(KEY, 5, start + 1_000)).toEqual({ ok: false, retryAfterMs: WINDOW - 1_000 });
    expect(one.admit(KEY, 4, start + 2_000)).toEqual({ ok: true });
    expect(one.admit(KEY, 1, start + 3_000)).toEqual({ ok: false, retryAfterMs: WINDOW - 3_000 });
    expect(one.admit(KEY, 10, start + WINDOW)).toEqual({ ok: true });
    one.close();
  });

  it('counts a key in the shared store once it is known, so a second replica refuses what together passes the limit', async () => {
    const store = new MemoryWindowCounter();
    const first = limiter(store);
    const second = limiter(store);
    expect(first.admit(KEY, 6).ok).toBe(true);
    first.known(KEY);
    await first.flushAll();
    expect(second.admit(KEY, 1).ok).toBe(true);
    second.known(KEY);
    await second.flushAll();
    // 7 counted by the two of them: 4 more would be 11.
    expect(second.admit(KEY, 4)).toMatchObject({ ok: false });
    expect(second.admit(KEY, 3).ok).toBe(true);
    await second.flushAll();
    expect((await store.add(`ingest:${KEY}`, 0, WINDOW)).current).toBe(10);
    first.close();
    second.close();
  });

  it('keeps nothing of a key that opened no integration', async () => {
    const store = new MemoryWindowCounter();
    const one = limiter(store);
    expect(one.admit(KEY, 3).ok).toBe(true);
    one.forget(KEY);
    await one.flushAll();
    expect((await store.add(`ingest:${KEY}`, 0, WINDOW)).current).toBe(0);
    // Forgotten here too: a new window, not 3 already used.
    expect(one.admit(KEY, 10).ok).toBe(true);
    one.close();
  });

  it('goes on counting alone while the store fails, and says so once', async () => {
    const { lines, log } = logSpy();
    const failing: WindowCounter = { add: () => Promise.reject(new Error('connection refused')) };
    const one = new IngestKeyLimiter({ counter: failing, log, limit: 10, windowMs: WINDOW });
    expect(one.admit(KEY, 6).ok).toBe(true);
    one.known(KEY);
    await one.flushAll();
    expect(one.admit(KEY, 3).ok).toBe(true);
    await one.flushAll();
    expect(one.admit(KEY, 2).ok).toBe(false);
    expect(lines).toEqual(['warn ingest rate-limit store unreachable: counting per process']);
    one.close();
  });
});
