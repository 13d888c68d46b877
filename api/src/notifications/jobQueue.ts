import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { NotificationConfig } from '../config.js';
import { isConnectionError } from '../db/connectionErrors.js';
import type { Db, OpenDb } from '../db/database.js';
import type { RunScript } from '../db/scripts.js';
import { claimJobs } from './jobClaim.js';
import { type JobSource, JobWorker } from './jobWorker.js';

/** The queue of notification emails: one job per chunk of notifications rows. */
export const EMAIL_QUEUE = 'notification-email';

export interface EmailJob {
  notificationIds: string[];
}

export type EmailJobs = PgBoss.JobWithMetadata<EmailJob>[];

/**
 * Notifications per job. A job per email would cost PostgreSQL three job writes per email
 * (insert, fetch, complete) on top of the email's own row; a retried job re-sends only its
 * emails not sent yet (each row records its own outcome), so chunking loses nothing.
 */
export const EMAILS_PER_JOB = 50;
/**
 * A job still active this long after it was fetched was held by a process that died: pg-boss
 * retries it then (at its next maintenance, after the retry delay). Its sends take seconds,
 * so most of it is the outage a sent email's record outlasts without the job being handed to
 * another worker (docs/decisions/0088-worker-role-and-send-outcomes.md).
 */
export const JOB_EXPIRE_SECONDS = 120;
/** Jobs one fetch takes; each job's emails are sent together. */
const JOBS_PER_FETCH = 2;
/**
 * A claim whose commit went unanswered is settled within this (jobClaim.ts); past it, its jobs
 * if ours are left to expire and be retried, as any job of a process that died.
 */
const CLAIM_SETTLE_MS = 30_000;
/** How long a stop waits for the sends under way. */
const STOP_GRACE_MS = 15_000;

/** What the adapter answers once the queue stopped: nothing more runs on a database being closed. */
export class JobQueueStopped extends Error {
  constructor() {
    super('the job queue is stopped');
  }
}

/** Errors not worth a log line: a lost database (logged once as an outage, db/outage.ts), a stopped queue. */
const isQuiet = (error: unknown) => isConnectionError(error) || error instanceof JobQueueStopped;

export interface BossDbOptions {
  /** Scripts (several statements, no parameters): pg-boss's schema set-up, at start. */
  runScript?: RunScript;
  /** True once the queue stopped: nothing more is run (pg-boss's maintenance may still be under way). */
  isClosed?: () => boolean;
}

/**
 * pg-boss talks to the database through our Kysely connection (its `db` option), so it runs on
 * PGlite as on PostgreSQL, and its inserts can join one of our transactions (`trx`, which only
 * ever gets parameterized statements: scripts are pg-boss's schema set-up, at start).
 * A plain pass-through: what pg-boss sends runs as sent, its errors reach pg-boss. The one
 * distinction is node-postgres's own: a text without parameters may hold several statements
 * (the simple protocol), and runs as a script. Nothing here reads pg-boss's SQL, so a pg-boss
 * upgrade that rewrites it changes nothing here; the worker's outcome commands, which pg-boss's
 * own worker would send unawaited, are sent and awaited by ours (jobWorker.ts).
 */
export function bossDb(db: Db, options: BossDbOptions = {}): PgBoss.Db {
  const { runScript, isClosed } = options;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (isClosed?.()) throw new JobQueueStopped();
      if (!values || values.length === 0) {
        if (!runScript) throw new Error('a script cannot run inside a transaction here');
        return runScript(text);
      }
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: [...result.rows] };
    },
  };
}

/**
 * The job schema sits beside the app's: `vigil_jobs` for the default `public`, else
 * `<schema>_jobs` (tests give each file a schema of its own, and drop both).
 */
export async function jobSchemaOf(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return schema === 'public' ? 'vigil_jobs' : `${schema}_jobs`;
}

/**
 * The durable job queue (pg-boss on PostgreSQL or PGlite): retries with exponential backoff
 * (`NOTIFICATION_RETRY_*`), jobs held by a process that died are retried after they expire,
 * finished jobs archived and later deleted by pg-boss's own maintenance.
 */
export class JobQueue {
  private worker?: JobWorker<EmailJobs[number]>;
  private closed = false;
  private readonly stopper = new AbortController();
  /** Aborted once a stop has waited its grace: outcomes still waiting for the database are given up. */
  readonly stopping: AbortSignal = this.stopper.signal;

  private constructor(
    private readonly boss: PgBoss,
    private readonly db: Db,
    private readonly schema: string,
    private readonly config: NotificationConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(db: OpenDb, config: NotificationConfig, log: FastifyBaseLogger): Promise<JobQueue> {
    const schema = await jobSchemaOf(db);
    // Processes starting together on a new database would race to create pg-boss's tables
    // and queue partitions (even deadlock): one at a time, the later ones find them made.
    return db.startupLock('vigil-job-queue', () => JobQueue.setUp(db, schema, config, log));
  }

  private static async setUp(db: OpenDb, schema: string, config: NotificationConfig, log: FastifyBaseLogger): Promise<JobQueue> {
    let queue: JobQueue | undefined;
    const isClosed = () => queue?.closed ?? false;
    const boss = new PgBoss({
      db: bossDb(db, { runScript: db.runScript, isClosed }),
      schema,
      // No cron schedules: the escalation timer runs in every sending process (escalation/timer.ts).
      schedule: false,
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 7,
    });
    // Its maintenance fails while the database is away: logged once, as an outage (db/outage.ts).
    boss.on('error', (err) => {
      if (!isQuiet(err)) log.error({ err }, 'job queue error');
    });
    await boss.start();
    const queueOptions = {
      name: EMAIL_QUEUE,
      retryLimit: config.retryLimit,
      retryDelay: config.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: JOB_EXPIRE_SECONDS,
    };
    // Creating is idempotent; the update applies changed settings to an existing queue.
    await boss.createQueue(EMAIL_QUEUE, queueOptions);
    await boss.updateQueue(EMAIL_QUEUE, queueOptions);
    queue = new JobQueue(boss, db, schema, config, log);
    return queue;
  }

  /** Queues the notifications' emails, EMAILS_PER_JOB to a job, inside the caller's transaction. */
  async addEmails(trx: Db, notificationIds: string[]): Promise<void> {
    const jobs = [];
    for (let i = 0; i < notificationIds.length; i += EMAILS_PER_JOB) {
      jobs.push({ name: EMAIL_QUEUE, data: { notificationIds: notificationIds.slice(i, i + EMAILS_PER_JOB) } });
    }
    if (jobs.length > 0) await this.boss.insert(jobs, { db: bossDb(trx) });
  }

  /**
   * Runs `handle` on claimed email jobs; a job it fails itself is retried, the others complete.
   * A claim whose commit went unanswered (a failover) is settled: jobClaim.ts.
   */
  async work(handle: (jobs: EmailJobs) => Promise<void>): Promise<void> {
    const { boss } = this;
    const source: JobSource<EmailJobs[number]> = {
      fetch: () =>
        claimJobs({
          db: this.db,
          schema: this.schema,
          queue: EMAIL_QUEUE,
          fetch: (trx) => boss.fetch<EmailJob>(EMAIL_QUEUE, { batchSize: JOBS_PER_FETCH, includeMetadata: true, db: bossDb(trx) }),
          settleWithinMs: CLAIM_SETTLE_MS,
          signal: this.stopping,
          log: this.log,
        }),
      complete: (ids) => boss.complete(EMAIL_QUEUE, ids),
      fail: (ids, error) => Promise.all(ids.map((id) => boss.fail(EMAIL_QUEUE, id, { message: error.message }))),
    };
    this.worker = new JobWorker(source, handle, {
      batchSize: JOBS_PER_FETCH,
      pollingIntervalMs: this.config.pollingIntervalSeconds * 1000,
      log: this.log,
      isQuiet,
    });
    this.worker.start();
  }

  /** Marks a job failed now: pg-boss retries it after the backoff, or gives up past the limit. */
  async fail(jobId: string, error: Error): Promise<void> {
    await this.boss.fail(EMAIL_QUEUE, jobId, { message: error.message });
  }

  /** Wakes the worker: new jobs are sent now, not at the next poll. */
  wake(): void {
    this.worker?.wake();
  }

  async stop(): Promise<void> {
    // Sends under way finish and their outcome is recorded, for up to STOP_GRACE_MS; a job
    // still running then (its record waiting for the database) stays active and is retried
    // once it expires.
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([this.worker?.stop(), new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS)))]);
    clearTimeout(grace);
    this.stopper.abort(new JobQueueStopped());
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_GRACE_MS });
    this.closed = true;
  }
}
