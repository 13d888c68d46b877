import type { Db } from '../db/database.js';
import type { SkippedReason } from '../db/schema.js';
import type { EmailMessage } from '../email/mailer.js';
import type { OutboundRequest } from '../outbound/httpSender.js';

/** What one notification sends: an email, an HTTP request (webhook, Slack-compatible, ntfy), a provider call, or nothing (skipped, with why). */
export interface RenderedNotification {
  message?: EmailMessage;
  request?: OutboundRequest;
  skipped?: SkippedReason;
  /** Null for a contact's confirmation email or a method's verification code. */
  alertId: string | null;
  /** A secret the message carries (a verification code): never in a log line or a stored error. */
  conceal?: string;
  /**
   * A send that is not one email or one plain POST: a provider's API called with its own client
   * (an SMS through Twilio, a chat post whose message id is recorded for later updates). It
   * resolves once the provider accepted the message, and rejects as a failed attempt otherwise.
   * A write it hands to `withOutcome` is made with the notification's outcome: retried while
   * the database is away, never a reason to send again (notifications/delivery.ts).
   */
  deliver?: (withOutcome: (write: AfterSend) => void) => Promise<void>;
}

/** A write that belongs to a sent notification's outcome (a chat post's message id). */
export type AfterSend = () => Promise<unknown>;

/**
 * One kind of message (alert notifications, contacts' confirmations, verification codes...):
 * given a batch of notification ids, it renders those that are its own and still pending, and
 * leaves the others out. Each feature that writes notifications provides its renderer; the
 * composition root (app.ts) hands them to the delivery, so this module knows none of them.
 */
export type MessageRenderer = (db: Db, ids: string[], now: Date) => Promise<Map<string, RenderedNotification>>;

/**
 * A batch's messages, asked of each renderer in turn for the ids none before it took: a batch of
 * one kind costs that kind's query only. An id no renderer takes has nothing to send (its
 * alert was deleted, or it was already sent or given up).
 */
export async function renderMessages(renderers: readonly MessageRenderer[], db: Db, ids: string[], now: Date) {
  const rendered = new Map<string, RenderedNotification>();
  let left = ids;
  for (const render of renderers) {
    if (left.length === 0) break;
    for (const [id, message] of await render(db, left, now)) rendered.set(id, message);
    left = left.filter((id) => !rendered.has(id));
  }
  return rendered;
}
