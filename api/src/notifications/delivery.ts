import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../email/mailer.js';
import type { EmailJobs, JobQueue } from './jobQueue.js';
import { type RenderedNotification, renderNotifications } from './render.js';

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

type EmailJob = EmailJobs[number];

/**
 * The queue's worker: each job sends one notification's email. A batch is read in one query
 * and its sent ones recorded in one update; the sends run together, each settled on its own: a
 * failed send fails its own job (pg-boss retries it after the backoff) and records the attempt
 * on the notification. A notification already sent (a job run twice after a crash) or gone
 * with its alert is not sent again. Delivery is at least once: if recording a send fails, the
 * batch is retried.
 */
export function notificationDelivery(deps: DeliveryDeps) {
  return async (jobs: EmailJobs): Promise<void> => {
    const rendered = await renderNotifications(
      deps.db,
      deps.config,
      jobs.map((job) => job.data.notificationId),
      deps.now(),
    );
    const sent: string[] = [];
    await Promise.all(
      jobs.map(async (job) => {
        const email = rendered.get(job.data.notificationId);
        if (!email) return;
        try {
          await deps.mailer.send(email.message);
          sent.push(job.data.notificationId);
        } catch (error) {
          await recordFailure(deps, job, email, error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
    if (sent.length === 0) return;
    await deps.db
      .updateTable('notifications')
      .set({ status: 'sent', attempts: sql<number>`attempts + 1`, last_error: null, sent_at: sql<Date>`clock_timestamp()` })
      .where('id', 'in', sent)
      .execute();
  };
}

async function recordFailure(deps: DeliveryDeps, job: EmailJob, email: RenderedNotification, err: Error): Promise<void> {
  const id = job.data.notificationId;
  // retryCount counts the retries already made: at the limit this was the last attempt.
  const final = job.retryCount >= job.retryLimit;
  deps.log[final ? 'error' : 'warn'](
    { err, notificationId: id, alertId: email.alertId, attempt: job.retryCount + 1, final },
    final ? 'notification email failed for good' : 'notification email failed; it will be retried',
  );
  await deps.db
    .updateTable('notifications')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: err.message.slice(0, MAX_ERROR_LENGTH),
      ...(final && { status: 'failed' as const }),
    })
    .where('id', '=', id)
    .execute();
  await deps.queue.fail(job.id, err);
}
