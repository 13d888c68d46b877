import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { retryWhileUnreachable } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';
import type { SkippedReason } from '../db/schema.js';
import type { Mailer } from '../email/mailer.js';
import { type OutboundRequest, postOutbound } from '../outbound/httpSender.js';
import { type EmailJobs, JOB_EXPIRE_SECONDS, type JobQueue } from './jobQueue.js';
import { type MessageRenderer, type RenderedNotification, renderMessages } from './messages.js';

/** Steps of a job stop waiting for the database this long before the job would expire. */
const EXPIRY_MARGIN_SECONDS = 30;

/** Kept short: an SMTP error can be long, and the console shows it as the latest failure. */
const MAX_ERROR_LENGTH = 300;

export interface DeliveryDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  queue: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Every kind of message, each rendering its own notifications (notifications/messages.ts). */
  renderers: readonly MessageRenderer[];
  /** Sends a webhook, Slack-compatible or ntfy request (tests may replace it). */
  post?: (request: OutboundRequest) => Promise<void>;
}

type EmailJob = EmailJobs[number];

/**
 * A failure as it may be logged and stored: without the secret the message carried (a
 * receiver's answer can echo the request, a verification code in it). With a secret it is a
 * new error, since the original's stack and fields could hold the secret too.
 */
function concealed(error: unknown, secret: string | undefined): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (!secret) return error instanceof Error ? error : new Error(message);
  return new Error(message.replaceAll(secret, '[code]'));
}

/**
 * The queue's worker. A job carries a chunk of notifications: they are read in one query, sent
 * (an email through the mailer, another channel as an HTTP request: the same retries either way)
 * together, and each records its own outcome, the sent ones in one update. When any failed,
 * the job fails and pg-boss retries it after the backoff; the retry sends only what is not sent
 * yet (a notification already sent, or gone with its alert, is never sent again). After the
 * last retry the ones still failing are marked failed. Delivery is at least once: if recording
 * a send fails for good (the database away longer than the job's expiry allows), the job is retried.
 */
export function notificationDelivery(deps: DeliveryDeps) {
  return async (jobs: EmailJobs): Promise<void> => {
    await Promise.all(jobs.map((job) => deliverJob(deps, job)));
  };
}

async function deliverJob(deps: DeliveryDeps, job: EmailJob): Promise<void> {
  const { db, log } = deps;
  // While the database is away (a restart, a failover) each step waits for it rather than
  // fail the job, until the job would expire: an email sent and then not recorded as sent
  // would be sent again by the job's retry.
  const deadline = Date.now() + (JOB_EXPIRE_SECONDS - EXPIRY_MARGIN_SECONDS) * 1000;
  const step = <T>(work: () => Promise<T>) => retryWhileUnreachable(work, deadline);
  const rendered = await step(() => renderMessages(deps.renderers, db, job.data.notificationIds, deps.now()));
  const sent: string[] = [];
  const skipped = new Map<SkippedReason, string[]>();
  const failed: { id: string; alertId: string | null; error: Error }[] = [];
  const post =
    deps.post ??
    ((request: OutboundRequest) => postOutbound(request, { allowPrivateNetworks: deps.config.contactMethods.allowPrivateNetworks }));
  const send = (item: RenderedNotification) =>
    item.deliver ? item.deliver() : item.request ? post(item.request) : item.message ? deps.mailer.send(item.message) : undefined;
  await Promise.all(
    [...rendered].map(async ([id, item]) => {
      if (item.skipped) {
        skipped.set(item.skipped, [...(skipped.get(item.skipped) ?? []), id]);
        return;
      }
      try {
        await send(item);
        sent.push(id);
      } catch (error) {
        failed.push({ id, alertId: item.alertId, error: concealed(error, item.conceal) });
      }
    }),
  );
  for (const [reason, ids] of skipped) {
    await step(() =>
      db
        .updateTable('notifications')
        .set({ status: 'skipped', skipped_reason: reason })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .execute(),
    );
  }
  if (sent.length > 0) {
    await step(() =>
      db
        .updateTable('notifications')
        .set({ status: 'sent', attempts: sql<number>`attempts + 1`, last_error: null, sent_at: sql<Date>`clock_timestamp()` })
        .where('id', 'in', sent)
        // Run again after a lost answer (it may have committed): counted once all the same.
        .where('status', '!=', 'sent')
        .execute(),
    );
  }
  const first = failed[0];
  if (!first) return;
  // retryCount counts the retries already made: at the limit this was the last attempt.
  const final = job.retryCount >= job.retryLimit;
  for (const { id, alertId, error } of failed) {
    await step(() =>
      db
        .updateTable('notifications')
        .set({
          attempts: sql<number>`attempts + 1`,
          last_error: error.message.slice(0, MAX_ERROR_LENGTH),
          ...(final && { status: 'failed' as const }),
        })
        .where('id', '=', id)
        .execute(),
    );
    log[final ? 'error' : 'warn'](
      { err: error, notificationId: id, alertId, attempt: job.retryCount + 1, final },
      final ? 'notification failed for good' : 'notification failed; it will be retried',
    );
  }
  await step(() => deps.queue.fail(job.id, first.error));
}
