import type { Redis } from 'ioredis';
import type { WindowCount } from './postgresRateLimitStore.js';

/**
 * Fixed-window counters in the rate-limit store (memory, PostgreSQL or Redis: rateLimitStore.ts),
 * for the limits that count more than one per request: `add` puts `amount` into the key's
 * window (starting one when none runs) and answers the window's total and the ms it has left.
 * Every replica on the same store adds to the same total.
 */
export interface WindowCounter {
  add(key: string, amount: number, windowMs: number): Promise<WindowCount>;
}

/** Process memory: the embedded database, which one process alone opens. */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { total: number; endsAt: number }>();
  private nextSweep = 0;

  async add(key: string, amount: number, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { total: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.total += amount;
    return { current: window.total, ttl: window.endsAt - now };
  }

  /** Ended windows go at most once a minute: keys of integrations deleted or rotated do not pile up. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

// INCRBY, and the window's expiry set by the add that created the key; one round trip, atomic.
const ADD_IN_WINDOW = `
  local total = redis.call('INCRBY', KEYS[1], ARGV[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return {total, ttl}`;

type RedisWithAdd = Redis & {
  vigilAddInWindow(key: string, amount: number, windowMs: number): Promise<[number, number]>;
};

/** Redis (REDIS_URL), under the deployment's key prefix. */
export class RedisWindowCounter implements WindowCounter {
  private readonly redis: RedisWithAdd;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('vigilAddInWindow' in redis)) redis.defineCommand('vigilAddInWindow', { numberOfKeys: 1, lua: ADD_IN_WINDOW });
    this.redis = redis as RedisWithAdd;
  }

  async add(key: string, amount: number, windowMs: number): Promise<WindowCount> {
    const [current, ttl] = await this.redis.vigilAddInWindow(this.prefix + key, amount, windowMs);
    return { current, ttl };
  }
}
