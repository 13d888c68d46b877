import type { Db } from '../src/db/database.js';

/** What `addActiveMaintenanceWindow` did, for the report. */
export interface MaintenanceHookResult {
  added: boolean;
  /** One line for the report: what was inserted, or why nothing was. */
  note: string;
}

/**
 * The hook of `npm run bench:ingest`'s routed run for issue 28's maintenance windows: an active
 * window per integration, matching none of the bench's alerts (so every event is still stored
 * and checked), whose cost is then in the figure. Maintenance windows (api/src/maintenance/,
 * branch i28-maintenance) are not on this branch yet: it inserts nothing and says so in the
 * report. Wired when that branch is merged: one window through its service, from an hour ago
 * to an hour from now, with a matcher the traffic never meets (labels.env equals "staging").
 */
export async function addActiveMaintenanceWindow(_db: Db, _integrationId: string): Promise<MaintenanceHookResult> {
  return { added: false, note: 'no maintenance window: api/src/maintenance/ is not on this branch yet (hook: bench/maintenanceWindow.ts)' };
}
