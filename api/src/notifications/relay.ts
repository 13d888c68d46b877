import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { JobQueue } from './jobQueue.js';

/** Rows moved per transaction. */
const BATCH = 500;
/** The safety net: rows a process wrote but did not move (it died in between) wait at most this long. */
export const RELAY_SWEEP_MS = 5_000;

/**
 * The transactional outbox between the alerts and the job queue. Whatever causes an email (a
 * new alert, an escalation) writes a `notifications` row in its own statement or transaction,
 * so the cause and its email commit together or not at all, and ingestion stays one statement.
 * The relay then moves pending rows into the queue: in one transaction it marks them queued
 * and inserts their jobs, taking rows with SKIP LOCKED so replicas never move one twice.
 *
 * `kick()` after a commit moves the rows at once; the sweep catches what a crashed process left.
 */
export class NotificationRelay {
  private running?: Promise<void>;
  private again = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Moves pending rows soon; calls made while a move runs share one more pass after it. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'notifications could not be queued; the sweep retries'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once every row pending now is queued (tests and shutdown wait on it). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    await this.drain();
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), RELAY_SWEEP_MS);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    let moved = BATCH;
    while (moved === BATCH) {
      moved = await this.moveBatch();
      if (moved > 0) this.queue.wake();
    }
  }

  private moveBatch(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        UPDATE notifications SET status = 'queued'
        WHERE id IN (
          SELECT id FROM notifications WHERE status = 'pending'
          ORDER BY created_at LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id`.execute(trx);
      await this.queue.addEmails(
        trx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
  }
}
