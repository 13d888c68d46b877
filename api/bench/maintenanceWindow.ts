import type { Db } from '../src/db/database.js';

/** What `addActiveMaintenanceWindow` did, for the report. */
export interface MaintenanceHookResult {
  added: boolean;
  /** One line for the report: what was inserted, or why nothing was. */
  note: string;
}

const HOUR_MS = 3_600_000;

/**
 * The routed run of `npm run bench:ingest`: an active one-off maintenance window on the
 * integration, from an hour ago to an hour from now, whose matcher the traffic never meets
 * (labels.env equals "staging"), so every event is still stored and checked while the
 * maintenance stage loads and evaluates it for each body. Inserted as the bench's set-up,
 * not through the API: the window's validation is not what is measured.
 */
export async function addActiveMaintenanceWindow(db: Db, integrationId: string): Promise<MaintenanceHookResult> {
  const integration = await db.selectFrom('integrations').select('team_id').where('id', '=', integrationId).executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('maintenance_windows')
    .values({
      team_id: integration.team_id,
      integration_id: integrationId,
      name: 'Bench: staging work',
      time_zone: 'UTC',
      kind: 'one_off',
      starts_at: new Date(now - HOUR_MS),
      ends_at: new Date(now + HOUR_MS),
      days: null,
      start_time: null,
      end_time: null,
      ends_on: null,
      ended_at: null,
      match_mode: 'all',
      matchers: JSON.stringify([{ field: 'labels.env', op: 'equals', value: 'staging' }]),
      created_by: null,
    })
    .execute();
  return { added: true, note: 'an active maintenance window per integration (matching labels.env = "staging": none of the traffic)' };
}
