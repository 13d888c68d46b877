import { type RawBuilder, sql } from 'kysely';
import type { Config } from '../config.js';
import { queueUserNotifications } from '../contactMethods/reachUsers.js';
import type { Db } from '../db/database.js';
import type { AlertAction, AlertEventVia, AlertRow } from '../db/schema.js';
import { HttpError, notFound } from '../errors.js';
import { joinedPolicyOf, nextEscalationAt } from '../escalation/policy.js';
import { reachOfLevel } from '../escalation/targets.js';
import { LINK_ALERT_CLOSED } from '../links/linkAccess.js';
import type { Notifications } from '../notifications/service.js';
import { retryAfterSeconds } from '../operations/keyedRateLimit.js';
import type { AlertChangeFeed } from './alertChanges.js';
import { nextState } from './alertTransitions.js';

export interface ActionSource {
  /** The signed-in user who acted, or null for the public link and the escalation timer. */
  actorId: string | null;
  /**
   * "policy": the escalation timer, which acts only on an alert that is due (next_escalation_at);
   * "integration": a sender acting by an alert's id (the Opsgenie drop-in, ingest/opsgenie/).
   */
  via: AlertEventVia;
  clientIp: string | null;
  /** Whom the signed link used was mailed to; null without one. */
  recipient?: string | null;
}

export type AlertActionDeps = { db: Db; config: Config; now: () => Date; notifications: Notifications; alertChanges: AlertChangeFeed };

/**
 * Applies an action under a row lock, so concurrent clicks serialize: each sees the state
 * the previous one left, and the history is a clean chain of from → to. A change updates
 * the alert and records one event; an idempotent repeat touches nothing.
 *
 * Escalation (docs/api/notifications.md, "Notifications and escalation"): an escalate writes one
 * notification per recipient of the new level in the same transaction, and sets when the
 * policy escalates again; a second escalate within ESCALATION_REPEAT_WINDOW_SECONDS of the
 * last escalation (in any state) is ignored (200, no change), so two people pressing the button
 * do not climb two levels; past ESCALATION_MAX_ROUNDS_PER_HOUR rounds in an hour a person's
 * escalate is a 429 and the timer waits (the bound on emails one alert can cause).
 */
export async function applyAlertAction(deps: AlertActionDeps, id: string, action: AlertAction, source: ActionSource): Promise<AlertRow> {
  return (await actOnAlert(deps, id, action, source)).alert;
}

/** applyAlertAction, also telling whether the alert changed (false: an idempotent repeat, or ignored). */
export async function actOnAlert(
  deps: AlertActionDeps,
  id: string,
  action: AlertAction,
  source: ActionSource,
): Promise<{ alert: AlertRow; changed: boolean; fallback?: boolean }> {
  const now = deps.now();
  const { alert, changed, notified, fallback } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('alerts as a')
      .leftJoin('integrations as i', 'i.id', 'a.integration_id')
      .leftJoin('escalation_policies as p', (join) =>
        // A routing rule's policy (alerts.escalation_policy_id), else the integration's.
        join.on(sql<boolean>`p.id = COALESCE(a.escalation_policy_id, i.escalation_policy_id)`),
      )
      .selectAll('a')
      .select(['p.levels', 'p.repeat', 'p.max_level', 'p.first_level_after_minutes'])
      .where('a.id', '=', id)
      .forUpdate('a')
      .executeTakeFirst();
    if (!row) throw notFound('Alert');
    const { levels, repeat, max_level, first_level_after_minutes, ...current } = row;
    const unchanged = { alert: current as AlertRow, changed: false, notified: 0, fallback: false };
    // A signed link stops acting when its alert closes (checked under the lock: no race with a close).
    if (source.recipient && current.state === 'closed') throw new HttpError(403, LINK_ALERT_CLOSED);
    // The timer acts only on an alert still due: another replica, or a person, may have been first.
    if (source.via === 'policy' && !(current.next_escalation_at && current.next_escalation_at <= now && current.state !== 'closed')) {
      return unchanged;
    }
    const transition = nextState(current.state, action);
    if (action === 'escalate') {
      const { escalationRepeatWindowMs, escalationMaxRoundsPerHour } = deps.config.notifications;
      if (withinRepeatWindow(current, now, escalationRepeatWindowMs)) return unchanged;
      const freeAt = nextRoundAllowedAt(current.recent_escalations, now, escalationMaxRoundsPerHour);
      if (freeAt) {
        if (source.via !== 'policy') {
          const wait = retryAfterSeconds(freeAt.getTime() - now.getTime());
          throw new HttpError(429, tooManyEscalations(escalationMaxRoundsPerHour), { 'retry-after': wait });
        }
        // The timer comes back when the cap allows, rather than on every pass until then.
        await trx.updateTable('alerts').set({ next_escalation_at: freeAt }).where('id', '=', id).execute();
        return unchanged;
      }
    }
    if (!transition.changed) return unchanged;

    const policy = joinedPolicyOf({ levels, repeat, max_level, first_level_after_minutes });
    const level = current.escalation_level + (transition.escalate ? 1 : 0);
    // clock_timestamp(), not now(): now() is when the transaction began, which may be before
    // a competing transaction that got the lock first, and would misorder the history.
    const updated = await trx
      .updateTable('alerts')
      .set({
        state: transition.to,
        escalation_level: level,
        updated_at: sql<Date>`clock_timestamp()`,
        ...(transition.escalate && {
          escalated_at: now,
          recent_escalations: keptRounds(current.recent_escalations, now, deps.config.notifications.escalationMaxRoundsPerHour),
        }),
        // Waiting for the timer only while nobody has acknowledged it.
        next_escalation_at: transition.escalate ? nextEscalationAt(policy, level, now) : null,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('alert_events')
      .values({
        alert_id: id,
        action,
        from_state: current.state,
        to_state: transition.to,
        actor_id: source.actorId,
        via: source.via,
        client_ip: source.clientIp,
        recipient: source.recipient ?? null,
        created_at: sql<Date>`clock_timestamp()`,
      })
      .execute();
    if (!transition.escalate) return { alert: updated, changed: true, notified: 0, fallback: false };
    // Users (named, or on call now in a named schedule) are reached the way each chose
    // (contactMethods/reachUsers.ts); external addresses by email, once confirmed: the others
    // are recorded as skipped, never emailed.
    const reach = await reachOfLevel(trx, policy, level, current.owner_id, now);
    const reached = await queueUserNotifications(trx, {
      alertId: id,
      kind: 'escalation',
      level,
      userIds: reach.userIds,
      now,
      limits: deps.config.notifications.limits,
    });
    const rows = [
      ...reach.emails.map((recipient) => ({ alert_id: id, kind: 'escalation' as const, level, recipient })),
      ...reach.skipped.map(({ email, reason }) => ({
        alert_id: id,
        kind: 'escalation' as const,
        level,
        recipient: email,
        status: 'skipped' as const,
        skipped_reason: reason,
      })),
    ];
    if (rows.length > 0) await trx.insertInto('notifications').values(rows).execute();
    return { alert: updated, changed: true, notified: reached + reach.emails.length, fallback: reach.fallback };
  });
  if (notified > 0) deps.notifications.kick();
  if (changed) deps.alertChanges.announce([alert.team_id]);
  return { alert, changed, fallback };
}

/**
 * Counted from the last escalation whatever happened since: an acknowledge in between does not
 * open the way to another round of emails (alternating escalate and acknowledge
 * used to send a round each time).
 */
function withinRepeatWindow(alert: AlertRow, now: Date, windowMs: number): boolean {
  return alert.escalated_at !== null && now.getTime() - alert.escalated_at.getTime() < windowMs;
}

const HOUR_MS = 3_600_000;
export const tooManyEscalations = (max: number) => `Too many escalations of this alert: at most ${max} an hour`;

/** The escalations of the last hour, oldest first. */
const lastHour = (times: Date[], now: Date) =>
  times.filter((t) => now.getTime() - t.getTime() < HOUR_MS).sort((a, b) => a.getTime() - b.getTime());

/** Null when another round may go out now; else when the oldest round of the last hour leaves it. */
export function nextRoundAllowedAt(times: Date[], now: Date, maxPerHour: number): Date | null {
  const recent = lastHour(times, now);
  if (recent.length < maxPerHour) return null;
  return new Date(recent[recent.length - maxPerHour]!.getTime() + HOUR_MS);
}

/** The rounds to keep after one at `now`: the last hour's, at most the cap, `now` included. */
function keptRounds(times: Date[], now: Date, maxPerHour: number): RawBuilder<Date[]> {
  const kept = [...lastHour(times, now), now].slice(-maxPerHour).map((t) => t.toISOString());
  return sql<Date[]>`${kept}::timestamptz[]`;
}
