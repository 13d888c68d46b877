import type { Db } from '../db/database.js';

/** What an escalation (or a new alert) asks of the notification side for a set of users. */
export interface ReachUsers {
  alertId: string;
  kind: 'new_alert' | 'escalation';
  /** The escalation level it announces; 0 for a new alert. */
  level: number;
  /** Users the policy reaches at this moment (named directly, or on call in a named schedule). */
  userIds: string[];
  now: Date;
}

/**
 * Queues, in the caller's transaction, the notifications that reach `userIds` about an alert,
 * and answers how many it queued. The seam between escalation (who) and contact methods (how):
 * escalation resolves users, this decides channels. Until per-user contact methods and
 * notification rules exist, a user is reached at their account's email address, at once.
 */
export async function queueUserNotifications(trx: Db, args: ReachUsers): Promise<number> {
  if (args.userIds.length === 0) return 0;
  const users = await trx
    .selectFrom('users')
    .select('email')
    .where('id', 'in', args.userIds)
    .where('is_active', '=', true)
    .orderBy('email')
    .execute();
  if (users.length === 0) return 0;
  await trx
    .insertInto('notifications')
    .values(users.map((u) => ({ alert_id: args.alertId, kind: args.kind, level: args.level, recipient: u.email })))
    .execute();
  return users.length;
}
