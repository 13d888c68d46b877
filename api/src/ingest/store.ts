import { type RawBuilder, sql } from 'kysely';
import { nextState } from '../alerts/alertTransitions.js';
import type { Db, OpenDb } from '../db/database.js';
import type { AlertState } from '../db/schema.js';
import { type GroupedEvent, groupTransitions, storeGroupedTriggers, type TransitionChange } from '../grouping/store.js';
import type { IngestEvent } from './events.js';
import type { IngestResult } from './schema.js';

export interface IngestOutcome {
  dedupKey: string;
  alertId: string | null;
  result: IngestResult['alerts'][number]['result'];
}

export type IngestAnswer =
  | { status: 'unknown-key' }
  | { status: 'inactive-owner' }
  /** `created`: how many new alerts (each wrote its owner's notification in the same statement). */
  | { status: 'done'; teamId: string; outcomes: IngestOutcome[]; created: number };

/**
 * Whether the integration's team still has an active member: an integration whose people are
 * all deactivated (a user alone: its maker) stores nothing.
 */
const TEAM_ACTIVE = sql.raw(
  'EXISTS (SELECT 1 FROM team_members m JOIN users mu ON mu.id = m.user_id WHERE m.team_id = i.team_id AND mu.is_active)',
);

interface UpsertRow {
  integration_id: string;
  team_id: string;
  is_active: boolean;
  id: string | null;
  dedup_key: string | null;
  occurrence_count: number | null;
}

/**
 * The integration (found by `where`) and its owner, then every trigger as one
 * `INSERT … ON CONFLICT` on the partial unique index of not-closed alerts: a new key makes an
 * alert, a known one bumps its count. Race-free: of two concurrent triggers with a new key one
 * inserts and the other waits, then updates. One statement, so one round trip and all or
 * nothing; the statement-level count triggers see only the inserted rows, so counts stay exact.
 * No row (unknown key), one row with no alert (inactive owner or no trigger), else one per event.
 */
function upsertTriggers(where: RawBuilder<unknown>, triggers: IngestEvent[], now: Date) {
  const column = <K extends keyof IngestEvent>(key: K) => triggers.map((e) => e[key]);
  const labels = triggers.map((e) => JSON.stringify(e.labels ?? {}));
  const policies = triggers.map((e) => e.policyId ?? null);
  const silencedUntil = triggers.map((e) => e.silence?.until.toISOString() ?? null);
  const windows = triggers.map((e) => e.silence?.windowId ?? null);
  // A new alert waits for its policy's timer (a routing rule's, else the integration's) when
  // one escalates automatically (level 0, its owner's, is given the policy's first wait, else
  // level 1's delay: escalation/policy.ts); its owner's notification is written by the same
  // statement (notifications/relay.ts). An alert silenced by a maintenance window does
  // neither: the window's end pages for it (maintenance/).
  return sql<UpsertRow>`
    WITH integ AS (
      SELECT i.id, i.owner_id, i.team_id, i.escalation_policy_id, u.email, ${TEAM_ACTIVE} AS is_active
      FROM integrations i LEFT JOIN users u ON u.id = i.owner_id
      WHERE ${where}
    ), upserted AS (
      INSERT INTO alerts AS a (title, description, severity, owner_id, team_id, integration_id, dedup_key, next_escalation_at,
        labels, escalation_policy_id, silenced_until, maintenance_window_id)
      SELECT e.title, e.description, e.severity, integ.owner_id, integ.team_id, integ.id, e.dedup_key,
        CASE WHEN e.silenced_until IS NULL THEN ${now}::timestamptz
          + COALESCE(p.first_level_after_minutes, (p.levels->0->>'delay_minutes')::integer) * interval '1 minute' END,
        e.labels::jsonb, e.policy_id, e.silenced_until, e.window_id
      FROM integ CROSS JOIN unnest(
        ${column('dedupKey')}::text[], ${column('title')}::text[], ${column('description')}::text[], ${column('severity')}::text[],
        ${labels}::text[], ${policies}::uuid[], ${silencedUntil}::timestamptz[], ${windows}::uuid[]
      ) AS e(dedup_key, title, description, severity, labels, policy_id, silenced_until, window_id)
        LEFT JOIN escalation_policies p ON p.id = COALESCE(e.policy_id, integ.escalation_policy_id)
      WHERE integ.is_active
      ORDER BY e.dedup_key
      ON CONFLICT (integration_id, dedup_key) WHERE state <> 'closed'
      DO UPDATE SET occurrence_count = a.occurrence_count + 1, last_seen_at = now()
      RETURNING a.id, a.dedup_key, a.occurrence_count, a.silenced_until
    ), notified AS (
      INSERT INTO notifications (alert_id, kind, recipient)
      SELECT upserted.id, 'new_alert', integ.email FROM upserted CROSS JOIN integ
      WHERE upserted.occurrence_count = 1 AND upserted.silenced_until IS NULL AND integ.email IS NOT NULL
    )
    SELECT integ.id AS integration_id, integ.team_id, integ.is_active, u.id, u.dedup_key, u.occurrence_count
    FROM integ LEFT JOIN upserted u ON true`;
}

function upsertOutcomes(rows: UpsertRow[]): { outcomes: IngestOutcome[]; created: number } {
  const outcomes: IngestOutcome[] = [];
  let created = 0;
  for (const row of rows) {
    if (row.id === null || row.dedup_key === null) continue;
    // A fresh row has count 1; the update path always leaves 2 or more.
    const isNew = row.occurrence_count === 1;
    outcomes.push({ dedupKey: row.dedup_key, alertId: row.id, result: isNew ? 'created' : 'updated' });
    if (isNew) created += 1;
  }
  return { outcomes, created };
}

type OpenAlert = { id: string; state: AlertState; dedup_key: string };

/**
 * The integration of a key, its owner's activity, and its not-closed alerts with these keys,
 * locked in key order: one statement. A batch takes it before any write, and a triggers-only
 * statement inserts in key order too, so concurrent batches lock in one order and do not
 * deadlock. No row: unknown key; one row with a null id: no open alert with these keys.
 */
async function findAndLock(trx: Db, where: RawBuilder<unknown>, keys: string[]) {
  const { rows } = await sql<
    { integration_id: string; team_id: string; is_active: boolean } & { [K in keyof OpenAlert]: OpenAlert[K] | null }
  >`
    WITH integ AS (
      SELECT i.id, i.team_id, ${TEAM_ACTIVE} AS is_active FROM integrations i WHERE ${where}
    ), locked AS (
      SELECT a.id, a.state, a.dedup_key FROM alerts a JOIN integ ON a.integration_id = integ.id
      WHERE a.dedup_key = ANY(${keys}::text[]) AND a.state <> 'closed'
      ORDER BY a.dedup_key
      FOR UPDATE OF a
    )
    SELECT integ.id AS integration_id, integ.team_id, integ.is_active, locked.* FROM integ LEFT JOIN locked ON true`.execute(trx);
  const first = rows[0];
  if (!first) return undefined;
  const open = rows.flatMap((r) => (r.id && r.state && r.dedup_key ? [{ id: r.id, state: r.state, dedup_key: r.dedup_key }] : []));
  return { id: first.integration_id, teamId: first.team_id, is_active: first.is_active, open };
}

/**
 * Acknowledges and resolves, inside the caller's transaction, on alerts it has locked: the
 * next states come from the contract's table (alertTransitions.ts), and each change is
 * recorded as an event `via: "integration"`. A key with no open alert of its own may name an
 * occurrence of a group alert (grouping/store.ts); else it is ignored, as PagerDuty drops
 * such events.
 */
async function applyTransitions(
  trx: Db,
  integrationId: string,
  open: OpenAlert[],
  events: IngestEvent[],
  clientIp: string | null,
  now: Date,
): Promise<IngestOutcome[]> {
  const byKey = new Map(open.map((row) => [row.dedup_key, row]));
  const changes: TransitionChange[] = [];
  let outcomes = events.map((event): IngestOutcome => {
    const alert = byKey.get(event.dedupKey);
    if (!alert) return { dedupKey: event.dedupKey, alertId: null, result: 'ignored' };
    const action = event.action === 'resolve' ? 'close' : 'acknowledge';
    const transition = nextState(alert.state, action);
    if (transition.changed) changes.push({ id: alert.id, action, from: alert.state, to: transition.to });
    return { dedupKey: event.dedupKey, alertId: alert.id, result: action === 'close' ? 'resolved' : 'acknowledged' };
  });
  const unmatched = events.filter((event, i) => event.inGroups && outcomes[i]?.result === 'ignored');
  if (unmatched.length > 0) {
    const grouped = await groupTransitions(trx, integrationId, unmatched, now);
    const byGroupKey = new Map(grouped.outcomes.map((o) => [o.dedupKey, o]));
    outcomes = outcomes.map((o) => (o.result === 'ignored' ? (byGroupKey.get(o.dedupKey) ?? o) : o));
    for (const change of grouped.changes) if (!changes.some((c) => c.id === change.id)) changes.push(change);
  }
  if (changes.length > 0) {
    const ids = changes.map((c) => c.id);
    const to = changes.map((c) => c.to);
    // clock_timestamp(), as for the console's actions: the history stays in commit order.
    await sql`
      WITH changed AS (
        UPDATE alerts a SET state = c.to_state, updated_at = clock_timestamp(), next_escalation_at = NULL
        FROM unnest(${ids}::uuid[], ${to}::text[]) AS c(id, to_state)
        WHERE a.id = c.id
        RETURNING a.id
      )
      INSERT INTO alert_events (alert_id, action, from_state, to_state, via, client_ip, created_at)
      SELECT c.id, c.action, c.from_state, c.to_state, 'integration', ${clientIp}, clock_timestamp()
      FROM unnest(${ids}::uuid[], ${changes.map((c) => c.action)}::text[], ${changes.map((c) => c.from)}::text[], ${to}::text[])
        AS c(id, action, from_state, to_state)
      WHERE c.id IN (SELECT id FROM changed)`.execute(trx);
  }
  return outcomes;
}

const DEADLOCK_OR_SERIALIZATION = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/** Two batches touching the same keys in a different order can deadlock; PostgreSQL aborts one, which simply runs again. */
async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= ATTEMPTS || !code || !DEADLOCK_OR_SERIALIZATION.has(code)) throw error;
    }
  }
}

/** Which integration events are for: the one an ingest key opens, or one by id (heartbeat monitors). */
export type IngestTarget = { keyHash: string } | { integrationId: string };

/** A key is the integration's own, or one it had at another vendor (integration_legacy_keys: a moved sender's). */
export const byKeyHash = (keyHash: string) =>
  sql`(i.ingest_key_hash = ${keyHash} OR i.id = (SELECT l.integration_id FROM integration_legacy_keys l WHERE l.key_hash = ${keyHash}))`;

const whereOf = (target: IngestTarget) => ('keyHash' in target ? byKeyHash(target.keyHash) : sql`i.id = ${target.integrationId}`);

/**
 * A body's events inside the caller's transaction: look-up and locks, triggers, transitions.
 * For callers that change other rows in the same transaction (heartbeat monitors).
 */
export async function ingestIn(
  trx: Db,
  target: IngestTarget,
  events: IngestEvent[],
  clientIp: string | null,
  now: Date,
  triggersPerStatement = Number.POSITIVE_INFINITY,
): Promise<IngestAnswer> {
  const triggers = events.filter((e) => e.action === 'trigger');
  const integration = await findAndLock(
    trx,
    whereOf(target),
    events.map((e) => e.dedupKey),
  );
  if (!integration) return { status: 'unknown-key' };
  if (!integration.is_active) return { status: 'inactive-owner' };
  // A grouped trigger whose key has an open alert of its own (made before grouping) repeats it, as before.
  const openKeys = new Set(integration.open.map((row) => row.dedup_key));
  const isGrouped = (e: IngestEvent): e is GroupedEvent => !!e.group && !openKeys.has(e.dedupKey);
  const grouped = triggers.filter(isGrouped);
  const plain = grouped.length > 0 ? triggers.filter((e) => !isGrouped(e)) : triggers;
  const rows: UpsertRow[] = [];
  for (const part of inParts(plain, triggersPerStatement))
    rows.push(...(await upsertTriggers(sql`i.id = ${integration.id}`, part, now).execute(trx)).rows);
  const upserted = plain.length > 0 ? upsertOutcomes(rows) : undefined;
  const joined = grouped.length > 0 ? await storeGroupedTriggers(trx, integration.id, grouped, now) : undefined;
  const transitions = events.filter((e) => e.action !== 'trigger');
  const changed = transitions.length > 0 ? await applyTransitions(trx, integration.id, integration.open, transitions, clientIp, now) : [];
  return {
    status: 'done',
    teamId: integration.teamId,
    outcomes: [...(upserted?.outcomes ?? []), ...(joined?.outcomes ?? []), ...changed],
    created: (upserted?.created ?? 0) + (joined?.created ?? 0),
  };
}

/**
 * Where statements run on this thread (PGlite), a body's triggers are upserted this many at a
 * time, so no one statement holds the event loop long: 1,000 in one statement held it for
 * 250-300 ms. The parts run in one transaction, in key order as one statement would.
 */
export const IN_PROCESS_TRIGGERS_PER_STATEMENT = 100;

/** The triggers in parts of at most `size`, in key order (one part, as given, when they fit). */
function inParts(triggers: IngestEvent[], size: number): IngestEvent[][] {
  if (triggers.length <= size) return triggers.length > 0 ? [triggers] : [];
  const sorted = [...triggers].sort((a, b) => (a.dedupKey < b.dedupKey ? -1 : a.dedupKey > b.dedupKey ? 1 : 0));
  const parts: IngestEvent[][] = [];
  for (let i = 0; i < sorted.length; i += size) parts.push(sorted.slice(i, i + size));
  return parts;
}

/**
 * Stores a body's events for the target integration, all or nothing. Triggers only (the
 * common case): one statement, the key check included. Otherwise (acknowledges, resolves,
 * grouped triggers), or a body too large for one statement on this thread, one transaction.
 */
export async function ingest(
  db: OpenDb,
  target: IngestTarget,
  events: IngestEvent[],
  clientIp: string | null,
  now: Date,
): Promise<IngestAnswer> {
  const triggers = events.filter((e) => e.action === 'trigger');
  const perStatement = db.statementsOnThisThread ? IN_PROCESS_TRIGGERS_PER_STATEMENT : Number.POSITIVE_INFINITY;
  if (triggers.length === events.length && triggers.length > 0 && triggers.length <= perStatement && !triggers.some((e) => e.group)) {
    const { rows } = await retrying(() => upsertTriggers(whereOf(target), triggers, now).execute(db));
    if (rows.length === 0) return { status: 'unknown-key' };
    const first = rows[0];
    if (!first?.is_active) return { status: 'inactive-owner' };
    return { status: 'done', teamId: first.team_id, ...upsertOutcomes(rows) };
  }
  return retrying(() => db.transaction().execute((trx) => ingestIn(trx, target, events, clientIp, now, perStatement)));
}

/** The integration a key opens, with whether its team has an active member; undefined for an unknown key. */
export async function findIntegration(db: Db, keyHash: string) {
  const { rows } = await sql<{ id: string; is_active: boolean }>`
    SELECT i.id, ${TEAM_ACTIVE} AS is_active FROM integrations i WHERE ${byKeyHash(keyHash)}`.execute(db);
  return rows[0];
}
