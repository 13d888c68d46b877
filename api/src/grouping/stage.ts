import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { EventGroup, IngestEvent, Labels } from '../ingest/events.js';
import type { IngestStage } from '../ingest/stages.js';

/** What the stage needs of one integration (docs/oncall/grouping.md). */
export interface GroupingState {
  /** The group labels; empty when grouping is off but group alerts are still open (their resolves are still read). */
  groupBy: string[];
  windowMinutes: number;
}

/**
 * A trigger's group: the values of the integration's group labels (a missing one counts as
 * empty), with the policy a routing rule chose and the maintenance window silencing it, so
 * that alerts routed or silenced apart are never merged. Hashed: SHA-256, 32 hex characters.
 */
export function groupOf(state: GroupingState, event: IngestEvent): EventGroup {
  const names = [...state.groupBy].sort();
  const values = names.map((name) => [name, event.labels[name] ?? '']);
  const key = createHash('sha256')
    .update(JSON.stringify([values, event.policyId ?? null, event.silence?.windowId ?? null]))
    .digest('hex')
    .slice(0, 32);
  const labels: Labels = {};
  for (const name of names) {
    const value = event.labels[name];
    if (value !== undefined) labels[name] = value;
  }
  return { key, labels, windowMinutes: state.windowMinutes };
}

/**
 * The last stage (ingest/stageOrder.ts): marks each trigger with its group, and each
 * acknowledge or resolve as one that may name a group alert's occurrence; the store does the
 * rest (grouping/store.ts). Nothing to do for an integration without grouping and without open
 * group alerts: its bodies keep the store's single statement.
 */
export const groupingStage: IngestStage<GroupingState> = {
  name: 'grouping',
  async load(db: Db, integrationId: string) {
    const { rows } = await sql<{ group_by: string[]; group_window_minutes: number; open_groups: boolean }>`
      SELECT i.group_by, i.group_window_minutes,
        EXISTS (SELECT 1 FROM alerts a WHERE a.integration_id = i.id AND a.group_key IS NOT NULL AND a.state <> 'closed') AS open_groups
      FROM integrations i WHERE i.id = ${integrationId}`.execute(db);
    const row = rows[0];
    if (!row || (row.group_by.length === 0 && !row.open_groups)) return null;
    return { groupBy: row.group_by, windowMinutes: row.group_window_minutes };
  },
  apply(state, events) {
    const kept = events.map((event): IngestEvent => {
      if (event.action !== 'trigger') return { ...event, inGroups: true };
      return state.groupBy.length > 0 ? { ...event, group: groupOf(state, event) } : event;
    });
    return { kept, dropped: [] };
  },
};
