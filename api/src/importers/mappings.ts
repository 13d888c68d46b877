import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Vendor } from './model.js';

// import_mappings (migration 0038): which Vigil object each source object became, and the
// fingerprint of what the source asked for then. Equal fingerprints: nothing to do.

/** JSON with object keys sorted, so equal values always read equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const fingerprintOf = (value: unknown): string => createHash('sha256').update(canonical(value)).digest('hex');

export interface Mapping {
  vigil_id: string;
  fingerprint: string;
}

export async function findMapping(db: Db, vendor: Vendor, kind: string, sourceId: string): Promise<Mapping | undefined> {
  return db
    .selectFrom('import_mappings')
    .select(['vigil_id', 'fingerprint'])
    .where('vendor', '=', vendor)
    .where('source_kind', '=', kind)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

export async function saveMapping(
  db: Db,
  row: { vendor: Vendor; kind: string; sourceId: string; vigilKind: string; vigilId: string; fingerprint: string; now: Date },
): Promise<void> {
  await db
    .insertInto('import_mappings')
    .values({
      vendor: row.vendor,
      source_kind: row.kind,
      source_id: row.sourceId,
      vigil_kind: row.vigilKind,
      vigil_id: row.vigilId,
      fingerprint: row.fingerprint,
      imported_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['vendor', 'source_kind', 'source_id']).doUpdateSet({
        vigil_kind: row.vigilKind,
        vigil_id: row.vigilId,
        fingerprint: row.fingerprint,
        imported_at: row.now,
      }),
    )
    .execute();
}

/** Whether the row a mapping names is still there (it may have been deleted in Vigil since). */
export async function stillThere(
  db: Db,
  table: 'teams' | 'schedules' | 'escalation_policies' | 'integrations' | 'heartbeat_monitors' | 'users',
  id: string,
) {
  const { rows } = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE id = ${id}) AS found`.execute(db);
  return rows[0]?.found === true;
}
