import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';

/**
 * Rate limits are opted into per route (login, recovery, public alert routes). Their counters
 * live in Redis when REDIS_URL is set, so a limit holds across API replicas; otherwise in this
 * process's memory, right for the single-process default.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const redis = new Redis(config.redisUrl, {
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
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.redisKeyPrefix}rate-limit:`,
    // During a Redis outage the limited routes keep working (unlimited, logged) rather than
    // locking every user out of login.
    skipOnError: true,
  });
}
