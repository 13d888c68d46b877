import type { NotificationLimits } from '../config.js';
import type { Db } from '../db/database.js';
import { applyLimits, type NewNotification } from './notificationLimits.js';
import { publicTarget } from './targets.js';

/** What an escalation (or a new alert) asks of the notification side for a set of users. */
export interface ReachUsers {
  alertId: string;
  kind: 'new_alert' | 'escalation';
  /** The escalation level it announces; 0 for a new alert. */
  level: number;
  /** Users the policy reaches at this moment (named directly, or on call in a named schedule). */
  userIds: string[];
  now: Date;
  /** No storm: per person and kind of method, at most so many in a window (contactMethods/notificationLimits.ts). */
  limits: NotificationLimits;
}

/**
 * Queues, in the caller's transaction, the notifications that reach `userIds` about an alert,
 * and answers how many it queued (skipped ones not counted). The seam between escalation (who)
 * and contact methods (how): escalation resolves users, this decides channels, by each user's
 * notification rules (docs/oncall/contact-methods.md):
 *
 * - no rules: an email to the account's address, at once (what Vigil always did);
 * - each rule: a notification through its method, due after the rule's delay (the relay
 *   queues it then, and it is skipped if the alert was acknowledged or closed meanwhile);
 *   an unverified method's is recorded as skipped (`unverified`), never sent;
 * - rules that name no verified method at all: the skipped ones are recorded, and the account
 *   address is emailed at once as if there were no rules, so a half-set-up list cannot leave
 *   someone on call unreachable.
 *
 * Past a person's limit for a kind of method, a notification is held (skipped, `bundled`) and a
 * bundle tells of it; a voice call an earlier round made for the alert is not repeated within
 * the window (notificationLimits.ts). Inactive users are reached by nothing. Each row names its user (`user_id`): only they and
 * superusers are shown its target and its error (notifications/service.ts).
 */
export async function queueUserNotifications(trx: Db, args: ReachUsers): Promise<number> {
  if (args.userIds.length === 0) return 0;
  const users = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', args.userIds)
    .where('is_active', '=', true)
    .orderBy('email')
    .execute();
  if (users.length === 0) return 0;
  const rules = await trx
    .selectFrom('notification_rules as r')
    .innerJoin('contact_methods as m', 'm.id', 'r.contact_method_id')
    .select(['r.user_id', 'r.delay_minutes', 'm.id', 'm.kind', 'm.label', 'm.target', 'm.verified_at'])
    .where(
      'r.user_id',
      'in',
      users.map((u) => u.id),
    )
    .orderBy('r.user_id')
    .orderBy('r.position')
    .execute();
  const base = { alert_id: args.alertId, kind: args.kind, level: args.level };
  const rows: NewNotification[] = [];
  for (const user of users) {
    const own = rules.filter((rule) => rule.user_id === user.id);
    for (const rule of own) {
      const row = {
        ...base,
        user_id: user.id,
        recipient: publicTarget(rule.kind, rule.target),
        channel: rule.kind,
        contact_method_id: rule.id,
        method_label: rule.label,
      };
      if (rule.verified_at === null) rows.push({ ...row, status: 'skipped', skipped_reason: 'unverified' });
      else rows.push({ ...row, send_after: rule.delay_minutes > 0 ? new Date(args.now.getTime() + rule.delay_minutes * 60_000) : null });
    }
    if (!own.some((rule) => rule.verified_at !== null)) rows.push({ ...base, user_id: user.id, recipient: user.email, channel: 'email' });
  }
  await applyLimits(trx, rows, args.alertId, args.now, args.limits);
  await trx.insertInto('notifications').values(rows).execute();
  return rows.filter((row) => row.status !== 'skipped').length;
}
