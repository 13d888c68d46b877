import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../errors.js';
import { addressKey } from '../operations/addressKey.js';
import { retryAfterSeconds } from '../operations/keyedRateLimit.js';
import type { WindowCounter } from '../operations/windowCounter.js';

/** A cron job pings once a run; a minute's worth of runs is plenty, more is a loop gone wrong or abuse. */
export const PINGS_PER_MINUTE = 60;
export const tooManyPings = `Too many pings for this monitor: at most ${PINGS_PER_MINUTE} a minute`;
export const tooManyUnknownPings = (max: number) => `Too many pings with unknown tokens from this address: at most ${max} a minute`;

const WINDOW_MS = 60_000;

/**
 * The ping route's two limits, counted in the shared rate-limit store (operations/rateLimitStore.ts)
 * only once the token has been looked up: a known token counts against its monitor
 * (PINGS_PER_MINUTE), an unknown one against the client's address
 * (RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE), never against itself, so random tokens leave no
 * counter behind (no `rate_limit_hits` row, no Redis key, no map entry) however many are tried.
 * A known token is never refused for its address's unknown ones: a scanner behind the same
 * NAT cannot make a cron job's pings fail and page someone. During an outage of the store pings
 * go through uncounted (the token's look-up found the database, so the store is Redis or a
 * database that just went); the outage is logged once.
 */
export class PingLimits {
  private storeFailing = false;

  constructor(
    private readonly counter: WindowCounter,
    private readonly log: FastifyBaseLogger,
    private readonly unknownPerAddress: number,
  ) {}

  /** A ping of a known monitor; throws the 429 past PINGS_PER_MINUTE. */
  monitor(monitorId: string): Promise<void> {
    return this.count(`heartbeat:${monitorId}`, PINGS_PER_MINUTE, tooManyPings);
  }

  /** A ping whose token opened no monitor; throws the 429 past the address's limit. */
  unknown(clientIp: string): Promise<void> {
    return this.count(`heartbeat-unknown:${addressKey(clientIp)}`, this.unknownPerAddress, tooManyUnknownPings(this.unknownPerAddress));
  }

  private async count(key: string, max: number, detail: string): Promise<void> {
    let window: { current: number; ttl: number };
    try {
      window = await this.counter.add(key, 1, WINDOW_MS);
    } catch (error) {
      if (!this.storeFailing)
        this.log.warn({ err: { message: (error as Error).message } }, 'heartbeat ping limits: store unreachable, not counting');
      this.storeFailing = true;
      return;
    }
    if (this.storeFailing) this.log.info('heartbeat ping limits: store reachable again');
    this.storeFailing = false;
    if (window.current > max) throw new HttpError(429, detail, { 'retry-after': retryAfterSeconds(window.ttl) });
  }
}
