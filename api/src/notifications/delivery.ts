import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { retryWhileUnreachable } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';
import type { SkippedReason } from '../db/schema.js';
import type { Mailer } from '../email/mailer.js';
import { notificationFailures } from '../operations/metrics.js';
import { type OutboundRequest, postOutbound } from '../outbound/httpSender.js';
import type { EmailJobs, JobQueue } from './jobQueue.js';
import { type AfterSend, type MessageRenderer, type RenderedNotification, renderMessages } from './messages.js';

/** Before anything is sent, a job waits this long (from its start) for a lost database: giving up then sends nothing twice. */
const RENDER_WAIT_MS = 60_000;
/**
 * A send not settled this long is counted as a failed attempt: the worker never waits on a
 * receiver for ever. The senders' own timeouts are shorter (10 s for HTTP, 10 to 20 s per SMTP step).
 */
const SEND_TIMEOUT_MS = 45_000;
/**
 * Recording what was sent waits for the database as long as the process lives, trying every
 * second at most (it is written within a second of the database's return, well before the
 * job's retry could start), each try on another connection after 15 s without an answer.
 */
const RECORD_RETRY = { maxPauseMs: 1_000, attemptTimeoutMs: 15_000 };

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
 * An email's Message-ID, the same for every attempt at one notification: a receiver that sees
 * it twice (a worker killed between the send and its record) can tell it is one message.
 */
export function notificationMessageId(notificationId: string, fromAddress: string): string {
  return `<notification.${notificationId}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}>`;
}

/** The sends of a job, as they came out; kept in memory until the database takes them. */
interface SendOutcome {
  sent: string[];
  skipped: Map<SkippedReason, string[]>;
  failed: { id: string; alertId: string | null; error: Error }[];
  /** Writes that belong to what was sent (a chat post's message id). */
  afterSends: AfterSend[];
}

/**
 * The queue's worker. A job carries a chunk of notifications: they are read in one query, sent
 * (an email through the mailer, another channel as an HTTP request: the same retries either way)
 * together, and each records its own outcome, the sent ones in one update. When any failed,
 * the job fails and pg-boss retries it after the backoff; the retry sends only what is not sent
 * yet (a notification already sent, or gone with its alert, is never sent again). After the
 * last retry the ones still failing are marked failed.
 *
 * Exactly once across a database outage: once something is sent, its outcome is kept in memory
 * and written when the database answers again, however long that takes, and the job stays
 * active meanwhile, so pg-boss hands it to no other worker before it expires. Only a process
 * that dies between a send and its record leaves it to be sent again (at least once):
 * docs/decisions/0088-worker-role-and-send-outcomes.md.
 */
export function notificationDelivery(deps: DeliveryDeps) {
  return async (jobs: EmailJobs): Promise<void> => {
    await Promise.all(jobs.map((job) => deliverJob(deps, job)));
  };
}

async function deliverJob(deps: DeliveryDeps, job: EmailJob): Promise<void> {
  const started = Date.now();
  // Nothing is sent yet: a database away (a restart, a failover) is waited for a while, then the job fails.
  const rendered = await retryWhileUnreachable(
    () => renderMessages(deps.renderers, deps.db, job.data.notificationIds, deps.now()),
    started + RENDER_WAIT_MS,
  );
  const outcome = await sendAll(deps, rendered);
  try {
    await recordOutcome(deps, job, outcome);
  } catch (error) {
    if (deps.queue.stopping.aborted && outcome.sent.length > 0) {
      deps.log.warn(
        { notificationIds: outcome.sent, jobId: job.id },
        'stopped before the database came back: these sent notifications are not recorded, and their job sends them again',
      );
    }
    throw error;
  }
}

async function sendAll(deps: DeliveryDeps, rendered: Map<string, RenderedNotification>): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: [], skipped: new Map(), failed: [], afterSends: [] };
  const post =
    deps.post ??
    ((request: OutboundRequest) => postOutbound(request, { allowPrivateNetworks: deps.config.contactMethods.allowPrivateNetworks }));
  const send = (id: string, item: RenderedNotification) =>
    item.deliver
      ? item.deliver((write) => outcome.afterSends.push(write))
      : item.request
        ? post(item.request)
        : item.message
          ? deps.mailer.send({ ...item.message, messageId: notificationMessageId(id, deps.config.emailsFromEmail) })
          : Promise.resolve();
  const sendBy = Date.now() + SEND_TIMEOUT_MS;
  await Promise.all(
    [...rendered].map(async ([id, item]) => {
      if (item.skipped) {
        outcome.skipped.set(item.skipped, [...(outcome.skipped.get(item.skipped) ?? []), id]);
        return;
      }
      try {
        await settledBy(send(id, item), sendBy);
        outcome.sent.push(id);
      } catch (error) {
        outcome.failed.push({ id, alertId: item.alertId, error: concealed(error, item.conceal) });
      }
    }),
  );
  return outcome;
}

/** The send's own answer, or a failure once `deadline` (a Date.now() time) passes without one. */
async function settledBy<T>(send: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)), deadline - Date.now());
  });
  try {
    return await Promise.race([send, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function recordOutcome(deps: DeliveryDeps, job: EmailJob, outcome: SendOutcome): Promise<void> {
  const { db, log } = deps;
  const record = <T>(work: () => Promise<T>) =>
    retryWhileUnreachable(work, Number.POSITIVE_INFINITY, { ...RECORD_RETRY, signal: deps.queue.stopping });
  for (const afterSend of outcome.afterSends) await record(afterSend);
  if (outcome.sent.length > 0) {
    await record(() =>
      db
        .updateTable('notifications')
        .set({ status: 'sent', attempts: sql<number>`attempts + 1`, last_error: null, sent_at: sql<Date>`clock_timestamp()` })
        .where('id', 'in', outcome.sent)
        // Run again after a lost answer (it may have committed): counted once all the same.
        .where('status', '!=', 'sent')
        .execute(),
    );
  }
  for (const [reason, ids] of outcome.skipped) {
    await record(() =>
      db
        .updateTable('notifications')
        .set({ status: 'skipped', skipped_reason: reason })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .execute(),
    );
  }
  const first = outcome.failed[0];
  if (!first) return;
  // retryCount counts the retries already made: at the limit this was the last attempt.
  const final = job.retryCount >= job.retryLimit;
  notificationFailures.inc({ final: String(final) }, outcome.failed.length);
  for (const { id, alertId, error } of outcome.failed) {
    await record(() =>
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
  await record(() => deps.queue.fail(job.id, first.error));
}
