import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { answeredWithin, isConnectionError } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';
import { CONNECT_TIMEOUT_MS } from '../db/postgresPool.js';
import type { WindowCounter } from './windowCounter.js';

/** What @fastify/rate-limit expects of a store's `incr`: the hits of the key's window, and the ms left in it. */
export interface WindowCount {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, result?: WindowCount) => void;

/** Rows of ended windows are deleted at most this often per process (one cheap DELETE). */
const CLEANUP_EVERY_MS = 60_000;

/**
 * A hit not answered this long fails as a lost database does (a 503 with Retry-After), so a
 * limited route never waits for ever on a database that answers nothing (a statement sent to
 * a primary that vanished from the network). Getting the connection may take what it takes
 * every route (CONNECT_TIMEOUT_MS: a planned switchover holds new connections for seconds,
 * and the requests wait through it); the upsert itself takes milliseconds.
 */
export const HIT_ANSWER_MS = CONNECT_TIMEOUT_MS + 2_000;

/**
 * Counts hits in fixed windows, in the `rate_limit_hits` table (migration 0010), so every API
 * replica on the same PostgreSQL counts against one limit. One statement per hit: an upsert
 * that starts a window for a new key or an ended one, and otherwise adds one to the count.
 */
export class PostgresRateLimitCounter implements WindowCounter {
  private nextCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Adds `amount` hits (one request, or a batch of them: ingest/keyLimiter.ts) to the key's
   * window. Rejects with a connection error when the database is away, or silent for HIT_ANSWER_MS.
   */
  async hit(key: string, windowMs: number, amount = 1): Promise<WindowCount> {
    this.cleanUpNowAndThen();
    // now() is the statement's time: one clock for the comparison and the new window's end.
    const upsert = sql<{ hits: number; ttl_ms: number }>`
      INSERT INTO rate_limit_hits AS h (key, hits, window_ends_at)
      VALUES (${key}, ${amount}::int, now() + make_interval(secs => ${windowMs}::double precision / 1000))
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN h.window_ends_at <= now() THEN excluded.hits ELSE h.hits + excluded.hits END,
        window_ends_at = CASE WHEN h.window_ends_at <= now() THEN excluded.window_ends_at ELSE h.window_ends_at END
      RETURNING h.hits, ceil(extract(epoch FROM h.window_ends_at - now()) * 1000)::int AS ttl_ms`.execute(this.db);
    const { rows } = await answeredWithin(upsert, HIT_ANSWER_MS);
    const row = rows[0]!;
    return { current: row.hits, ttl: Math.max(0, row.ttl_ms) };
  }

  add(key: string, amount: number, windowMs: number): Promise<WindowCount> {
    return this.hit(key, windowMs, amount);
  }

  /** Deletes the rows of ended windows (a hit on such a key starts a new window anyway). */
  async deleteEndedWindows(): Promise<void> {
    await sql`DELETE FROM rate_limit_hits WHERE window_ends_at <= now()`.execute(this.db);
  }

  /** Cleans up off the request's path, at most once a minute per process. */
  private cleanUpNowAndThen(): void {
    const now = Date.now();
    if (now < this.nextCleanup) return;
    this.nextCleanup = now + CLEANUP_EVERY_MS;
    this.deleteEndedWindows().catch((error: Error) => {
      // A lost database is logged once, as an outage (db/outage.ts); the next minute tries again.
      if (!isConnectionError(error)) this.log.warn({ err: { message: error.message } }, 'could not delete ended rate-limit windows');
    });
  }
}

/**
 * The store class @fastify/rate-limit instantiates (`store` option), over one counter: the
 * plugin makes a child per limited route, so each route counts apart (as its Redis store does).
 * Vigil's limits are plain fixed windows: `continueExceeding` and `exponentialBackoff` are not used.
 */
export function postgresRateLimitStore(counter: PostgresRateLimitCounter): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      counter.hit(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): PostgresRateLimitStore {
      // The plugin passes the route's limit settings with the route under `routeInfo` (its
      // typings say otherwise); its Redis store keys by the same method and URL.
      const { method = '', url = '' } = (routeOptions as unknown as { routeInfo: { method?: string; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${method}${url}-`);
    }
  };
}
