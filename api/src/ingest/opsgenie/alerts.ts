import { sql } from 'kysely';
import { type AlertActionDeps, actOnAlert } from '../../alerts/alertActions.js';
import type { Db } from '../../db/database.js';
import type { AlertAction, AlertRow } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import { clipDescription, clipTitle } from '../events.js';
import { dedupKeyOfAlias } from '../formats/opsgenie.js';
import { isUuid, type RequestAction } from './requests.js';

/**
 * The alerts the drop-in acts on and reads: only the key's integration's, found by Opsgenie's
 * identifier types. `id` is Vigil's alert id, `alias` the dedup key (the alert that is not
 * closed: its index finds it), `tiny` the alert's short number (`alerts.tiny_id`).
 */
export const IDENTIFIER_TYPES = ['id', 'alias', 'tiny'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];
export const IDENTIFIER_TYPE_INVALID = `should be one of [ ${IDENTIFIER_TYPES.join(', ')} ]`;

export const ALERT_DOES_NOT_EXIST = 'Alert does not exist';

const TINY = /^[0-9]{1,15}$/;

/** The alert an identifier names on the integration, or undefined (an identifier no alert could have included). */
export async function findAlert(db: Db, integrationId: string, identifier: string, type: IdentifierType): Promise<AlertRow | undefined> {
  if (identifier.includes('\u0000')) return undefined;
  let query = db.selectFrom('alerts').selectAll().where('integration_id', '=', integrationId);
  if (type === 'id') {
    if (!isUuid(identifier)) return undefined;
    query = query.where('id', '=', identifier);
  } else if (type === 'tiny') {
    if (!TINY.test(identifier)) return undefined;
    query = query.where('tiny_id', '=', Number(identifier) as never);
  } else {
    query = query.where('dedup_key', '=', dedupKeyOfAlias(identifier)).where('state', '<>', 'closed');
  }
  return query.executeTakeFirst();
}

export interface ActionOutcome {
  success: boolean;
  status: string;
}

const DONE: Record<AlertAction, string> = { acknowledge: 'Acknowledged alert', close: 'Closed alert', escalate: 'Escalated alert' };
const ALREADY: Record<AlertAction, string> = {
  acknowledge: 'Alert is already acknowledged',
  close: 'Alert is already closed',
  escalate: 'Alert was escalated moments ago: not escalated again',
};

export const ACTIONS: Record<AlertAction, RequestAction> = { acknowledge: 'Acknowledge', close: 'Close', escalate: 'Escalate' };

/**
 * Acknowledge, close or escalate through the alert's own transitions (alerts/alertActions.ts):
 * the row lock, the contract's table, the history `via: "integration"` with the sender's
 * address, an escalation's notifications. A refusal (acknowledging a closed alert, past the
 * escalations an hour allows) is the request's failed status, worded as the console's.
 */
export async function actOn(deps: AlertActionDeps, alert: AlertRow, action: AlertAction, clientIp: string | null): Promise<ActionOutcome> {
  try {
    const { changed } = await actOnAlert(deps, alert.id, action, { actorId: null, via: 'integration', clientIp });
    return { success: true, status: changed ? DONE[action] : ALREADY[action] };
  } catch (error) {
    if (error instanceof HttpError) return { success: false, status: error.detail };
    throw error;
  }
}

/**
 * Opsgenie's update of an alert's message or description (Alertmanager's `update_alerts`): the
 * title or description of an alert that is not closed, clipped as a create's are.
 */
export async function updateText(
  deps: Pick<AlertActionDeps, 'db' | 'alertChanges'>,
  alert: AlertRow,
  field: 'title' | 'description',
  text: string,
): Promise<ActionOutcome> {
  // PostgreSQL text holds no NUL: dropped, as a create's texts are.
  const plain = text.replaceAll('\u0000', '');
  const value = field === 'title' ? clipTitle(plain) : clipDescription(plain);
  const { rows } = await sql<{ team_id: string }>`
    UPDATE alerts SET ${sql.ref(field)} = ${value}, updated_at = clock_timestamp()
    WHERE id = ${alert.id} AND state <> 'closed'
    RETURNING team_id`.execute(deps.db);
  const row = rows[0];
  if (!row) return { success: false, status: 'Alert is closed' };
  deps.alertChanges.announce([row.team_id]);
  return { success: true, status: field === 'title' ? 'Updated message' : 'Updated description' };
}

const TAG = 'tag:';
const NAMED = new Set(['source', 'entity', 'priority']);
const PRIORITY_OF = { critical: 'P1', high: 'P2', warning: 'P3', info: 'P4' } as const;

/** An alert as Opsgenie's get-alert answers it: its labels give back tags, details, source, entity and priority. */
export function toOpsgenieAlert(alert: AlertRow, integration: { id: string; title: string }) {
  const labels = alert.labels ?? {};
  const tags = Object.keys(labels)
    .filter((name) => name.startsWith(TAG))
    .map((name) => name.slice(TAG.length));
  const details = Object.fromEntries(Object.entries(labels).filter(([name]) => !name.startsWith(TAG) && !NAMED.has(name)));
  return {
    id: alert.id,
    tinyId: alert.tiny_id === null ? '' : String(alert.tiny_id),
    alias: alert.dedup_key ?? alert.id,
    message: alert.title,
    status: alert.state === 'closed' ? 'closed' : 'open',
    acknowledged: alert.state === 'acknowledged',
    isSeen: false,
    tags,
    snoozed: false,
    count: alert.occurrence_count,
    lastOccurredAt: alert.last_seen_at.toISOString(),
    createdAt: alert.created_at.toISOString(),
    updatedAt: alert.updated_at.toISOString(),
    source: labels.source ?? '',
    owner: '',
    priority: labels.priority ?? PRIORITY_OF[alert.severity],
    responders: [],
    integration: { id: integration.id, name: integration.title, type: 'API' },
    entity: labels.entity ?? '',
    description: alert.description ?? '',
    details,
  };
}
