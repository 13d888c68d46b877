import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../app.js';
import { countOfPage } from '../common/ownerCounts.js';
import type { Db } from '../db/database.js';
import type { AlertAction, AlertEventRow, AlertRow, UserRow } from '../db/schema.js';
import { actionLink } from '../email/actionLinks.js';
import { newAlertEmail } from '../email/templates.js';
import { HttpError, notFound } from '../errors.js';
import { LINK_ALERT_CLOSED } from '../links/linkAccess.js';
import { nextState } from './alertTransitions.js';
import { applyFilters, hasFilters } from './filters.js';
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
    created_at: alert.created_at.toISOString(),
    updated_at: alert.updated_at.toISOString(),
    dedup_key: alert.dedup_key,
    occurrence_count: alert.occurrence_count,
    last_seen_at: alert.last_seen_at.toISOString(),
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
 * The caller's alerts (a superuser's: everyone's), newest first. Unfiltered, the count is the
 * O(1) owner_counts figure; filtered, it is counted over the matching rows through the
 * filter indexes (state/severity per owner, trigram on the title).
 */
export async function listAlerts(db: Db, user: UserRow, offset: number, limit: number, filters: AlertFilters = {}) {
  if (hasFilters(filters)) return listFilteredAlerts(db, user, offset, limit, filters);
  // The console's most frequent read, so one SQL template instead of the query builder: the
  // builder's compile cost a third of this read's CPU in the server (docs/benchmarks.md).
  // One round trip: the page, each row carrying the O(1) count; id breaks ties between rows
  // created in the same microsecond, so pages never overlap.
  const { rows } = await (user.is_superuser
    ? sql<PageRow>`SELECT *, (SELECT coalesce(sum(alerts), 0) FROM owner_counts) AS total_count
          FROM alerts ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`
    : sql<PageRow>`SELECT *, (SELECT alerts FROM owner_counts WHERE owner_id = ${user.id}) AS total_count
          FROM alerts WHERE owner_id = ${user.id} ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}`
  ).execute(db);
  return { data: rows.map(toAlertPublic), count: await countOfPage(db, user, 'alerts', rows) };
}

type PageRow = AlertRow & { total_count: string | number | null };

async function listFilteredAlerts(db: Db, user: UserRow, offset: number, limit: number, filters: AlertFilters) {
  let scope = db.selectFrom('alerts');
  if (!user.is_superuser) scope = scope.where('owner_id', '=', user.id);
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

/** The alert if `user` owns it or is a superuser; otherwise the same 404 as an unknown id, so ids don't leak. */
export async function getOwnedAlert(db: Db, user: UserRow, id: string): Promise<AlertRow> {
  const alert = await getAlert(db, id);
  if (alert.owner_id !== user.id && !user.is_superuser) throw notFound('Alert');
  return alert;
}

/**
 * Creates an open alert owned by `owner` and emails them its action link. The email is
 * not awaited: a slow or failing SMTP server must neither delay nor fail the creation.
 */
export async function createAlert(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  log: FastifyBaseLogger,
  owner: UserRow,
  input: AlertCreate,
): Promise<AlertRow> {
  const alert = await deps.db
    .insertInto('alerts')
    .values({
      title: input.title,
      description: input.description ?? null,
      severity: input.severity ?? 'warning',
      owner_id: owner.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  sendNewAlertEmail(deps, log, owner.email, alert);
  return alert;
}

/** Emails the owner of a new alert its action link, without waiting: failures are logged. */
export function sendNewAlertEmail(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  log: FastifyBaseLogger,
  ownerEmail: string,
  alert: Pick<AlertRow, 'id' | 'title' | 'description' | 'severity'>,
): void {
  const message = newAlertEmail({
    to: ownerEmail,
    title: alert.title,
    description: alert.description,
    severity: alert.severity,
    actionLink: actionLink(deps.config, alert.id, ownerEmail),
  });
  deps.mailer.send(message).catch((err: unknown) => {
    log.error({ err, alertId: alert.id }, 'new-alert email could not be sent');
  });
}

/** Deletes in one statement; a stranger's alert is "not found", like an unknown one. */
export async function deleteAlert(db: Db, user: UserRow, id: string): Promise<void> {
  let query = db.deleteFrom('alerts').where('id', '=', id);
  if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
  const result = await query.executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound('Alert');
}

export interface ActionSource {
  /** The signed-in user who acted, or null for the public link. */
  actorId: string | null;
  via: 'console' | 'link';
  clientIp: string | null;
  /** Whom the signed link used was mailed to; null without one. */
  recipient?: string | null;
}

/**
 * Applies an action under a row lock, so concurrent clicks serialize: each sees the state
 * the previous one left, and the history is a clean chain of from → to. A change updates
 * the alert and records one event; an idempotent repeat touches nothing.
 */
export async function applyAlertAction(db: Db, id: string, action: AlertAction, source: ActionSource): Promise<AlertRow> {
  return db.transaction().execute(async (trx) => {
    const alert = await trx.selectFrom('alerts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!alert) throw notFound('Alert');
    // A signed link stops acting when its alert closes (checked under the lock: no race with a close).
    if (source.recipient && alert.state === 'closed') throw new HttpError(403, LINK_ALERT_CLOSED);
    const transition = nextState(alert.state, action);
    if (!transition.changed) return alert;
    // clock_timestamp(), not now(): now() is when the transaction began, which may be before
    // a competing transaction that got the lock first, and would misorder the history.
    const updated = await trx
      .updateTable('alerts')
      .set({
        state: transition.to,
        ...(transition.escalate && { escalation_level: sql<number>`escalation_level + 1` }),
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('alert_events')
      .values({
        alert_id: id,
        action,
        from_state: alert.state,
        to_state: transition.to,
        actor_id: source.actorId,
        via: source.via,
        client_ip: source.clientIp,
        recipient: source.recipient ?? null,
        created_at: sql<Date>`clock_timestamp()`,
      })
      .execute();
    return updated;
  });
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
