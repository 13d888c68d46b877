import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { NotificationConfig } from '../config.js';
import { isConnectionError } from '../db/connectionErrors.js';
import type { Db, OpenDb } from '../db/database.js';
import type { RunScript } from '../db/scripts.js';

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
/** A send never takes this long: a job still active then was held by a process that died. */
export const JOB_EXPIRE_SECONDS = 120;
/** Jobs one fetch takes; each job's emails are sent together. */
const JOBS_PER_FETCH = 2;

/** pg-boss's commands on jobs (complete, fail, cancel, delete, resume, retry) end so; it reads their count. */
const JOB_COMMAND = /SELECT COUNT\(\*\) FROM results\s*$/i;

export interface BossDbOptions {
  /** Scripts (several statements, no parameters): pg-boss's schema set-up, at start. */
  runScript?: RunScript;
  /** True once the queue stopped: nothing more is run. */
  isClosed?: () => boolean;
  /** Given for pg-boss's own use (the `db` of its constructor), whose job commands nobody awaits. */
  ownCommandsLog?: FastifyBaseLogger;
}

/**
 * pg-boss talks to the database through our Kysely connection (its `db` option), so it runs on
 * PGlite as on PostgreSQL, and its inserts can join one of our transactions (`trx`, which only
 * ever gets parameterized statements: scripts are pg-boss's schema set-up, at start).
 */
export function bossDb(db: Db, options: BossDbOptions = {}): PgBoss.Db {
  const { runScript, isClosed, ownCommandsLog } = options;
  const noCount = { rows: [{ count: '0' }] };
  return {
    async executeSql(text: string, values?: unknown[]) {
      const isCommand = JOB_COMMAND.test(text);
      // After stop, a fetch that was already in flight may still hand over jobs, and pg-boss
      // would complete or fail them on a database we are closing: nothing is run. Those jobs
      // stay active in the database and are retried once they expire (2 minutes). pg-boss
      // reads a count from its commands' answers (complete, fail…): they get a count of 0.
      if (isClosed?.()) return isCommand ? noCount : { rows: [] };
      if (!values || values.length === 0) {
        if (!runScript) throw new Error('a script cannot run inside a transaction here');
        return runScript(text);
      }
      try {
        const result = await db.executeQuery(CompiledQuery.raw(text, values));
        return { rows: [...result.rows] };
      } catch (error) {
        // pg-boss's worker completes or fails the jobs it handed over without awaiting it: a
        // rejection there (the database went away meanwhile) would be unhandled and end the
        // process. Such a job stays active and is retried once it expires; the retry sends
        // only the emails not recorded as sent (delivery.ts). Our own commands see the error.
        if (!ownCommandsLog || !isCommand) throw error;
        if (!isConnectionError(error)) ownCommandsLog.error({ err: error }, 'job outcome not recorded: the job is retried once it expires');
        return noCount;
      }
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
  private workerId?: string;
  private closed = false;

  /** Our commands' way to the database: their errors reach us (delivery retries a failed `fail`). */
  private readonly strictDb: PgBoss.Db;

  private constructor(
    private readonly boss: PgBoss,
    private readonly config: NotificationConfig,
    db: Db,
  ) {
    this.strictDb = bossDb(db, { isClosed: () => this.closed });
  }

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
      db: bossDb(db, { runScript: db.runScript, isClosed, ownCommandsLog: log }),
      schema,
      // No cron schedules: the escalation timer runs in every process (escalation/timer.ts).
      schedule: false,
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 7,
    });
    // Its polls and maintenance fail while the database is away: logged once, as an outage (db/outage.ts).
    boss.on('error', (err) => {
      if (!isConnectionError(err)) log.error({ err }, 'job queue error');
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
    queue = new JobQueue(boss, config, db);
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

  /** Runs `handle` on fetched email jobs; a job it fails itself is retried, the others complete. */
  async work(handle: (jobs: EmailJobs) => Promise<void>): Promise<void> {
    this.workerId = await this.boss.work<EmailJob>(
      EMAIL_QUEUE,
      { batchSize: JOBS_PER_FETCH, pollingIntervalSeconds: this.config.pollingIntervalSeconds, includeMetadata: true },
      async (jobs) => {
        if (this.closed) return;
        await handle(jobs);
        // A full fetch means more may be waiting: fetch again now, not after the polling pause.
        if (jobs.length === JOBS_PER_FETCH) this.wake();
      },
    );
  }

  /** Marks a job failed now: pg-boss retries it after the backoff, or gives up past the limit. */
  async fail(jobId: string, error: Error): Promise<void> {
    await this.boss.fail(EMAIL_QUEUE, jobId, { message: error.message }, { db: this.strictDb });
  }

  /** Wakes the worker: new jobs are sent now, not at the next poll. */
  wake(): void {
    if (this.workerId) this.boss.notifyWorker(this.workerId);
  }

  async stop(): Promise<void> {
    // graceful: sends under way finish; wait: resolves once they have.
    await this.boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    this.closed = true;
  }
}
