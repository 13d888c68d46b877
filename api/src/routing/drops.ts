import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { DroppedEvent } from '../ingest/stages.js';
import type { RoutingDropPublic } from './schema.js';

/**
 * What drop rules kept out, for the integration's history (docs/oncall/routing.md, "Dropped
 * events"). Bounded per integration: the newest DROPS_KEPT, none older than DROPS_KEPT_DAYS.
 * Pruning costs a statement, so a process prunes an integration on its first drops and then
 * once per PRUNE_EVERY drops it recorded there: the table holds at most DROPS_KEPT plus
 * PRUNE_EVERY (and one body) per process for an integration. Reads never show what is past
 * either bound, pruned or not.
 */
export const DROPS_KEPT = 1_000;
export const DROPS_KEPT_DAYS = 30;
export const PRUNE_EVERY = 100;
const TRACKED_MAX = 10_000;

/** Drops recorded per integration since this process last pruned it. */
const sincePrune = new Map<string, number>();

const cutoffOf = (now: Date) => new Date(now.getTime() - DROPS_KEPT_DAYS * 86_400_000);
const FOREIGN_KEY_VIOLATION = '23503';

function insertDrops(db: Db, integrationId: string, dropped: DroppedEvent[], now: Date, withoutRules: boolean) {
  const events = dropped.map((d) => d.event);
  return sql`
    INSERT INTO routing_drops (integration_id, rule_id, rule_name, dedup_key, title, severity, labels, dropped_at)
    SELECT ${integrationId}, d.rule_id, d.rule_name, d.dedup_key, d.title, d.severity, d.labels::jsonb, ${now}::timestamptz
    FROM unnest(${dropped.map((d) => (withoutRules ? null : d.byId))}::uuid[], ${dropped.map((d) => d.reason)}::text[],
      ${events.map((e) => e.dedupKey)}::text[], ${events.map((e) => e.title)}::text[], ${events.map((e) => e.severity)}::text[],
      ${events.map((e) => JSON.stringify(e.labels ?? {}))}::text[]) AS d(rule_id, rule_name, dedup_key, title, severity, labels)`.execute(
    db,
  );
}

export async function recordDrops(db: Db, dropped: DroppedEvent[], context: { integrationId: string; now: Date }): Promise<void> {
  const { integrationId, now } = context;
  try {
    await insertDrops(db, integrationId, dropped, now, false);
  } catch (error) {
    // A rule deleted while its drops were being written: they are kept, by name. The
    // integration deleted meanwhile: there is no history left to write to.
    if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
    try {
      await insertDrops(db, integrationId, dropped, now, true);
    } catch (again) {
      if ((again as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw again;
      return;
    }
  }
  const count = (sincePrune.get(integrationId) ?? PRUNE_EVERY) + dropped.length;
  if (count < PRUNE_EVERY) {
    sincePrune.set(integrationId, count);
    return;
  }
  if (sincePrune.size >= TRACKED_MAX) sincePrune.clear();
  sincePrune.set(integrationId, 0);
  await pruneDrops(db, integrationId, now);
}

/** Deletes the integration's drops beyond the newest DROPS_KEPT and those older than DROPS_KEPT_DAYS. */
export async function pruneDrops(db: Db, integrationId: string, now: Date): Promise<void> {
  await sql`
    DELETE FROM routing_drops WHERE integration_id = ${integrationId} AND (
      dropped_at < ${cutoffOf(now)}
      OR id <= (SELECT id FROM routing_drops WHERE integration_id = ${integrationId} ORDER BY id DESC OFFSET ${DROPS_KEPT} LIMIT 1))`.execute(
    db,
  );
}

/** A page of the integration's drops, newest first, within both bounds. */
export async function listDrops(
  db: Db,
  integrationId: string,
  offset: number,
  limit: number,
  now: Date,
): Promise<{ data: RoutingDropPublic[]; count: number }> {
  const { rows } = await sql<{
    id: string;
    rule_id: string | null;
    rule_name: string;
    dedup_key: string;
    title: string;
    severity: RoutingDropPublic['severity'];
    labels: Record<string, string>;
    dropped_at: Date;
    total: number;
  }>`
    WITH kept AS (
      SELECT * FROM routing_drops WHERE integration_id = ${integrationId} AND dropped_at >= ${cutoffOf(now)}
      ORDER BY id DESC LIMIT ${DROPS_KEPT}
    )
    SELECT k.*, (SELECT count(*) FROM kept)::int AS total FROM kept k ORDER BY k.id DESC OFFSET ${offset} LIMIT ${limit}`.execute(db);
  let count = rows[0]?.total;
  if (count === undefined) {
    const { rows: counted } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM routing_drops WHERE integration_id = ${integrationId} AND dropped_at >= ${cutoffOf(now)} LIMIT ${DROPS_KEPT}) k`.execute(
      db,
    );
    count = counted[0]?.n ?? 0;
  }
  return {
    data: rows.map((row) => ({
      id: String(row.id),
      rule_id: row.rule_id,
      rule_name: row.rule_name,
      dedup_key: row.dedup_key,
      title: row.title,
      severity: row.severity,
      labels: row.labels,
      dropped_at: row.dropped_at.toISOString(),
    })),
    count: Number(count),
  };
}
