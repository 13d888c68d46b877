import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { byKeyHash } from '../store.js';

/**
 * What became of each request the drop-in accepted (table `opsgenie_requests`, migration 0037):
 * Opsgenie answers 202 at once and tells the outcome at `GET /v2/alerts/requests/{id}`, which
 * its SDKs poll. Vigil has done the work before it answers, so the outcome is there at once.
 * Read by the integration's keys only (another integration's key: 404).
 */

/** How long a request's outcome is kept, and how many per integration (a key at full rate keeps its last minutes). */
export const REQUESTS_KEPT_DAYS = 7;
export const REQUESTS_KEPT_PER_INTEGRATION = 1_000;
/** Rows pruned by one insert at most: an insert adds one, so this keeps up with any rate. */
const PRUNE_BATCH = 100;

/** Opsgenie's names of the actions. */
export type RequestAction = 'Create' | 'Acknowledge' | 'Close' | 'Escalate' | 'UpdateMessage' | 'UpdateDescription';

export interface RequestOutcome {
  id: string;
  action: RequestAction;
  success: boolean;
  status: string;
  alertId: string | null;
  alias: string | null;
}

/** Opsgenie's limit on an alias; a request records the alias as sent, up to this. */
const ALIAS_MAX = 512;

/**
 * Records a request's outcome for the integration a key opens (or an integration's id), pruning
 * in the same statement what is past 7 days (anyone's) and past the 1,000 newest (this
 * integration's): one round trip, and the table never grows past its bound by more than a batch.
 */
export async function recordRequest(
  db: Db,
  target: { keyHash: string } | { integrationId: string },
  outcome: RequestOutcome,
  now: Date,
): Promise<void> {
  const where = 'keyHash' in target ? byKeyHash(target.keyHash) : sql`i.id = ${target.integrationId}`;
  const cutoff = new Date(now.getTime() - REQUESTS_KEPT_DAYS * 86_400_000);
  await sql`
    WITH target AS (SELECT i.id FROM integrations i WHERE ${where} LIMIT 1),
    expired AS (
      DELETE FROM opsgenie_requests WHERE id IN (
        SELECT id FROM opsgenie_requests WHERE processed_at < ${cutoff}::timestamptz ORDER BY processed_at LIMIT ${PRUNE_BATCH})
    ),
    overflow AS (
      DELETE FROM opsgenie_requests WHERE id IN (
        SELECT r.id FROM opsgenie_requests r JOIN target ON r.integration_id = target.id
        ORDER BY r.processed_at DESC, r.id DESC OFFSET ${REQUESTS_KEPT_PER_INTEGRATION - 1} LIMIT ${PRUNE_BATCH})
    )
    INSERT INTO opsgenie_requests (id, integration_id, action, success, status, alert_id, alias, processed_at)
    SELECT ${outcome.id}::uuid, target.id, ${outcome.action}::text, ${outcome.success}::boolean, ${outcome.status}::text,
      ${outcome.alertId}::uuid, ${outcome.alias?.replaceAll('\u0000', '').slice(0, ALIAS_MAX) ?? null}::text, ${now}::timestamptz
    FROM target`.execute(db);
}

export const OpsgenieRequestStatus = Type.Object(
  {
    data: Type.Object(
      {
        success: Type.Boolean(),
        action: Type.String(),
        processedAt: Type.String({ format: 'date-time' }),
        integrationId: Type.String({ format: 'uuid' }),
        isSuccess: Type.Boolean(),
        status: Type.String(),
        alertId: Type.Optional(Type.String({ format: 'uuid' })),
        alias: Type.Optional(Type.String()),
      },
      { title: 'OpsgenieRequestStatusData' },
    ),
    took: Type.Number(),
    requestId: Type.String({ format: 'uuid' }),
  },
  { title: 'OpsgenieRequestStatus' },
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (text: string) => UUID.test(text);

/** A request's outcome as Opsgenie answers it, if the integration made it (and it is still kept). */
export async function readRequest(db: Db, integrationId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom('opsgenie_requests')
    .selectAll()
    .where('id', '=', id)
    .where('integration_id', '=', integrationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    success: row.success,
    action: row.action,
    processedAt: row.processed_at.toISOString(),
    integrationId: row.integration_id,
    isSuccess: row.success,
    status: row.status,
    ...(row.alert_id && { alertId: row.alert_id }),
    ...(row.alias !== null && { alias: row.alias }),
  };
}
