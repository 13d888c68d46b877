import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ALERT_SEVERITIES, type UserRow } from '../db/schema.js';
import { inTeamsOf } from '../teams/access.js';
import type { AlertStats } from './schema.js';

export const STATS_WINDOW_DAYS = 30;

/**
 * The dashboard's figures for what the caller sees (their teams' alerts, or one team's): alerts not yet closed by severity (a
 * partial index keeps this to the open few), and the mean times to acknowledge and to close
 * (MTTA, MTTR) of alerts created in the last 30 days, from each alert's first such event.
 */
export async function alertStats(db: Db, user: UserRow, teamId?: string): Promise<AlertStats> {
  const own = teamId ? sql`${inTeamsOf(user, 'a.team_id')} AND a.team_id = ${teamId}` : inTeamsOf(user, 'a.team_id');
  const [open, times] = await Promise.all([
    sql<{ severity: string; n: number }>`
      SELECT severity, count(*)::int AS n FROM alerts a WHERE state <> 'closed' AND ${own} GROUP BY severity`.execute(db),
    sql<{ mtta: number | null; mttr: number | null }>`
      SELECT
        extract(epoch FROM avg(ack.at - a.created_at))::float8 AS mtta,
        extract(epoch FROM avg(done.at - a.created_at))::float8 AS mttr
      FROM alerts a
      LEFT JOIN LATERAL (
        SELECT min(e.created_at) AS at FROM alert_events e WHERE e.alert_id = a.id AND e.action = 'acknowledge'
      ) ack ON TRUE
      LEFT JOIN LATERAL (
        SELECT min(e.created_at) AS at FROM alert_events e WHERE e.alert_id = a.id AND e.to_state = 'closed'
      ) done ON TRUE
      WHERE a.created_at > now() - make_interval(days => ${STATS_WINDOW_DAYS}) AND ${own}`.execute(db),
  ]);
  const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as AlertStats['open_by_severity'];
  for (const row of open.rows) bySeverity[row.severity as keyof typeof bySeverity] = Number(row.n);
  const round = (seconds: number | null | undefined) => (seconds == null ? null : Math.round(seconds * 10) / 10);
  return {
    open_by_severity: bySeverity,
    mtta_seconds: round(times.rows[0]?.mtta),
    mttr_seconds: round(times.rows[0]?.mttr),
    window_days: STATS_WINDOW_DAYS,
  };
}
