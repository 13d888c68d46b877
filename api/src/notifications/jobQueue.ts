import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { NotificationConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { type RunScript, scriptRunnerOf } from '../db/scripts.js';
import { startupLockOf } from '../db/startupLock.js';

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
/** Jobs one fetch takes; each job's emails are sent together. */
const JOBS_PER_FETCH = 2;

/** pg-boss's commands on jobs (complete, fail, cancel, delete, resume, retry) end so; it reads their count. */
const JOB_COMMAND = /SELECT COUNT\(\*\) FROM results\s*$/i;

/**
 * pg-boss talks to the database through our Kysely connection (its `db` option), so it runs on
 * PGlite as on PostgreSQL, and its inserts can join one of our transactions (`trx`, which only
 * ever gets parameterized statements: scripts are pg-boss's schema set-up, at start).
 */
export function bossDb(db: Db, runScript?: RunScript, isClosed: () => boolean = () => false): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // After stop, a fetch that was already in flight may still hand over jobs, and pg-boss
      // would complete or fail them on a database we are closing: nothing is run. Those jobs
      // stay active in the database and are retried once they expire (2 minutes). pg-boss
      // reads a count from its commands' answers (complete, fail…): they get a count of 0.
      if (isClosed()) return { rows: JOB_COMMAND.test(text) ? [{ count: '0' }] : [] };
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
  private workerId?: string;
  private closed = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly config: NotificationConfig,
  ) {}

  static async start(db: Db, config: NotificationConfig, log: FastifyBaseLogger): Promise<JobQueue> {
    const schema = await jobSchemaOf(db);
    // Processes starting together on a new database would race to create pg-boss's tables
    // and queue partitions (even deadlock): one at a time, the later ones find them made.
    return startupLockOf(db)('vigil-job-queue', () => JobQueue.setUp(db, schema, config, log));
  }

  private static async setUp(db: Db, schema: string, config: NotificationConfig, log: FastifyBaseLogger): Promise<JobQueue> {
    let queue: JobQueue | undefined;
    const boss = new PgBoss({
      db: bossDb(db, scriptRunnerOf(db), () => queue?.closed ?? false),
      schema,
      // No cron schedules: the escalation timer runs in every process (escalation/timer.ts).
      schedule: false,
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 7,
    });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    await boss.start();
    const queueOptions = {
      name: EMAIL_QUEUE,
      retryLimit: config.retryLimit,
      retryDelay: config.retryDelaySeconds,
      retryBackoff: true,
      // A send never takes this long: a job still active then was held by a process that died.
      expireInSeconds: 120,
    };
    // Creating is idempotent; the update applies changed settings to an existing queue.
    await boss.createQueue(EMAIL_QUEUE, queueOptions);
    await boss.updateQueue(EMAIL_QUEUE, queueOptions);
    queue = new JobQueue(boss, config);
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
    await this.boss.fail(EMAIL_QUEUE, jobId, { message: error.message });
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
