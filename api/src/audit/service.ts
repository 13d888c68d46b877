import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { AuditLogRow } from '../db/schema.js';
import { AUDIT_EXPORT_MAX, type AuditEntryPublic, type AuditFilters } from './schema.js';

type StoredEntry = Omit<AuditLogRow, 'id'> & { id: string };

export function toAuditEntryPublic(row: StoredEntry): AuditEntryPublic {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_user_id: row.actor_user_id,
    actor_token_id: row.actor_token_id,
    actor_label: row.actor_label,
    address: row.address,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    team_id: row.team_id,
    before: row.before,
    after: row.after,
  };
}

/** An exact action, or a prefix (`integration.*`): its `_` escaped, a character rather than a wildcard. */
const actionFilter = (action: string) =>
  action.endsWith('*')
    ? { op: 'like' as const, value: `${action.slice(0, -1).replaceAll('_', '\\_')}%` }
    : { op: '=' as const, value: action };

/** An entry as stored, its id as text (a bigint does not fit a JS number): the list's, the export's and the tests' one read. */
export const selectEntries = (db: Db) =>
  db
    .selectFrom('audit_log')
    .select([
      sql<string>`id::text`.as('id'),
      'at',
      'actor_user_id',
      'actor_token_id',
      'actor_label',
      'address',
      'action',
      'target_type',
      'target_id',
      'team_id',
      'before',
      'after',
    ]);

/**
 * Entries matching `filters`, newest first (by id: the order they were written), `limit` of
 * them. Each filter has an index ending in `id` (migration 0025), so a page is read from it.
 */
export async function auditPage(db: Db, filters: AuditFilters, limit: number): Promise<StoredEntry[]> {
  let query = selectEntries(db);
  if (filters.actor) {
    const actor = filters.actor;
    query = query.where((eb) => eb.or([eb('actor_user_id', '=', actor), eb('actor_token_id', '=', actor)]));
  }
  if (filters.action) {
    const { op, value } = actionFilter(filters.action);
    query = query.where('action', op, value);
  }
  if (filters.target_type) query = query.where('target_type', '=', filters.target_type);
  if (filters.target_id) query = query.where('target_id', '=', filters.target_id);
  if (filters.team_id) query = query.where('team_id', '=', filters.team_id);
  if (filters.since) query = query.where('at', '>=', new Date(filters.since));
  if (filters.until) query = query.where('at', '<', new Date(filters.until));
  if (filters.before) query = query.where(sql`audit_log.id`, '<', sql`${filters.before}::bigint`);
  // The table's id, not the answered text of it (which would sort 10 before 9).
  return query.orderBy(sql`audit_log.id`, 'desc').limit(limit).execute();
}

/** A page of the list and the cursor of the next one (null when this one is the last). */
export async function listAuditLog(db: Db, filters: AuditFilters, limit: number) {
  // One more than asked says whether another page follows.
  const rows = await auditPage(db, filters, limit + 1);
  const page = rows.slice(0, limit);
  return { data: page.map(toAuditEntryPublic), next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

const EXPORT_PAGE = 500;

/**
 * The export as JSON lines, read a page at a time by the same keyset as the list: each page is
 * one short query, and the stream asks for the next only once the client took the last (so
 * neither memory nor the event loop holds more than a page). At most AUDIT_EXPORT_MAX entries.
 */
export async function* exportAuditLog(db: Db, filters: AuditFilters): AsyncGenerator<string> {
  let before = filters.before;
  let sent = 0;
  while (sent < AUDIT_EXPORT_MAX) {
    const rows = await auditPage(db, { ...filters, before }, Math.min(EXPORT_PAGE, AUDIT_EXPORT_MAX - sent));
    if (rows.length === 0) return;
    yield rows.map((row) => `${JSON.stringify(toAuditEntryPublic(row))}\n`).join('');
    sent += rows.length;
    before = rows.at(-1)?.id;
    if (rows.length < EXPORT_PAGE) return;
  }
}
