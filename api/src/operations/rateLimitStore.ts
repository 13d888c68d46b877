import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { PostgresRateLimitCounter, postgresRateLimitStore } from './postgresRateLimitStore.js';
import { MemoryWindowCounter, RedisWindowCounter, type WindowCounter } from './windowCounter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The same store's counters for limits that count more than one per request (ingestion). */
    rateLimitCounter: WindowCounter;
  }
}

/** Where rate-limit counters live; the "Vigil API ready" line names it. */
export type RateLimitStoreKind = 'redis' | 'postgresql' | 'memory';

/**
 * Redis when REDIS_URL is set; else the PostgreSQL database when DATABASE_URL is set: both
 * shared by every API replica, so a limit holds across them. Process memory only for the
 * embedded database, which one process alone can open.
 */
export function rateLimitStoreKind(config: Pick<Config, 'redisUrl' | 'databaseUrl'>): RateLimitStoreKind {
  if (config.redisUrl) return 'redis';
  return config.databaseUrl ? 'postgresql' : 'memory';
}

/**
 * Rate limits are opted into per route (login, recovery, sign-up, password change, public alert
 * routes); the limits keyed by something else than the address (one alert, one ingest key) use
 * the same store, through `createRateLimit` (operations/keyedRateLimit.ts) and `rateLimitCounter`.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  const kind = rateLimitStoreKind(config);
  if (kind === 'memory') {
    app.decorate('rateLimitCounter', new MemoryWindowCounter());
    await app.register(rateLimit, { global: false });
    return;
  }
  if (kind === 'postgresql') {
    // The store is the database every limited route needs: while it is away a limited route
    // answers its 503 with Retry-After at once (errors.ts), as the rest of the API does,
    // instead of waiting for the store and then again for its own statements.
    const counter = new PostgresRateLimitCounter(db, app.log);
    app.decorate('rateLimitCounter', counter);
    await app.register(rateLimit, { global: false, skipOnError: false, store: postgresRateLimitStore(counter) });
    return;
  }
  const redis = new Redis(config.redisUrl!, {
    connectTimeout: 2_000,
    // A command fails fast while Redis is away instead of queueing behind reconnects.
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  redis.on('error', (err: Error) => app.log.warn({ err: { message: err.message } }, 'Redis connection problem'));
  try {
    // A wrong REDIS_URL is a start-up error, said once, not a warning on every request.
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL is unreachable (${(error as Error).message})`);
  }
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  app.decorate('rateLimitCounter', new RedisWindowCounter(redis, `${config.redisKeyPrefix}rate-limit:`));
  // During an outage of Redis alone the limited routes keep working (unlimited, logged) rather
  // than locking every user out of login.
  await app.register(rateLimit, { global: false, skipOnError: true, redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` });
}
