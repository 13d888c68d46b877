import { sql } from 'kysely';
import { API_PREFIX, INGEST_PATH } from '../apiPrefix.js';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { HeartbeatMonitorRow } from '../db/schema.js';
import { invalidField, notFound } from '../errors.js';
import { clipTitle, type IngestEvent } from '../ingest/events.js';
import { hashIngestKey, newIngestKey } from '../ingest/keys.js';
import { ingestIn } from '../ingest/store.js';
import {
  HEARTBEAT_GRACE_DEFAULT,
  HEARTBEAT_MONITORS_PER_INTEGRATION_MAX,
  type HeartbeatCreate,
  type HeartbeatPublic,
  type HeartbeatUpdate,
} from './schema.js';

/**
 * The ping URL: under /api/v1/ingest/ with the token where an ingest key goes, so the API's and
 * the gateway's logs already redact it (operations/logRedaction.ts, the gateway's map).
 */
export const pingUrl = (config: Pick<Config, 'frontendHost'>, token: string) =>
  `${config.frontendHost}${API_PREFIX}${INGEST_PATH}/${token}/heartbeat`;

/** The missed-ping alert's dedup key on its integration: one open alert per monitor. */
export const heartbeatDedupKey = (monitorId: string) => `heartbeat:${monitorId}`;

export const missedTitle = (name: string) => clipTitle(`Heartbeat missed: ${name}`);

export function toHeartbeatPublic(row: HeartbeatMonitorRow): HeartbeatPublic {
  return {
    id: row.id,
    integration_id: row.integration_id,
    name: row.name,
    interval_minutes: row.interval_minutes,
    grace_minutes: row.grace_minutes,
    severity: row.severity,
    status: row.missed_at ? 'down' : row.last_ping_at ? 'up' : 'new',
    last_ping_at: row.last_ping_at?.toISOString() ?? null,
    due_at: row.due_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

const minutes = (n: number) => n * 60_000;

export async function listMonitors(db: Db, integrationId: string, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('heartbeat_monitors')
      .selectAll()
      .where('integration_id', '=', integrationId)
      .orderBy('created_at')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('heartbeat_monitors')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('integration_id', '=', integrationId)
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toHeartbeatPublic), count: Number(total.count) };
}

export async function getMonitor(db: Db, integrationId: string, id: string): Promise<HeartbeatMonitorRow> {
  const row = await db
    .selectFrom('heartbeat_monitors')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Heartbeat monitor');
  return row;
}

export const tooManyMonitors = `an integration has at most ${HEARTBEAT_MONITORS_PER_INTEGRATION_MAX} heartbeat monitors`;

/**
 * A new monitor, its first ping due one interval (plus grace) from now; the token is answered
 * once. At most HEARTBEAT_MONITORS_PER_INTEGRATION_MAX per integration (422 beyond): the
 * integration's row is locked while counting, so concurrent creations cannot pass the cap
 * together (FOR NO KEY UPDATE: alerts still reference the integration meanwhile).
 */
export async function createMonitor(db: Db, actor: AuditActor, integrationId: string, input: HeartbeatCreate, now: Date) {
  const { key: token, hash } = newIngestKey();
  const grace = input.grace_minutes ?? HEARTBEAT_GRACE_DEFAULT;
  const row = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('integrations').select('id').where('id', '=', integrationId).forNoKeyUpdate().executeTakeFirst();
    const { count } = await trx
      .selectFrom('heartbeat_monitors')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('integration_id', '=', integrationId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= HEARTBEAT_MONITORS_PER_INTEGRATION_MAX) throw invalidField(['body'], tooManyMonitors);
    const row = await trx
      .insertInto('heartbeat_monitors')
      .values({
        integration_id: integrationId,
        name: input.name,
        interval_minutes: input.interval_minutes,
        grace_minutes: grace,
        severity: input.severity ?? 'critical',
        ping_token_hash: hash,
        // The app's clock, not the database's: the checker compares due_at with it.
        created_at: now,
        due_at: new Date(now.getTime() + minutes(input.interval_minutes + grace)),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const teamId = await teamOfIntegration(trx, integrationId);
    await recordAudit(trx, actor, {
      action: 'heartbeat_monitor.created',
      targetType: 'heartbeat_monitor',
      teamId,
      targetId: row.id,
      after: row,
    });
    return row;
  });
  return { row, token };
}

/** A changed interval or grace moves the deadline: counted from the last ping (or the creation). */
export async function updateMonitor(
  db: Db,
  actor: AuditActor,
  integrationId: string,
  id: string,
  patch: HeartbeatUpdate,
): Promise<HeartbeatMonitorRow> {
  return db.transaction().execute(async (trx) => {
    const before = await lockedMonitor(trx, integrationId, id);
    const row = await trx
      .updateTable('heartbeat_monitors')
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.interval_minutes !== undefined && { interval_minutes: patch.interval_minutes }),
        ...(patch.grace_minutes !== undefined && { grace_minutes: patch.grace_minutes }),
        ...(patch.severity !== undefined && { severity: patch.severity }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const teamId = await teamOfIntegration(trx, integrationId);
    await recordAudit(trx, actor, {
      teamId,
      action: 'heartbeat_monitor.updated',
      targetType: 'heartbeat_monitor',
      targetId: id,
      before,
      after: row,
    });
    if (patch.interval_minutes === undefined && patch.grace_minutes === undefined) return row;
    const from = row.last_ping_at ?? row.created_at;
    return trx
      .updateTable('heartbeat_monitors')
      .set({ due_at: new Date(from.getTime() + minutes(row.interval_minutes + row.grace_minutes)) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Deletes the monitor; an alert it raised stays, to be closed like any other. */
export async function deleteMonitor(db: Db, actor: AuditActor, integrationId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .deleteFrom('heartbeat_monitors')
      .where('integration_id', '=', integrationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!before) throw notFound('Heartbeat monitor');
    const teamId = await teamOfIntegration(trx, integrationId);
    await recordAudit(trx, actor, { action: 'heartbeat_monitor.deleted', targetType: 'heartbeat_monitor', teamId, targetId: id, before });
  });
}

/** A new ping token; the old one is refused from this commit on. */
export async function rotatePingToken(db: Db, actor: AuditActor, integrationId: string, id: string): Promise<string> {
  const { key, hash } = newIngestKey();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('heartbeat_monitors')
      .set({ ping_token_hash: hash })
      .where('integration_id', '=', integrationId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Heartbeat monitor');
    // That a token was issued, never the token or its hash.
    const teamId = await teamOfIntegration(trx, integrationId);
    await recordAudit(trx, actor, {
      action: 'heartbeat_monitor.token_rotated',
      targetType: 'heartbeat_monitor',
      teamId,
      targetId: id,
      after: row,
    });
  });
  return key;
}

/** The monitor before a change, locked to the caller's transaction, or 404. */
async function lockedMonitor(trx: Db, integrationId: string, id: string): Promise<HeartbeatMonitorRow> {
  const row = await trx
    .selectFrom('heartbeat_monitors')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Heartbeat monitor');
  return row;
}

/** The monitor a ping token opens, if any: one look-up through the token hash's unique index. */
export async function monitorIdOfToken(db: Db, token: string): Promise<string | undefined> {
  const row = await db.selectFrom('heartbeat_monitors').select('id').where('ping_token_hash', '=', hashIngestKey(token)).executeTakeFirst();
  return row?.id;
}

export type PingAnswer = { found: false } | { found: true; resolved: boolean; teamId: string | null };

/** A monitor pinged by its ping URL's token, or by id once its integration's key opened it (the Opsgenie drop-in's ping by name). */
export type PingTarget = { token: string } | { monitorId: string };

/** The ids of an integration's monitors of this name (names are not unique: a ping by name pings each). */
export async function monitorsNamed(db: Db, integrationId: string, name: string): Promise<string[]> {
  const rows = await db
    .selectFrom('heartbeat_monitors')
    .select('id')
    .where('integration_id', '=', integrationId)
    .where('name', '=', name)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A ping: the next deadline is one interval (plus grace) from now, and a monitor that was down
 * is up again, its missed-ping alert resolved, in one transaction. The monitor's row is
 * locked first, as the checker locks it, so a ping and a miss never cross: a miss claimed just
 * before is resolved by this ping.
 */
export async function ping(db: Db, target: PingTarget, clientIp: string | null, now: Date): Promise<PingAnswer> {
  const which = 'token' in target ? sql`ping_token_hash = ${hashIngestKey(target.token)}` : sql`id = ${target.monitorId}`;
  return db.transaction().execute(async (trx): Promise<PingAnswer> => {
    const { rows } = await sql<{ id: string; integration_id: string; severity: HeartbeatMonitorRow['severity']; was_missed: boolean }>`
      WITH old AS (
        SELECT id, missed_at FROM heartbeat_monitors WHERE ${which} FOR UPDATE
      )
      UPDATE heartbeat_monitors m
      SET last_ping_at = ${now}::timestamptz, missed_at = NULL,
        due_at = ${now}::timestamptz + (m.interval_minutes + m.grace_minutes) * interval '1 minute'
      FROM old WHERE m.id = old.id
      RETURNING m.id, m.integration_id, m.severity, old.missed_at IS NOT NULL AS was_missed`.execute(trx);
    const monitor = rows[0];
    if (!monitor) return { found: false };
    if (!monitor.was_missed) return { found: true, resolved: false, teamId: null };
    const resolve: IngestEvent = {
      action: 'resolve',
      dedupKey: heartbeatDedupKey(monitor.id),
      title: '',
      description: null,
      severity: monitor.severity,
      labels: {},
    };
    const answer = await ingestIn(trx, { integrationId: monitor.integration_id }, [resolve], clientIp, now);
    const resolved = answer.status === 'done' && answer.outcomes.some((o) => o.result === 'resolved');
    return { found: true, resolved, teamId: answer.status === 'done' ? answer.teamId : null };
  });
}

/** A monitor's entries in the audit log name its integration's team. */
const teamOfIntegration = async (trx: Db, integrationId: string) =>
  (await trx.selectFrom('integrations').select('team_id').where('id', '=', integrationId).executeTakeFirst())?.team_id ?? null;
