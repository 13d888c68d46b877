import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../email/mailer.js';
import type { EmailJobs, JobQueue } from './jobQueue.js';
import { renderNotification } from './render.js';

/** Kept short: an SMTP error can be long, and the console shows it as the latest failure. */
const MAX_ERROR_LENGTH = 300;

export interface DeliveryDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  queue: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * The queue's worker: each job sends one notification's email. Jobs of a batch are settled one
 * by one: a failed send fails its own job (pg-boss retries it after the backoff) and records
 * the attempt on the notification; the others complete. A notification already sent (a job
 * run twice after a crash) or gone with its alert is not sent again.
 */
export function notificationDelivery(deps: DeliveryDeps) {
  return async (jobs: EmailJobs): Promise<void> => {
    await Promise.all(
      jobs.map((job) =>
        deliver(deps, job).catch(async (error: unknown) => {
          // A database error around the send: this job alone is retried.
          deps.log.error({ err: error, notificationId: job.data.notificationId }, 'notification delivery failed');
          await deps.queue.fail(job.id, error instanceof Error ? error : new Error(String(error)));
        }),
      ),
    );
  };
}

async function deliver(deps: DeliveryDeps, job: EmailJobs[number]): Promise<void> {
  const { db, mailer, log } = deps;
  const id = job.data.notificationId;
  const rendered = await renderNotification(db, deps.config, id, deps.now());
  if (!rendered) return;
  try {
    await mailer.send(rendered.message);
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    // retryCount counts the retries already made: at the limit this was the last attempt.
    const final = job.retryCount >= job.retryLimit;
    await db
      .updateTable('notifications')
      .set({
        attempts: sql<number>`attempts + 1`,
        last_error: err.message.slice(0, MAX_ERROR_LENGTH),
        ...(final && { status: 'failed' as const }),
      })
      .where('id', '=', id)
      .execute();
    log[final ? 'error' : 'warn'](
      { err, notificationId: id, alertId: rendered.alertId, attempt: job.retryCount + 1, final },
      final ? 'notification email failed for good' : 'notification email failed; it will be retried',
    );
    await deps.queue.fail(job.id, err);
    return;
  }
  await db
    .updateTable('notifications')
    .set({ status: 'sent', attempts: sql<number>`attempts + 1`, last_error: null, sent_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .execute();
}
