import { sql } from 'kysely';
import type { Config } from '../config.js';
import { outboundRequest } from '../contactMethods/outboundMessages.js';
import type { Db } from '../db/database.js';
import { CHAT_KINDS, type SkippedReason } from '../db/schema.js';
import { actionLink } from '../email/actionLinks.js';
import { escalationEmail, newAlertEmail } from '../email/templates.js';
import { whenLevelEnds, whoIsNext } from '../escalation/nextReach.js';
import { joinedPolicyOf } from '../escalation/policy.js';
import type { MessageRenderer, RenderedNotification } from '../notifications/messages.js';

/** The channels telephony/ renders (an SMS, a call), each through a provider. */
export const PHONE_CHANNELS = ['sms', 'voice'] as const;

type AlertRow = Awaited<ReturnType<typeof selectAlertRows>>[number];

function selectAlertRows(db: Db, ids: string[]) {
  return (
    db
      .selectFrom('notifications as n')
      .innerJoin('alerts as a', 'a.id', 'n.alert_id')
      .leftJoin('integrations as i', 'i.id', 'a.integration_id')
      .leftJoin('escalation_policies as p', (join) =>
        // A routing rule's policy (alerts.escalation_policy_id), else the integration's.
        join.on(sql<boolean>`p.id = COALESCE(a.escalation_policy_id, i.escalation_policy_id)`),
      )
      .leftJoin('contact_methods as m', 'm.id', 'n.contact_method_id')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['n.id', 'n.kind', 'n.level', 'n.recipient', 'a.id as alert_id', 'a.owner_id', 'a.title', 'a.description', 'a.severity'])
      .select(['n.channel', 'n.method_label', 'n.send_after', 'a.state as alert_state'])
      .select(['m.id as method_id', 'm.kind as method_kind', 'm.target', 'm.topic', 'm.secret', 'm.verified_at', 'u.email as user_email'])
      .select(['a.escalation_level', 'a.escalated_at', 'a.next_escalation_at'])
      .select(['i.title as integration_title', 'p.levels', 'p.repeat', 'p.max_level', 'p.first_level_after_minutes'])
      .where('n.id', 'in', ids)
      .where('n.status', '=', 'pending')
      // A team chat channel's posts and updates are chat/chatMessages.ts's; SMS and calls telephony/'s.
      .where('n.kind', 'in', ['new_alert', 'escalation'])
      .where('n.channel', 'not in', [...CHAT_KINDS, ...PHONE_CHANNELS])
      .execute()
  );
}

/**
 * Why a notification through a contact method is not sent after all: its method was deleted,
 * or is no longer verified (its target changed); a delayed one's alert was acknowledged or
 * closed before it was due (a rule's "after 5 minutes" means "if still unhandled by then").
 */
export function skippedReasonOf(
  row: Pick<AlertRow, 'method_label' | 'method_id' | 'verified_at' | 'send_after' | 'alert_state'>,
): SkippedReason | undefined {
  if (row.method_label !== null && row.method_id === null) return 'method_deleted';
  if (row.method_id !== null && row.verified_at === null) return 'unverified';
  if (row.send_after !== null && row.alert_state === 'acknowledged') return 'acknowledged';
  if (row.send_after !== null && row.alert_state === 'closed') return 'closed';
  return undefined;
}

/**
 * The messages of alert notifications (a new alert, an escalation), rendered when they are sent
 * (so a retry after an outage shows the alert as it is then), each with an action link signed
 * for its recipient; one query for the batch. Registered with the delivery by app.ts.
 */
export function alertMessages(config: Config): MessageRenderer {
  return (db, ids, now) => renderAlertMessages(db, config, ids, now);
}

async function renderAlertMessages(db: Db, config: Config, ids: string[], now: Date): Promise<Map<string, RenderedNotification>> {
  const rows = await selectAlertRows(db, ids);
  const rendered = new Map<string, RenderedNotification>();
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
