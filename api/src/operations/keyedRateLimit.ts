import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';

export interface KeyedRateLimit {
  /** Requests per window and key. */
  max: number;
  windowMs: number;
  /** What is counted: one alert, not one client. Prefixed so that keys of two limits never meet. */
  key: (request: FastifyRequest) => string;
  /** The 429's detail: says which limit was met. */
  detail: string;
}

/** Seconds a 429 asks to wait: at least one, so a client never retries at once. */
export const retryAfterSeconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

/**
 * A hook that counts requests per a key of our choosing (a route's per-address limit is the
 * plugin's route config) in the same store as every other limit, so replicas agree, and answers
 * 429 `{"detail": ...}` with Retry-After past `max`. Run it as a preHandler: after the
 * per-address limit (onRequest) and validation, so neither a refused client nor a malformed id
 * spends the key's budget. During an outage of the store it answers as the per-address limits
 * do (rateLimitStore.ts): the database's 503 with PostgreSQL, the request let through with Redis.
 */
export function keyedRateLimit(app: FastifyInstance, limit: KeyedRateLimit) {
  const count = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: limit.key });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, limit.detail, { 'retry-after': retryAfterSeconds(result.ttl) });
    }
  };
}
