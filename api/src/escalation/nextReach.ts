import type { AlertDetail } from '../alerts/schema.js';
import { toAlertPublic } from '../alerts/service.js';
import type { Db } from '../db/database.js';
import type { AlertRow } from '../db/schema.js';
import { whoIsNext } from '../notifications/render.js';
import { joinedPolicyOf } from './policy.js';

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
 * Who the alert's next escalation reaches, as its escalation email says it (render.ts,
 * whoIsNext): for the public action page. Null for a closed alert (nothing escalates it).
 */
export async function escalationNextOf(db: Db, alert: AlertRow, now: Date): Promise<EscalationNextPublic | null> {
  if (alert.state === 'closed') return null;
  const row = alert.integration_id
    ? await db
        .selectFrom('integrations as i')
        .innerJoin('escalation_policies as p', 'p.id', 'i.escalation_policy_id')
        .select(['p.levels', 'p.repeat', 'p.max_level', 'p.first_level_after_minutes'])
        .where('i.id', '=', alert.integration_id)
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

/** The alert as the public page reads it (alerts/schema.ts, AlertDetail). */
export async function alertDetail(deps: { db: Db; now: () => Date }, alert: AlertRow): Promise<AlertDetail> {
  return { ...toAlertPublic(alert), escalation_next: await escalationNextOf(deps.db, alert, deps.now()) };
}
