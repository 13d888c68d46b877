import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError } from './connectionErrors.js';

/**
 * Whether this process can reach its database, told once per outage: one log line when the
 * first statement or connection fails for want of it, one when the first statement succeeds
 * again. Everything in between (each request's 503, each failed poll of the job queue, each
 * sweep) is silent, so an outage under load is two lines, not a stack trace per request.
 *
 * Statements in flight when a state changes end after it: a success of one that began before
 * the outage does not end it, and a failure of one that began before the database came back
 * (a straggler of the same outage) does not start a new one. Times are performance.now().
 */
export class DatabaseOutage {
  private downSince?: number;
  private upSince = 0;
  private log?: FastifyBaseLogger;

  /** Where the two lines go (the app's logger; openDatabase knows none). */
  logTo(log: FastifyBaseLogger): void {
    this.log = log;
  }

  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /** A statement or connection started at `startedAt` failed with `error`. */
  failed(error: unknown, startedAt: number): void {
    if (this.downSince !== undefined || startedAt < this.upSince || !isConnectionError(error)) return;
    this.downSince = performance.now();
    // The cause in a word, without the stack: it is the database's state, not a bug of ours.
    const { message, code } = error as { message?: string; code?: string };
    this.log?.error({ cause: message, code }, 'database unreachable: requests answer 503 until it is back');
  }

  /** A statement started at `startedAt` succeeded. Called for every statement: kept cheap. */
  succeeded(startedAt: number): void {
    if (this.downSince === undefined || startedAt < this.downSince) return;
    const outageMs = Math.round(performance.now() - this.downSince);
    this.downSince = undefined;
    this.upSince = performance.now();
    this.log?.info({ outageMs }, 'database reachable again');
  }
}
