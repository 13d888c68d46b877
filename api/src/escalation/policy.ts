import { contactStatuses } from '../contacts/service.js';
import type { Db } from '../db/database.js';
import type { IntegrationRow, SkippedReason } from '../db/schema.js';

/** An integration's escalation policy (migration 0009; docs/api.md, "Notifications and escalation"). */
export interface EscalationPolicy {
  /** Addresses by level, level 1 first; empty: every active superuser, at every level. Only confirmed ones are emailed. */
  contacts: string[][];
  /** Escalate an alert left unacknowledged this long; null: only by hand. */
  escalateAfterMinutes: number | null;
  /** The highest level the timer escalates to (a person may escalate further). */
  maxLevel: number;
}

export type PolicyColumns = Pick<IntegrationRow, 'escalation_contacts' | 'escalate_after_minutes' | 'escalation_max_level'>;

export const policyOf = (row: PolicyColumns): EscalationPolicy => ({
  contacts: row.escalation_contacts,
  escalateAfterMinutes: row.escalate_after_minutes,
  maxLevel: row.escalation_max_level,
});

/** The policy of an alert's integration read through a left join: null for an alert without one (added by hand). */
export function joinedPolicyOf(row: { [K in keyof PolicyColumns]: PolicyColumns[K] | null }): EscalationPolicy | null {
  if (row.escalation_max_level === null) return null;
  return policyOf({
    escalation_contacts: row.escalation_contacts ?? [],
    escalate_after_minutes: row.escalate_after_minutes,
    escalation_max_level: row.escalation_max_level,
  });
}

/**
 * When the timer escalates an alert that is at `level` as of `now`, or null when it will not:
 * no policy (an alert made by hand), no automatic escalation, or the top level reached.
 */
export function nextEscalationAt(policy: EscalationPolicy | null, level: number, now: Date): Date | null {
  if (!policy || policy.escalateAfterMinutes === null || level >= policy.maxLevel) return null;
  return new Date(now.getTime() + policy.escalateAfterMinutes * 60_000);
}

/** The contacts of `level` (1-based): past the last level, the last level's again. */
export function contactsOfLevel(policy: EscalationPolicy | null, level: number): string[] | null {
  const levels = policy?.contacts ?? [];
  if (levels.length === 0) return null;
  return levels[Math.min(Math.max(level, 1), levels.length) - 1] ?? null;
}

/** Whom an escalation to a level emails, and the contacts of that level it does not. */
export interface LevelRecipients {
  recipients: string[];
  /** Contacts that have not confirmed their address, or declined: never emailed an alert. */
  skipped: { email: string; reason: SkippedReason }[];
}

/**
 * Who is notified when an alert of `ownerId` reaches `level`: that level's contacts who
 * confirmed their address (contacts/service.ts); when none did, or the level has none, every
 * active superuser, so an escalation always reaches someone.
 */
export async function recipientsOfLevel(db: Db, policy: EscalationPolicy | null, level: number, ownerId: string): Promise<LevelRecipients> {
  const contacts = contactsOfLevel(policy, level) ?? [];
  const statuses = await contactStatuses(db, ownerId, contacts);
  const recipients = contacts.filter((email) => statuses.get(email) === 'confirmed');
  const skipped = contacts
    .filter((email) => statuses.get(email) !== 'confirmed')
    .map((email) => ({ email, reason: statuses.get(email) === 'declined' ? ('declined' as const) : ('unconfirmed' as const) }));
  if (recipients.length > 0) return { recipients, skipped };
  const superusers = await db
    .selectFrom('users')
    .select('email')
    .where('is_superuser', '=', true)
    .where('is_active', '=', true)
    .orderBy('email')
    .execute();
  return { recipients: superusers.map((u) => u.email), skipped };
}

/** Addresses trimmed, lower-cased and without repeats within a level; empty levels dropped. */
export function normalizeContacts(levels: string[][]): string[][] {
  return levels.map((level) => [...new Set(level.map((a) => a.trim().toLowerCase()))]).filter((level) => level.length > 0);
}
