import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { AlertRow } from '../db/schema.js';
import type { EscalationNext } from '../email/templates.js';
import { delayAt, type EscalationPolicy, joinedPolicyOf, lastTimedLevel, levelOf } from './policy.js';
import { publicNamesOfReach, reachOfLevel } from './targets.js';

/** "Who is reached next" as the public alert answers it (alerts/schema.ts, EscalationNext). */
export interface EscalationNextPublic {
  kind: 'timer' | 'by-hand' | 'last-level';
  /** The alert level the next escalation reaches; null at the end of the policy. */
  level: number | null;
  /** When the timer escalates it unless someone acknowledges first; null: only by hand. */
  at: string | null;
  /** Who that level reaches, resolved through its schedules at `at` (by hand: now): names, and external addresses counted. */
  recipients: string[];
}

/**
 * Who the alert's next escalation reaches, as its escalation email says it (whoIsNext,
 * below): for the public action page. Null for a closed alert (nothing escalates it).
 */
export async function escalationNextOf(db: Db, alert: AlertRow, now: Date): Promise<EscalationNextPublic | null> {
  if (alert.state === 'closed') return null;
  // A routing rule's policy (the alert's own), else its integration's.
  const row =
    alert.escalation_policy_id || alert.integration_id
      ? await db
          .selectFrom('escalation_policies as p')
          .select(['p.levels', 'p.repeat', 'p.max_level', 'p.first_level_after_minutes'])
          .where(
            'p.id',
            '=',
            sql<string>`COALESCE(${alert.escalation_policy_id ?? null}::uuid, (SELECT i.escalation_policy_id FROM integrations i WHERE i.id = ${alert.integration_id}::uuid))`,
          )
          .executeTakeFirst()
      : undefined;
  const policy = row ? joinedPolicyOf(row) : null;
  // Only an alert nobody acknowledged waits for the timer (next_escalation_at); else by hand, now.
  const at = alert.next_escalation_at ?? now;
  const next = await whoIsNext(db, policy, alert.escalation_level, alert.owner_id, at);
  if (next.kind === 'last-level') return { kind: 'last-level', level: null, at: null, recipients: [] };
  const timed = next.kind === 'timer' && alert.next_escalation_at !== null;
  return {
    kind: timed ? 'timer' : 'by-hand',
    level: next.level,
    at: timed ? at.toISOString() : null,
    recipients: next.recipients,
  };
}

/**
 * When the timer will leave the level a notification announces: the alert's own
 * `next_escalation_at` while it is still at that level, else that level's start plus its delay.
 */
export function whenLevelEnds(
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
 * policy's end reached). Only whom it would reach (addresses that have not confirmed are not
 * counted), named as anyone reading the email or the public page may read them: people by name,
 * external addresses counted (targets.ts, publicNamesOfReach): a level's recipients are not all
 * the policy's owner, and addresses are their owners' to give.
 */
export async function whoIsNext(
  db: Db,
  policy: EscalationPolicy | null,
  level: number,
  ownerId: string | null,
  at: Date,
): Promise<EscalationNext> {
  const delay = delayAt(policy, level);
  // The timer ran to the end of the policy (not a level that stops it early: by hand, then).
  if (policy && level >= lastTimedLevel(policy) && levelOf(policy, level)?.delay_minutes != null) return { kind: 'last-level' };
  const recipients = await publicNamesOfReach(db, await reachOfLevel(db, policy, level + 1, ownerId, at));
  return delay !== null
    ? { kind: 'timer', level: level + 1, afterMinutes: delay, recipients }
    : { kind: 'by-hand', level: level + 1, recipients };
}
