import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { isConnectionError } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';
import type { JobQueue } from './jobQueue.js';

/** Rows moved per transaction. */
const BATCH = 500;
/**
 * A kick moves rows after this pause, and kicks meanwhile share the move: under a burst of new
 * alerts the relay commits ten times a second, not once per alert (each commit costs
 * PostgreSQL a WAL flush), for an email that leaves a tenth of a second later.
 */
export const RELAY_COALESCE_MS = 100;
/** The safety net: rows a process wrote but did not move (it died in between) wait at most this long. */
export const RELAY_SWEEP_MS = 5_000;

/**
 * The transactional outbox between the alerts and the job queue. Whatever causes an email (a
 * new alert, an escalation) writes a `notifications` row in its own statement or transaction,
 * and a trigger adds its id to `notification_outbox`: the cause and its email commit together
 * or not at all, and ingestion stays one statement. The relay then moves ids into the queue:
 * in one transaction it takes them out of the outbox and inserts their jobs, taking rows with
 * SKIP LOCKED so replicas never move one twice.
 *
 * `kick()` after a commit moves the rows at once; the sweep catches what a crashed process left.
 * A row with `send_after` (a notification rule's delay) stays until it is due, and the sweep
 * moves it then: a delayed notification leaves within RELAY_SWEEP_MS of its time, survives a
 * restart (it is a row), and is moved once whichever replica sees it first.
 */
export class NotificationRelay {
  private running?: Promise<void>;
  private scheduled?: NodeJS.Timeout;
  private again = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    /** The app's clock: a notification rule's delay is due by it (tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Moves pending rows soon; kicks while a move waits share it, kicks while one runs share one more. */
  kick(): void {
    // Stopped: what is left in the outbox waits for the next process's sweep.
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.scheduled ??= setTimeout(() => {
      this.scheduled = undefined;
      this.running = this.drain()
        .catch((err: unknown) => {
          // While the database is away the sweep keeps trying; the outage is logged once (db/outage.ts).
          if (!isConnectionError(err)) this.log.error({ err }, 'notifications could not be queued; the sweep retries');
        })
        .finally(() => {
          this.running = undefined;
          if (this.again) {
            this.again = false;
            this.kick();
          }
        });
    }, RELAY_COALESCE_MS);
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
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.scheduled);
    this.scheduled = undefined;
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
      const { rows } = await sql<{ notification_id: string }>`
        DELETE FROM notification_outbox
        WHERE notification_id IN (
          SELECT notification_id FROM notification_outbox
          WHERE send_after IS NULL OR send_after <= ${this.now()}
          LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING notification_id`.execute(trx);
      await this.queue.addEmails(
        trx,
        rows.map((r) => r.notification_id),
      );
      return rows.length;
    });
  }
}
