import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError } from '../db/connectionErrors.js';

/**
 * Runs `pass` every `intervalMs` in this process (the escalation timer, the heartbeat check):
 * a pass still running is not doubled, and a failed one is logged and left to the next. The
 * database decides which replica acts on what, so every replica that runs them (roles all and
 * worker) runs its own.
 */
export class PeriodicPass {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    /** The log line of a failed pass. */
    private readonly failure: string,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running ??= this.pass()
        .catch((err: unknown) => {
          // While the database is away every pass fails: the next one after it is back catches
          // up. The outage itself is logged once (db/outage.ts).
          if (!isConnectionError(err)) this.log.error({ err }, this.failure);
        })
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer; resolves once a pass in flight has ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
