import type { Db } from '../db/database.js';
import type { MaintenanceWindowRow, UserRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { Matcher } from '../ingest/matchers.js';
import { getOwnedIntegration } from '../integrations/service.js';
import { inTeamsOf } from '../teams/access.js';
import { compileTimes } from './occurrences.js';
import type { MaintenanceListQuery, MaintenanceWindowPublic } from './schema.js';

// The reads of /api/v1/maintenance-windows: a window as answered (where it stands now, the
// alerts it silences), a team's or an integration's list, the dashboard's windows in progress.

/** What reading windows needs: the database and the app's clock (where each window stands is computed at `now()`). */
export interface ReadDeps {
  db: Db;
  now: () => Date;
}

const hidden = () => notFound('Maintenance window');

export function toWindowPublic(row: MaintenanceWindowRow, now: Date, silenced = 0): MaintenanceWindowPublic {
  const standing = compileTimes(row).standingAt(now.getTime());
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    team_id: row.team_id,
    integration_id: row.integration_id,
    name: row.name,
    time_zone: row.time_zone,
    kind: row.kind,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    days: row.days,
    start_time: row.start_time,
    end_time: row.end_time,
    ends_on: row.ends_on,
    ended_at: iso(row.ended_at),
    match_mode: row.match_mode,
    matchers: row.matchers as Matcher[],
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    active: standing.active,
    current_end: standing.active ? new Date(standing.until).toISOString() : null,
    next_start: !standing.active && standing.nextStart !== null ? new Date(standing.nextStart).toISOString() : null,
    silenced_alerts: silenced,
  };
}

/** How many open alerts each window silences now. */
async function silencedCounts(db: Db, ids: string[], now: Date): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('alerts')
    .select(['maintenance_window_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('maintenance_window_id', 'in', ids)
    .where('silenced_until', '>', now)
    .where('state', '<>', 'closed')
    .groupBy('maintenance_window_id')
    .execute();
  return new Map(rows.map((row) => [row.maintenance_window_id as string, Number(row.n)]));
}

async function publicRows(db: Db, rows: MaintenanceWindowRow[], now: Date): Promise<MaintenanceWindowPublic[]> {
  const counts = await silencedCounts(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => toWindowPublic(row, now, counts.get(row.id) ?? 0));
}

/** The windows of the caller's teams (a team's; those applying to an integration: its own and its team's), newest first. */
export async function listWindows(deps: ReadDeps, user: UserRow, query: MaintenanceListQuery, offset: number, limit: number) {
  const { db } = deps;
  let scope = db.selectFrom('maintenance_windows').where(inTeamsOf(user, 'team_id'));
  if (query.team_id) scope = scope.where('team_id', '=', query.team_id);
  if (query.integration_id) {
    const integration = await getOwnedIntegration(db, user, query.integration_id);
    scope = scope
      .where('team_id', '=', integration.team_id)
      .where((eb) => eb.or([eb('integration_id', 'is', null), eb('integration_id', '=', integration.id)]));
  }
  const [rows, total] = await Promise.all([
    scope.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    scope.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: await publicRows(db, rows, deps.now()), count: Number(total.n) };
}

/** What the dashboard shows: the windows of the caller's teams in progress now, ending first first (at most 100). */
export async function activeWindows(deps: ReadDeps, user: UserRow, teamId: string | undefined) {
  const now = deps.now();
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  let scope = deps.db
    .selectFrom('maintenance_windows')
    .selectAll()
    .where(inTeamsOf(user, 'team_id'))
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'weekly'), eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', yesterday)])]),
        eb.and([eb('starts_at', '<=', now), eb('ends_at', '>', now), eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', now)])]),
      ]),
    );
  if (teamId) scope = scope.where('team_id', '=', teamId);
  const candidates = await scope.orderBy('created_at', 'desc').limit(1000).execute();
  const active = candidates
    .map((row) => ({ row, standing: compileTimes(row).standingAt(now.getTime()) }))
    .filter(({ standing }) => standing.active)
    .sort((a, b) => (a.standing.active && b.standing.active ? a.standing.until - b.standing.until : 0))
    .slice(0, 100)
    .map(({ row }) => row);
  const data = await publicRows(deps.db, active, now);
  return { data, count: data.length };
}

export async function getWindow(deps: ReadDeps, user: UserRow, id: string): Promise<MaintenanceWindowPublic> {
  const row = await deps.db
    .selectFrom('maintenance_windows')
    .selectAll()
    .where('id', '=', id)
    .where(inTeamsOf(user, 'team_id'))
    .executeTakeFirst();
  if (!row) throw hidden();
  return (await publicRows(deps.db, [row], deps.now()))[0] as MaintenanceWindowPublic;
}
