import { sql } from 'kysely';
import { selectEntries } from '../../src/audit/service.js';
import type { AuditLogRow } from '../../src/db/schema.js';
import type { TestApp } from './testApp.js';

export const AUDIT_LOG = '/api/v1/audit-log/';

type StoredEntry = Omit<AuditLogRow, 'id'> & { id: string };

/** The newest entry's id ('0' when there is none): entries written after it are a step's own. */
export async function lastAuditId(t: TestApp): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM audit_log`.execute(t.db);
  return rows[0]?.id ?? '0';
}

/** The entries written after `afterId`, oldest first. */
export async function auditEntriesAfter(t: TestApp, afterId: string): Promise<StoredEntry[]> {
  return selectEntries(t.db).where(sql`id`, '>', sql`${afterId}::bigint`).orderBy('id').execute();
}

/** The entries `step` wrote, oldest first (a file's tests run one at a time on their own database). */
export async function auditedBy(t: TestApp, step: () => Promise<unknown>): Promise<StoredEntry[]> {
  const before = await lastAuditId(t);
  await step();
  return auditEntriesAfter(t, before);
}

/** The whole audit table as stored text: what a secret must never appear in. */
export async function storedAuditText(t: TestApp): Promise<string> {
  const { rows } = await sql<{ row: string }>`SELECT x::text AS row FROM audit_log x`.execute(t.db);
  return rows.map((r) => r.row).join('\n');
}
