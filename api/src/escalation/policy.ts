import type { EscalationLevel, EscalationPolicyRow } from '../db/schema.js';

/**
 * The arithmetic of an escalation policy (docs/oncall/escalation-policies.md), no database.
 *
 * An alert's `escalation_level` counts escalations: 0 when created (its owner was emailed),
 * then 1, 2, … With n levels and `repeat` r, alert level L ≤ n·(r+1) is the policy's level
 * ((L−1) mod n) + 1: after the last level the policy starts again at level 1, r times. Past
 * that (a person escalating further), the last level again.
 *
 * The timer escalates an alert at level L after the delay of the level it is at (level 0, the
 * owner's, is given `first_level_after_minutes`, or level 1's delay when that is null), until the policy ends: at `max_level` when set, else
 * after the last repeat's last level; a level whose delay is null stops it there.
 */
export type EscalationPolicy = Pick<EscalationPolicyRow, 'levels' | 'repeat' | 'max_level'> &
  Partial<Pick<EscalationPolicyRow, 'first_level_after_minutes'>>;

/** The level the timer stops at: `max_level`, else the end of the last repeat. */
export const lastTimedLevel = (policy: EscalationPolicy): number => policy.max_level ?? policy.levels.length * (policy.repeat + 1);

/** The policy's level (0-based index into `levels`) that alert level `level` (≥ 1) reaches. */
export function levelIndex(policy: EscalationPolicy, level: number): number {
  const n = policy.levels.length;
  if (level > n * (policy.repeat + 1)) return n - 1;
  return (Math.max(level, 1) - 1) % n;
}

/** The policy's level that alert level `level` (≥ 1) reaches. */
export const levelOf = (policy: EscalationPolicy, level: number): EscalationLevel | undefined => policy.levels[levelIndex(policy, level)];

/**
 * Minutes the timer waits at alert level `level` before the next, or null when it will not
 * escalate from there: no policy (an alert made by hand, an integration without one), the end
 * of the policy reached, or a level without a delay.
 */
export function delayAt(policy: EscalationPolicy | null, level: number): number | null {
  if (!policy || level >= lastTimedLevel(policy)) return null;
  if (level <= 0 && policy.first_level_after_minutes != null) return policy.first_level_after_minutes;
  return levelOf(policy, level)?.delay_minutes ?? null;
}

/** When the timer escalates an alert that is at `level` as of `now`, or null when it will not. */
export function nextEscalationAt(policy: EscalationPolicy | null, level: number, now: Date): Date | null {
  const delay = delayAt(policy, level);
  return delay === null ? null : new Date(now.getTime() + delay * 60_000);
}

/** Addresses trimmed, lower-cased, once each. */
export const normalizeEmails = (emails: string[]): string[] => [...new Set(emails.map((a) => a.trim().toLowerCase()))];

/** Every external address a policy names, in level order, once. */
export const policyEmails = (policy: Pick<EscalationPolicy, 'levels'> | null): string[] => [
  ...new Set((policy?.levels ?? []).flatMap((level) => level.targets.emails)),
];

/** The policy of an alert's integration read through left joins: null without one. */
export function joinedPolicyOf(row: {
  levels: EscalationLevel[] | null;
  repeat: number | null;
  max_level: number | null;
  first_level_after_minutes?: number | null;
}): EscalationPolicy | null {
  if (row.levels === null || row.repeat === null) return null;
  return {
    levels: row.levels,
    repeat: row.repeat,
    max_level: row.max_level,
    first_level_after_minutes: row.first_level_after_minutes ?? null,
  };
}
