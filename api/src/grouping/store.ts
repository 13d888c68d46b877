import { sql } from 'kysely';
import { nextState } from '../alerts/alertTransitions.js';
import type { Db } from '../db/database.js';
import type { AlertState } from '../db/schema.js';
import type { IngestEvent } from '../ingest/events.js';

/** How many occurrences one group alert lists; beyond, only its `occurrence_count` grows. */
export const OCCURRENCES_MAX = 1000;

/** What the store records of an acknowledge or a resolve (ingest/store.ts writes them all in one statement). */
export interface TransitionChange {
  id: string;
  action: 'acknowledge' | 'close';
  from: AlertState;
  to: AlertState;
}

export interface GroupedOutcome {
  dedupKey: string;
  alertId: string;
  result: 'created' | 'updated' | 'acknowledged' | 'resolved';
}

/** A trigger the grouping stage gave a group. */
export type GroupedEvent = IngestEvent & { group: NonNullable<IngestEvent['group']> };

/** The integration's firing occurrences (of alerts not closed) with these sender keys: one per key, the newest alert's. */
async function firingOccurrences(trx: Db, integrationId: string, keys: string[]) {
  const { rows } = await sql<{ alert_id: string; dedup_key: string }>`
    SELECT DISTINCT ON (o.dedup_key) o.alert_id, o.dedup_key
    FROM alert_occurrences o JOIN alerts a ON a.id = o.alert_id
    WHERE o.integration_id = ${integrationId} AND o.dedup_key = ANY(${keys}::text[]) AND o.resolved_at IS NULL
      AND a.state <> 'closed'
    ORDER BY o.dedup_key, a.created_at DESC`.execute(trx);
  return new Map(rows.map((row) => [row.dedup_key, row.alert_id]));
}

/** `counts` more triggers on each alert not closed; the ids it bumped. */
async function bump(trx: Db, counts: Map<string, number>): Promise<Set<string>> {
  if (counts.size === 0) return new Set();
  const ids = [...counts.keys()].sort();
  const { rows } = await sql<{ id: string }>`
    UPDATE alerts a SET occurrence_count = a.occurrence_count + c.n, last_seen_at = now()
    FROM unnest(${ids}::uuid[], ${ids.map((id) => counts.get(id) ?? 0)}::int[]) AS c(id, n)
    WHERE a.id = c.id AND a.state <> 'closed'
    RETURNING a.id`.execute(trx);
  return new Set(rows.map((row) => row.id));
}

/**
 * Each group's alert, absorbing: first a group alert opened more than its window ago stops
 * absorbing (its dedup key gets its id appended), then one `INSERT … ON CONFLICT` on the
 * unique index of not-closed keys joins the group's absorbing alert or opens a new one (with
 * its owner's notification, as ingest/store.ts writes it), race-free as a plain trigger is.
 * The group alert keeps its first event's title and description and takes the highest
 * severity of its occurrences.
 */
async function upsertGroups(trx: Db, integrationId: string, groups: Map<string, GroupedEvent[]>, now: Date) {
  const keys = [...groups.keys()].sort();
  const firsts = keys.map((key) => groups.get(key)?.[0] as GroupedEvent);
  const windowMinutes = firsts[0]?.group.windowMinutes ?? 1;
  await sql`
    UPDATE alerts SET dedup_key = dedup_key || '/' || id
    WHERE integration_id = ${integrationId} AND dedup_key = ANY(${keys.map((key) => `group:${key}`)}::text[]) AND state <> 'closed'
      AND created_at <= ${now}::timestamptz - make_interval(mins => ${windowMinutes})`.execute(trx);
  const column = <T>(pick: (e: GroupedEvent) => T) => firsts.map(pick);
  const { rows } = await sql<{ id: string; group_key: string; created: boolean }>`
    WITH integ AS (
      SELECT i.id, i.owner_id, i.team_id, i.escalation_policy_id, u.email
      FROM integrations i LEFT JOIN users u ON u.id = i.owner_id WHERE i.id = ${integrationId}
    ), upserted AS (
      INSERT INTO alerts AS a (title, description, severity, owner_id, team_id, integration_id, dedup_key, group_key,
        occurrence_count, next_escalation_at, labels, escalation_policy_id, silenced_until, maintenance_window_id)
      SELECT e.title, e.description, e.severity, integ.owner_id, integ.team_id, integ.id, 'group:' || e.group_key, e.group_key, e.n,
        CASE WHEN e.silenced_until IS NULL THEN ${now}::timestamptz
          + COALESCE(p.first_level_after_minutes, (p.levels->0->>'delay_minutes')::integer) * interval '1 minute' END,
        e.labels::jsonb, e.policy_id, e.silenced_until, e.window_id
      FROM integ CROSS JOIN unnest(
        ${keys}::text[], ${column((e) => e.title)}::text[], ${column((e) => e.description)}::text[],
        ${keys.map((key) => groups.get(key)?.reduce((top, e) => (rank(e.severity) < rank(top) ? e.severity : top), 'info'))}::text[],
        ${keys.map((key) => groups.get(key)?.length ?? 0)}::int[], ${column((e) => JSON.stringify(e.group.labels))}::text[],
        ${column((e) => e.policyId ?? null)}::uuid[], ${column((e) => e.silence?.until.toISOString() ?? null)}::timestamptz[],
        ${column((e) => e.silence?.windowId ?? null)}::uuid[]
      ) AS e(group_key, title, description, severity, n, labels, policy_id, silenced_until, window_id)
        LEFT JOIN escalation_policies p ON p.id = COALESCE(e.policy_id, integ.escalation_policy_id)
      ORDER BY e.group_key
      ON CONFLICT (integration_id, dedup_key) WHERE state <> 'closed'
      DO UPDATE SET occurrence_count = a.occurrence_count + excluded.occurrence_count, last_seen_at = now(),
        severity = CASE WHEN ${SEVERITY_RANK('excluded.severity')} < ${SEVERITY_RANK('a.severity')} THEN excluded.severity ELSE a.severity END
      RETURNING a.id, a.group_key, (a.xmax = 0) AS created, a.silenced_until
    ), notified AS (
      INSERT INTO notifications (alert_id, kind, recipient)
      SELECT upserted.id, 'new_alert', integ.email FROM upserted CROSS JOIN integ
      WHERE upserted.created AND upserted.silenced_until IS NULL AND integ.email IS NOT NULL
    )
    SELECT id, group_key, created FROM upserted`.execute(trx);
  return rows;
}

const SEVERITIES = ['critical', 'high', 'warning', 'info'];
const rank = (severity: string) => SEVERITIES.indexOf(severity);
const SEVERITY_RANK = (column: string) => sql.raw(`array_position(ARRAY['critical', 'high', 'warning', 'info'], ${column})`);

/**
 * The alerts' occurrences: a sender's key already listed fires again (last seen, no longer
 * resolved); a new one is listed while its alert lists fewer than OCCURRENCES_MAX. The alerts
 * are locked by the caller's statements before, so two bodies do not list past the cap.
 */
async function recordOccurrences(trx: Db, integrationId: string, rows: { alertId: string; event: IngestEvent }[], now: Date) {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => (a.alertId + a.event.dedupKey < b.alertId + b.event.dedupKey ? -1 : 1));
  const column = <T>(pick: (row: { alertId: string; event: IngestEvent }) => T) => sorted.map(pick);
  await sql`
    WITH e AS (
      SELECT * FROM unnest(${column((r) => r.alertId)}::uuid[], ${column((r) => r.event.dedupKey)}::text[],
        ${column((r) => r.event.title)}::text[], ${column((r) => r.event.severity)}::text[],
        ${column((r) => JSON.stringify(r.event.labels ?? {}))}::text[]) AS e(alert_id, dedup_key, title, severity, labels)
    ), seen AS (
      UPDATE alert_occurrences o SET last_seen_at = ${now}, resolved_at = NULL
      FROM e WHERE o.alert_id = e.alert_id AND o.dedup_key = e.dedup_key
    ), fresh AS (
      SELECT e.*, row_number() OVER (PARTITION BY e.alert_id ORDER BY e.dedup_key) AS n FROM e
      WHERE NOT EXISTS (SELECT 1 FROM alert_occurrences o WHERE o.alert_id = e.alert_id AND o.dedup_key = e.dedup_key)
    )
    INSERT INTO alert_occurrences (alert_id, dedup_key, integration_id, title, severity, labels, received_at, last_seen_at)
    SELECT f.alert_id, f.dedup_key, ${integrationId}, f.title, f.severity, f.labels::jsonb, ${now}, ${now} FROM fresh f
    WHERE f.n <= ${OCCURRENCES_MAX} - (SELECT count(*) FROM alert_occurrences o WHERE o.alert_id = f.alert_id)
    ON CONFLICT (alert_id, dedup_key) DO NOTHING`.execute(trx);
}

/**
 * Grouped triggers (each with `group`), inside the caller's transaction. A sender's key that
 * fires in an open group alert repeats there (whatever its window: a monitoring tool resending
 * a firing alert is not a new one); any other joins its group's alert while that one is within
 * its window, else opens a new group alert, whose owner is notified once.
 */
export async function storeGroupedTriggers(
  trx: Db,
  integrationId: string,
  events: GroupedEvent[],
  now: Date,
): Promise<{ outcomes: GroupedOutcome[]; created: number }> {
  const firing = await firingOccurrences(
    trx,
    integrationId,
    events.map((e) => e.dedupKey),
  );
  const repeats = new Map<string, number>();
  for (const event of events) {
    const alertId = firing.get(event.dedupKey);
    if (alertId) repeats.set(alertId, (repeats.get(alertId) ?? 0) + 1);
  }
  // An alert closed meanwhile absorbs nothing: its repeats go to their group.
  const bumped = await bump(trx, repeats);
  const outcomes: GroupedOutcome[] = [];
  const listed: { alertId: string; event: IngestEvent }[] = [];
  const groups = new Map<string, GroupedEvent[]>();
  for (const event of events) {
    const alertId = firing.get(event.dedupKey);
    if (alertId && bumped.has(alertId)) {
      outcomes.push({ dedupKey: event.dedupKey, alertId, result: 'updated' });
      listed.push({ alertId, event });
    } else groups.set(event.group.key, [...(groups.get(event.group.key) ?? []), event]);
  }
  let created = 0;
  if (groups.size > 0) {
    for (const row of await upsertGroups(trx, integrationId, groups, now)) {
      if (row.created) created += 1;
      (groups.get(row.group_key) ?? []).forEach((event, i) => {
        outcomes.push({ dedupKey: event.dedupKey, alertId: row.id, result: row.created && i === 0 ? 'created' : 'updated' });
        listed.push({ alertId: row.id, event });
      });
    }
  }
  await recordOccurrences(trx, integrationId, listed, now);
  return { outcomes, created };
}

/**
 * Acknowledges and resolves whose key names no alert of its own, inside the caller's
 * transaction: a key firing in an open group alert. A resolve marks that occurrence resolved,
 * and the alert is closed once every occurrence it lists is; an acknowledge acknowledges the
 * alert. The changes are the caller's to write (ingest/store.ts), `via: "integration"`.
 */
export async function groupTransitions(
  trx: Db,
  integrationId: string,
  events: IngestEvent[],
  now: Date,
): Promise<{ outcomes: GroupedOutcome[]; changes: TransitionChange[] }> {
  const firing = await firingOccurrences(
    trx,
    integrationId,
    events.map((e) => e.dedupKey),
  );
  if (firing.size === 0) return { outcomes: [], changes: [] };
  const ids = [...new Set(firing.values())].sort();
  const { rows: locked } = await sql<{ id: string; state: AlertState }>`
    SELECT id, state FROM alerts WHERE id = ANY(${ids}::uuid[]) AND state <> 'closed' ORDER BY id FOR UPDATE`.execute(trx);
  const states = new Map(locked.map((row) => [row.id, row.state]));
  const outcomes: GroupedOutcome[] = [];
  const resolved: { alertId: string; key: string }[] = [];
  const acknowledged = new Set<string>();
  for (const event of events) {
    const alertId = firing.get(event.dedupKey);
    if (!alertId || !states.has(alertId)) continue;
    const resolve = event.action === 'resolve';
    outcomes.push({ dedupKey: event.dedupKey, alertId, result: resolve ? 'resolved' : 'acknowledged' });
    if (resolve) resolved.push({ alertId, key: event.dedupKey });
    else acknowledged.add(alertId);
  }
  let closing: string[] = [];
  if (resolved.length > 0) {
    const { rows } = await sql<{ id: string }>`
      WITH done AS (
        UPDATE alert_occurrences o SET resolved_at = ${now}
        FROM unnest(${resolved.map((r) => r.alertId)}::uuid[], ${resolved.map((r) => r.key)}::text[]) AS r(alert_id, dedup_key)
        WHERE o.alert_id = r.alert_id AND o.dedup_key = r.dedup_key AND o.resolved_at IS NULL
        RETURNING o.alert_id, o.dedup_key
      )
      SELECT DISTINCT done.alert_id AS id FROM done
      WHERE NOT EXISTS (
        SELECT 1 FROM alert_occurrences o
        WHERE o.alert_id = done.alert_id AND o.resolved_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM done d WHERE d.alert_id = o.alert_id AND d.dedup_key = o.dedup_key)
      )`.execute(trx);
    closing = rows.map((row) => row.id);
  }
  const changes: TransitionChange[] = [];
  for (const id of ids) {
    const from = states.get(id);
    if (!from) continue;
    const action = closing.includes(id) ? 'close' : acknowledged.has(id) ? 'acknowledge' : undefined;
    if (!action) continue;
    const transition = nextState(from, action);
    if (transition.changed) changes.push({ id, action, from, to: transition.to });
  }
  return { outcomes, changes };
}
