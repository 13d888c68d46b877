import type { EscalationLevel } from '../db/schema.js';
import type { EscalationPolicy } from './policy.js';
import { lastTimedLevel, normalizeEmails } from './policy.js';

/**
 * The shape integrations had before policies were objects (migration 0009), still answered as
 * `integration.escalation_policy` and taken by PUT /integration/{id}/escalation-policy: email
 * levels, one delay, the timer's highest level. A view of the integration's policy: its email
 * targets only (its users and schedules are in GET /escalation-policies/{id}).
 */
export interface LegacyPolicy {
  contacts: string[][];
  escalate_after_minutes: number | null;
  max_level: number;
}

/** What an integration without a policy behaves as: every active superuser, by hand. */
export const NO_POLICY_VIEW: LegacyPolicy = { contacts: [], escalate_after_minutes: null, max_level: 3 };

/** The view's highest `max_level` (its schema's bound). */
const LEGACY_MAX_LEVEL = 10;

const noTargets = () => ({ user_ids: [], schedule_ids: [], emails: [] });

/**
 * The policy an old-shape body means, as migration 0017 moves stored ones: a level per contact
 * level (none: one level without targets, which reaches every active superuser), each with the
 * one delay, the timer stopping at `max_level`. Addresses lower-cased, once per level.
 */
export function levelsOfLegacy(legacy: LegacyPolicy): EscalationPolicy {
  const contacts = legacy.contacts.map(normalizeEmails).filter((level) => level.length > 0);
  const levels: EscalationLevel[] =
    contacts.length === 0
      ? [{ delay_minutes: legacy.escalate_after_minutes, targets: noTargets() }]
      : contacts.map((emails) => ({ delay_minutes: legacy.escalate_after_minutes, targets: { ...noTargets(), emails } }));
  return { levels, repeat: 0, max_level: legacy.max_level };
}

/** The old-shape view of a policy (null: none). Exact for a policy made from that shape. */
export function legacyViewOf(policy: EscalationPolicy | null): LegacyPolicy {
  if (!policy) return { ...NO_POLICY_VIEW };
  return {
    contacts: policy.levels.map((level) => level.targets.emails).filter((emails) => emails.length > 0),
    escalate_after_minutes: policy.levels[0]?.delay_minutes ?? null,
    max_level: Math.min(LEGACY_MAX_LEVEL, lastTimedLevel(policy)),
  };
}
