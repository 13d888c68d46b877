import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { PeriodicPass } from '../common/periodicPass.js';
import type { Db } from '../db/database.js';
import type { AlertSeverity, AlertState } from '../db/schema.js';
import type { Notifications } from '../notifications/service.js';
import { DAY } from '../oncall/zoneTime.js';
import { loadWindows, silenceFor } from './stage.js';

/** Alerts taken per pass at most; a longer backlog is taken by the next passes. */
const PASS_SIZE = 200;
/** A window over for this long is deleted (its alerts keep their history, losing only the link). */
export const ENDED_KEPT_DAYS = 7;
const CLEANUP_EVERY_MS = 3_600_000;

type SweepDeps = { db: Db; now: () => Date; notifications: Notifications; alertChanges: AlertChangeFeed };

interface Due {
  id: string;
  integration_id: string | null;
  team_id: string;
  state: AlertState;
  title: string;
  description: string | null;
  severity: AlertSeverity;
  dedup_key: string | null;
  labels: Record<string, string>;
}

export interface SweepResult {
  /** Alerts still open at their window's end: their owner emailed, their team's chats posted, their policy's timer set. */
  paged: number;
  /** Alerts another window (or the next occurrence, back to back) silences on. */
  extended: number;
  /** Acknowledged, escalated or closed meanwhile: the silence is only cleared. */
  cleared: number;
}

/**
 * Pages for the alerts a maintenance window silenced, once it ends (docs/oncall/maintenance.md).
 * Every API process of role all or worker runs one, on the escalation timer's interval; a pass
 * claims alerts whose `silenced_until` has passed with `FOR UPDATE SKIP LOCKED` and settles
 * them in the same transaction, so of several replicas exactly one pages a given alert. An
 * alert still open is checked against the windows again (an edited window, another window, the
 * next occurrence back to back): still matched, it stays silenced; else it gets what ingestion
 * gives a new alert: its owner's email, a post to its team's chat channels, and its policy's
 * first timer (escalation/policy.ts), from now. A window ended early or deleted sets its
 * alerts' `silenced_until` to that instant (service.ts), so the next pass pages them.
 */
export class MaintenanceSweep {
  private readonly periodic: PeriodicPass;
  private cleanedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly deps: SweepDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.periodic = new PeriodicPass(() => this.tick(), log, 'maintenance window sweep failed');
  }

  async tick(): Promise<SweepResult> {
    const now = this.deps.now();
    const { result, teams } = await this.deps.db.transaction().execute((trx) => this.settle(trx, now));
    if (result.paged > 0) {
      this.deps.notifications.kick();
      this.log.info({ alerts: result.paged }, 'maintenance windows ended: silenced alerts still open paged');
    }
    if (teams.size > 0) this.deps.alertChanges.announce(teams);
    if (now.getTime() - this.cleanedAt >= CLEANUP_EVERY_MS) {
      this.cleanedAt = now.getTime();
      await this.cleanup(now);
    }
    return result;
  }

  private async settle(trx: Db, now: Date): Promise<{ result: SweepResult; teams: Set<string> }> {
    const { rows } = await sql<Due>`
      SELECT id, integration_id, team_id, state, title, description, severity, dedup_key, labels FROM alerts
      WHERE silenced_until <= ${now}::timestamptz
      ORDER BY silenced_until LIMIT ${PASS_SIZE}
      FOR UPDATE SKIP LOCKED`.execute(trx);
    const result: SweepResult = { paged: 0, extended: 0, cleared: 0 };
    const teams = new Set(rows.map((row) => row.team_id));
    if (rows.length === 0) return { result, teams };
    const open = rows.filter((row) => row.state === 'open' && row.integration_id);
    const windows = await loadWindows(trx, [...new Set(open.map((row) => row.integration_id as string))]);
    const extend: { id: string; windowId: string; until: string }[] = [];
    const page: string[] = [];
    for (const row of open) {
      const event = { ...row, dedupKey: row.dedup_key ?? '' };
      const silence = silenceFor(windows.get(row.integration_id as string) ?? [], event, now);
      if (silence) extend.push({ id: row.id, windowId: silence.windowId, until: silence.until.toISOString() });
      else page.push(row.id);
    }
    const opened = new Set(open);
    const clear = rows.filter((row) => !opened.has(row)).map((row) => row.id);
    if (extend.length > 0) {
      await sql`
        UPDATE alerts a SET silenced_until = e.until, maintenance_window_id = e.window_id
        FROM unnest(${extend.map((e) => e.id)}::uuid[], ${extend.map((e) => e.windowId)}::uuid[], ${extend.map((e) => e.until)}::timestamptz[])
          AS e(id, window_id, until)
        WHERE a.id = e.id`.execute(trx);
    }
    if (clear.length > 0) await sql`UPDATE alerts SET silenced_until = NULL WHERE id = ANY(${clear}::uuid[])`.execute(trx);
    if (page.length > 0) await pageNow(trx, page, now);
    return { result: { paged: page.length, extended: extend.length, cleared: clear.length }, teams };
  }

  /** Deletes windows over for ENDED_KEPT_DAYS: one-offs past their end, weekly ones past their last date (a day's margin for zones). */
  async cleanup(now: Date): Promise<number> {
    const before = now.getTime() - ENDED_KEPT_DAYS * DAY;
    const lastDate = new Date(before - DAY).toISOString().slice(0, 10);
    const { numAffectedRows } = await sql`
      DELETE FROM maintenance_windows
      WHERE (kind = 'one_off' AND LEAST(ends_at, COALESCE(ended_at, ends_at)) < ${new Date(before)}::timestamptz)
        OR (kind = 'weekly' AND ends_on < ${lastDate})`.execute(this.deps.db);
    return Number(numAffectedRows ?? 0);
  }

  start(intervalMs: number): void {
    this.periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}

/**
 * What ingestion does for a new alert, done at the window's end (ingest/store.ts): the
 * silence cleared, the policy's first timer from now (a routing rule's policy, else the
 * integration's; level 0 is given the policy's first wait, else level 1's delay), the owner's
 * `new_alert` email and a post to each enabled chat channel of the team (what migration 0027's
 * trigger does on insert, skipped then for a silenced alert). One statement.
 */
async function pageNow(trx: Db, ids: string[], now: Date): Promise<void> {
  await sql`
    WITH paged AS (
      UPDATE alerts a SET silenced_until = NULL,
        next_escalation_at = ${now}::timestamptz + (
          SELECT COALESCE(p.first_level_after_minutes, (p.levels->0->>'delay_minutes')::integer) FROM escalation_policies p
          WHERE p.id = COALESCE(a.escalation_policy_id, (SELECT i.escalation_policy_id FROM integrations i WHERE i.id = a.integration_id))
        ) * interval '1 minute'
      WHERE a.id = ANY(${ids}::uuid[])
      RETURNING a.id, a.team_id, a.integration_id
    ), owner_email AS (
      INSERT INTO notifications (alert_id, kind, recipient)
      SELECT paged.id, 'new_alert', u.email FROM paged JOIN integrations i ON i.id = paged.integration_id JOIN users u ON u.id = i.owner_id
    )
    INSERT INTO notifications (alert_id, kind, recipient, channel, chat_channel_id)
    SELECT paged.id, 'new_alert', c.label, c.kind, c.id FROM paged JOIN chat_channels c ON c.team_id = paged.team_id AND c.enabled`.execute(
    trx,
  );
}
