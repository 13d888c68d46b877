import type { Config } from '../config.js';
import type { OutboundRequest } from '../contactMethods/httpSender.js';
import { outboundRequest } from '../contactMethods/outboundMessages.js';
import { renderVerifications } from '../contactMethods/verificationRender.js';
import { renderContactConfirmations } from '../contacts/confirmation.js';
import type { Db } from '../db/database.js';
import type { SkippedReason } from '../db/schema.js';
import { actionLink } from '../email/actionLinks.js';
import type { EmailMessage } from '../email/mailer.js';
import { type EscalationNext, escalationEmail, newAlertEmail } from '../email/templates.js';
import { delayAt, type EscalationPolicy, joinedPolicyOf, lastTimedLevel, levelOf } from '../escalation/policy.js';
import { namesOfReach, reachOfLevel } from '../escalation/targets.js';

/** What one notification sends: an email, an HTTP request (webhook, Slack-compatible, ntfy), or nothing (skipped, with why). */
export interface RenderedNotification {
  message?: EmailMessage;
  request?: OutboundRequest;
  skipped?: SkippedReason;
  /** Null for a contact's confirmation email or a method's verification code. */
  alertId: string | null;
  /** A secret the message carries (a verification code): never in a log line or a stored error. */
  conceal?: string;
}

type AlertRow = Awaited<ReturnType<typeof selectAlertRows>>[number];

function selectAlertRows(db: Db, ids: string[]) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('alerts as a', 'a.id', 'n.alert_id')
    .leftJoin('integrations as i', 'i.id', 'a.integration_id')
    .leftJoin('escalation_policies as p', 'p.id', 'i.escalation_policy_id')
    .leftJoin('contact_methods as m', 'm.id', 'n.contact_method_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['n.id', 'n.kind', 'n.level', 'n.recipient', 'a.id as alert_id', 'a.owner_id', 'a.title', 'a.description', 'a.severity'])
    .select(['n.channel', 'n.method_label', 'n.send_after', 'a.state as alert_state'])
    .select(['m.id as method_id', 'm.kind as method_kind', 'm.target', 'm.topic', 'm.secret', 'm.verified_at', 'u.email as user_email'])
    .select(['a.escalation_level', 'a.escalated_at', 'a.next_escalation_at'])
    .select(['i.title as integration_title', 'p.levels', 'p.repeat', 'p.max_level', 'p.first_level_after_minutes'])
    .where('n.id', 'in', ids)
    .where('n.status', '=', 'pending')
    .execute();
}

/**
 * Why a notification through a contact method is not sent after all: its method was deleted,
 * or is no longer verified (its target changed); a delayed one's alert was acknowledged or
 * closed before it was due (a rule's "after 5 minutes" means "if still unhandled by then").
 */
function skippedReasonOf(row: AlertRow): SkippedReason | undefined {
  if (row.method_label !== null && row.method_id === null) return 'method_deleted';
  if (row.method_id !== null && row.verified_at === null) return 'unverified';
  if (row.send_after !== null && row.alert_state === 'acknowledged') return 'acknowledged';
  if (row.send_after !== null && row.alert_state === 'closed') return 'closed';
  return undefined;
}

/**
 * The emails of a batch of notifications, rendered when they are sent (so a retry after an
 * outage shows the alert as it is then), each with an action link signed for its recipient.
 * One query for the batch (and one more when it holds anything else: contacts' confirmation
 * emails). A notification is left out when there is nothing to send: its alert was deleted, or
 * it was already sent or given up.
 */
export async function renderNotifications(db: Db, config: Config, ids: string[], now: Date): Promise<Map<string, RenderedNotification>> {
  const rows = await selectAlertRows(db, ids);
  // The rest are contacts' confirmation emails, methods' codes, or already sent: read only when there are any.
  const found = new Set(rows.map((row) => row.id));
  const others = ids.filter((id) => !found.has(id));
  const rendered = others.length > 0 ? await renderContactConfirmations(db, config, others, now) : new Map<string, RenderedNotification>();
  const codes = others.filter((id) => !rendered.has(id));
  if (codes.length > 0) for (const [id, code] of await renderVerifications(db, config, codes, now)) rendered.set(id, code);
  for (const row of rows) {
    const skipped = skippedReasonOf(row);
    if (skipped) {
      rendered.set(row.id, { skipped, alertId: row.alert_id });
      continue;
    }
    // A link through a user's contact method is signed for the user's account, not the
    // method's target: the alert's history names who acted, and a target is only theirs to see.
    const link = actionLink(config, row.alert_id, row.user_email ?? row.recipient, now);
    if (row.channel !== 'email' && row.method_kind !== null && row.method_kind !== 'email') {
      const content = {
        type: 'alert' as const,
        kind: row.kind === 'new_alert' ? ('new_alert' as const) : ('escalation' as const),
        level: row.level,
        alert: { id: row.alert_id, title: row.title, description: row.description, severity: row.severity, state: row.alert_state },
        integrationTitle: row.integration_title,
        link,
      };
      const method = { kind: row.method_kind, target: row.target ?? '', topic: row.topic, secret: row.secret };
      rendered.set(row.id, { request: outboundRequest(method, row.id, content, now), alertId: row.alert_id });
      continue;
    }
    if (row.kind === 'new_alert') {
      const message = newAlertEmail({
        to: row.recipient,
        title: row.title,
        description: row.description,
        severity: row.severity,
        actionLink: link,
      });
      rendered.set(row.id, { message, alertId: row.alert_id });
      continue;
    }
    const policy = joinedPolicyOf(row);
    const message = escalationEmail({
      to: row.recipient,
      title: row.title,
      severity: row.severity,
      level: row.level,
      integrationTitle: row.integration_title,
      actionLink: link,
      next: await whoIsNext(db, policy, row.level, row.owner_id, whenLevelEnds(policy, row, now)),
    });
    rendered.set(row.id, { message, alertId: row.alert_id });
  }
  return rendered;
}

/**
 * When the timer will leave the level a notification announces: the alert's own
 * `next_escalation_at` while it is still at that level, else that level's start plus its delay.
 */
function whenLevelEnds(
  policy: EscalationPolicy | null,
  row: { level: number; escalation_level: number; escalated_at: Date | null; next_escalation_at: Date | null },
  now: Date,
): Date {
  if (row.escalation_level === row.level && row.next_escalation_at) return row.next_escalation_at;
  const delay = delayAt(policy, row.level);
  return delay === null ? now : new Date((row.escalated_at ?? now).getTime() + delay * 60_000);
}

/**
 * Who the next level reaches, and how: by the timer (resolved through its schedules at `at`,
 * when it will escalate), only by hand (resolved now, `at` then being now), or nobody (the
 * policy's end reached). Only whom it would reach: addresses that have not confirmed are not named.
 */
export async function whoIsNext(
  db: Db,
  policy: EscalationPolicy | null,
  level: number,
  ownerId: string,
  at: Date,
): Promise<EscalationNext> {
  const delay = delayAt(policy, level);
  // The timer ran to the end of the policy (not a level that stops it early: by hand, then).
  if (policy && level >= lastTimedLevel(policy) && levelOf(policy, level)?.delay_minutes != null) return { kind: 'last-level' };
  const recipients = await namesOfReach(db, await reachOfLevel(db, policy, level + 1, ownerId, at));
  return delay !== null
    ? { kind: 'timer', level: level + 1, afterMinutes: delay, recipients }
    : { kind: 'by-hand', level: level + 1, recipients };
}
