import { sql } from 'kysely';
import { readCheckedPage } from '../common/checkedPage.js';
import type { Db } from '../db/database.js';
import type { AlertEventRow, AlertRow, UserRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { Notifications } from '../notifications/service.js';
import { inTeamsOf, requireTeamRole, type TeamNeed, teamForNew } from '../teams/access.js';
import type { AlertChangeFeed } from './alertChanges.js';
import { applyFilters } from './filters.js';
import type { AlertCreate, AlertEventPublic, AlertFilters, AlertPublic } from './schema.js';

export function toAlertPublic(alert: AlertRow): AlertPublic {
  return {
    id: alert.id,
    title: alert.title,
    description: alert.description,
    state: alert.state,
    severity: alert.severity,
    escalation_level: alert.escalation_level,
    integration_id: alert.integration_id,
    owner_id: alert.owner_id,
    team_id: alert.team_id,
    created_at: alert.created_at.toISOString(),
    updated_at: alert.updated_at.toISOString(),
    dedup_key: alert.dedup_key,
    occurrence_count: alert.occurrence_count,
    last_seen_at: alert.last_seen_at.toISOString(),
    next_escalation_at: alert.next_escalation_at?.toISOString() ?? null,
    group_key: alert.group_key,
    silenced_until: alert.silenced_until?.toISOString() ?? null,
    maintenance_window_id: alert.maintenance_window_id,
  };
}

export function toAlertEventPublic(event: AlertEventRow): AlertEventPublic {
  return {
    id: event.id,
    action: event.action,
    from_state: event.from_state,
    to_state: event.to_state,
    via: event.via,
    actor_id: event.actor_id,
    client_ip: event.client_ip,
    created_at: event.created_at.toISOString(),
    recipient: event.recipient,
  };
}

/**
 * A page of the alerts of `user`'s teams (a superuser's: everyone's; `teamId`: that team's),
 * newest first, with the O(1) count, checked in the same statement against the stored user
 * (common/checkedPage.ts): undefined when that user changed, and the caller reads it again.
 */
export async function listAlerts(db: Db, user: UserRow, offset: number, limit: number, teamId?: string) {
  const page = await readCheckedPage<AlertRow>(db, 'alerts', user, offset, limit, teamId);
  return page && { data: page.rows.map(toAlertPublic), count: page.count };
}

/**
 * The alerts of the caller's teams (a superuser's: everyone's) matching state, severity, team or
 * a title search, newest first, counted over the matching rows through the filter indexes
 * (state/severity per team, trigram on the title). For a user read in this request.
 */
export async function listFilteredAlerts(db: Db, user: UserRow, offset: number, limit: number, filters: AlertFilters) {
  let scope = db.selectFrom('alerts').where(inTeamsOf(user, 'team_id'));
  scope = applyFilters(scope, filters);
  const [rows, total] = await Promise.all([
    scope.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toAlertPublic), count: Number(total.n) };
}

export async function getAlert(db: Db, id: string): Promise<AlertRow> {
  const alert = await db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!alert) throw notFound('Alert');
  return alert;
}

/**
 * The alert when `user` may `need` it: its team's members read it, responders act on it, admins
 * delete it (superusers all). A stranger gets the same 404 as for an unknown id, so ids don't
 * leak; a member without the role 403.
 */
export async function getOwnedAlert(db: Db, user: UserRow, id: string, need: TeamNeed = 'read'): Promise<AlertRow> {
  const alert = await getAlert(db, id);
  await requireTeamRole(db, user, alert.team_id, need, () => notFound('Alert'));
  return alert;
}

/**
 * Creates an open alert made by `owner` in one of their teams where they respond, and in the
 * same statement the notification that emails them its action link (sent by the job queue: a
 * slow or failing SMTP server neither delays nor fails the creation, and the email is not lost).
 */
export async function createAlert(
  deps: { db: Db; notifications: Notifications; alertChanges: AlertChangeFeed },
  owner: UserRow,
  input: AlertCreate,
): Promise<AlertRow> {
  const teamId = await teamForNew(deps.db, owner, input.team_id, 'respond');
  const { rows } = await sql<AlertRow>`
    WITH created AS (
      INSERT INTO alerts (title, description, severity, owner_id, team_id)
      VALUES (${input.title}, ${input.description ?? null}, ${input.severity ?? 'warning'}, ${owner.id}, ${teamId})
      RETURNING *
    ), notified AS (
      INSERT INTO notifications (alert_id, kind, recipient) SELECT id, 'new_alert', ${owner.email} FROM created
    )
    SELECT * FROM created`.execute(deps.db);
  const alert = rows[0];
  if (!alert) throw new Error('the new alert was not returned');
  deps.notifications.kick();
  deps.alertChanges.announce([teamId]);
  return alert;
}

/** A team admin (or superuser) deletes; a stranger's alert is "not found", like an unknown one. */
export async function deleteAlert(deps: { db: Db; alertChanges: AlertChangeFeed }, user: UserRow, id: string): Promise<void> {
  await getOwnedAlert(deps.db, user, id, 'manage');
  const deleted = await deps.db.deleteFrom('alerts').where('id', '=', id).returning('team_id').executeTakeFirst();
  if (!deleted) throw notFound('Alert');
  deps.alertChanges.announce([deleted.team_id]);
}

/** An alert's history, oldest first. */
export async function listAlertEvents(db: Db, alertId: string, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('alert_events')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute(),
    // One alert's events, through alert_events_alert_idx: small, unlike a count over all alerts.
    db
      .selectFrom('alert_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('alert_id', '=', alertId)
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toAlertEventPublic), count: Number(total.count) };
}
