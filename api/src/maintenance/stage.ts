import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { MaintenanceWindowRow } from '../db/schema.js';
import type { IngestEvent } from '../ingest/events.js';
import { compileMatchers, type EventTest, type Matcher } from '../ingest/matchers.js';
import type { IngestStage } from '../ingest/stages.js';
import { type CompiledTimes, compileTimes } from './occurrences.js';

/** A window as the stage and the sweep use it: its times and its matchers compiled once. */
export interface CompiledWindow {
  id: string;
  times: CompiledTimes;
  matches: EventTest;
}

export function compileWindow(row: MaintenanceWindowRow): CompiledWindow | null {
  try {
    return { id: row.id, times: compileTimes(row), matches: compileMatchers(row.match_mode, row.matchers as Matcher[]) };
  } catch {
    // Checked when stored (service.ts): a window that no longer compiles silences nothing.
    return null;
  }
}

/**
 * The windows that apply to each of `integrationIds`: its own and its team's whole-team ones,
 * compiled; an integration with none is absent from the map.
 */
export async function loadWindows(db: Db, integrationIds: string[]): Promise<Map<string, CompiledWindow[]>> {
  const byIntegration = new Map<string, CompiledWindow[]>();
  if (integrationIds.length === 0) return byIntegration;
  const { rows } = await sql<MaintenanceWindowRow & { for_integration: string }>`
    SELECT w.*, i.id AS for_integration
    FROM integrations i JOIN maintenance_windows w ON w.team_id = i.team_id AND (w.integration_id IS NULL OR w.integration_id = i.id)
    WHERE i.id = ANY(${integrationIds}::uuid[])`.execute(db);
  for (const row of rows) {
    const window = compileWindow(row);
    if (!window) continue;
    byIntegration.set(row.for_integration, [...(byIntegration.get(row.for_integration) ?? []), window]);
  }
  return byIntegration;
}

type Matchable = Parameters<EventTest>[0];

/** The window silencing `event` at `now`, and until when: of those in progress that match it, the one ending last. */
export function silenceFor(windows: CompiledWindow[], event: Matchable, now: Date): { windowId: string; until: Date } | null {
  let best: { windowId: string; until: Date } | null = null;
  for (const window of windows) {
    const standing = window.times.standingAt(now.getTime());
    if (!standing.active || (best && best.until.getTime() >= standing.until) || !window.matches(event)) continue;
    best = { windowId: window.id, until: new Date(standing.until) };
  }
  return best;
}

/**
 * The events with every trigger a window in progress matches marked silenced. Acknowledges and
 * resolves pass untouched: a resolve during a window closes its alert, it is never swallowed.
 */
export function silenceDuring(windows: CompiledWindow[], events: IngestEvent[], now: Date): IngestEvent[] {
  if (windows.length === 0) return events;
  return events.map((event) => {
    if (event.action !== 'trigger' || event.silence) return event;
    const silence = silenceFor(windows, event, now);
    return silence ? { ...event, silence } : event;
  });
}

/**
 * The ingest stage (ingest/stageOrder.ts, after routing): an integration without windows
 * loads nothing to do (null); one with windows checks them per body against the cached list,
 * so a window's start and end are exact to the request.
 */
export const maintenanceStage: IngestStage<CompiledWindow[]> = {
  name: 'maintenance',
  async load(db, integrationId) {
    return (await loadWindows(db, [integrationId])).get(integrationId) ?? null;
  },
  apply: (windows, events, { now }) => ({ kept: silenceDuring(windows, events, now), dropped: [] }),
};
