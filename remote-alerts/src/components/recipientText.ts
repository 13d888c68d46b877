import type { NotificationPublic } from '@vigil/shared';

/**
 * Whom a notification reached, in words: a user's contact method by its channel and label, with
 * the user's name ("webhook to ops-hook (Ada Lovelace)"); an address as itself. Another user's
 * address and targets are theirs: the API withholds them, and the user is named instead.
 */
export function recipientText(n: Pick<NotificationPublic, 'channel' | 'method_label' | 'recipient' | 'user_name'>): string {
  const whose = n.user_name ? ` (${n.user_name})` : '';
  if (n.method_label) return `${n.channel} to ${n.method_label}${whose}`;
  return n.recipient ?? `the account address of ${n.user_name ?? 'a user'}`;
}
