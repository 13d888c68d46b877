import type { Db } from '../db/database.js';
import type { ContactMethodKind, ProviderKind } from '../db/schema.js';

/**
 * Why someone on call would sleep through an alert at 3 a.m. (docs/oncall/contact-methods.md,
 * "Who can be woken"), the first that applies:
 * - `inactive`: the account is deactivated: nothing reaches it;
 * - `no_verified_method`: no verified contact method: only the account's email is sent;
 * - `only_email`: verified methods, none of a kind that rings a phone (email, webhooks and
 *   Slack-compatible posts do not wake anyone);
 * - `provider_missing`: the phone methods are SMS or voice, and no provider sends them;
 * - `not_in_rules`: a phone method works, but no notification rule uses it.
 */
export const UNWAKEABLE_REASONS = ['inactive', 'no_verified_method', 'only_email', 'provider_missing', 'not_in_rules'] as const;
export type UnwakeableReason = (typeof UNWAKEABLE_REASONS)[number];

/** The kinds of contact method that ring a phone: a text, a call, a push notification. */
export const WAKING_KINDS: readonly ContactMethodKind[] = ['sms', 'voice', 'ntfy'];

/** The providers that can send each kind, any one of them enough (ntfy needs none: it is its own server). */
export const PROVIDERS_FOR: Partial<Record<ContactMethodKind, readonly ProviderKind[]>> = {
  sms: ['twilio', 'sms_gateway'],
  voice: ['twilio'],
};

export interface PersonMethods {
  isActive: boolean;
  /** The person's verified methods, and whether a notification rule names each. */
  verified: { kind: ContactMethodKind; inRules: boolean }[];
}

/** Null when the person can be woken, else the first reason they cannot. */
export function unwakeableReason(person: PersonMethods, configured: ReadonlySet<ProviderKind>): UnwakeableReason | null {
  if (!person.isActive) return 'inactive';
  if (person.verified.length === 0) return 'no_verified_method';
  const ringing = person.verified.filter((m) => WAKING_KINDS.includes(m.kind));
  if (ringing.length === 0) return 'only_email';
  const sendable = ringing.filter(
    (m) => (PROVIDERS_FOR[m.kind] ?? []).length === 0 || PROVIDERS_FOR[m.kind]?.some((p) => configured.has(p)),
  );
  if (sendable.length === 0) return 'provider_missing';
  return sendable.some((m) => m.inRules) ? null : 'not_in_rules';
}

/** Each user's activity and verified methods, with whether a rule of theirs names each method. */
export async function methodsOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, PersonMethods>> {
  const people = new Map<string, PersonMethods>();
  if (userIds.length === 0) return people;
  const users = await db.selectFrom('users').select(['id', 'is_active']).where('id', 'in', userIds).execute();
  for (const user of users) people.set(user.id, { isActive: user.is_active, verified: [] });
  const methods = await db
    .selectFrom('contact_methods as m')
    .select((eb) => [
      'm.user_id',
      'm.kind',
      eb.exists(eb.selectFrom('notification_rules as r').select('r.user_id').whereRef('r.contact_method_id', '=', 'm.id')).as('in_rules'),
    ])
    .where('m.user_id', 'in', userIds)
    .where('m.verified_at', 'is not', null)
    .execute();
  for (const method of methods) people.get(method.user_id)?.verified.push({ kind: method.kind, inRules: Boolean(method.in_rules) });
  return people;
}
