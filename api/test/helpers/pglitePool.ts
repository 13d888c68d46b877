import { PGlite } from '@electric-sql/pglite';
import { type OpenDb, PGLITE_EXTENSIONS, pgliteDatabase } from '../../src/db/database.js';
import type { Listen } from '../../src/db/listen.js';

// Migrated PGlite databases kept by a vitest worker for its next test apps. Loading the migrated
// template's dump into a new PGlite cost about 2.5 CPU-seconds per test app (untarring 41 MB into
// the WebAssembly file system, a fresh instance's memory and start); putting a used one back as
// the template had it takes a few milliseconds. "As the template had it":
// - the session: no transaction, no prepared statement, LISTEN, advisory lock or setting left
//   (ROLLBACK, DISCARD ALL), and no JavaScript listener of the last app left on the PGlite;
// - the data: every table emptied and refilled with the rows the template had (pg-boss's queue,
//   the migrator's bookkeeping), every sequence where the template had it;
// - the schema: a fingerprint of the catalog is compared with the template's. A test that
//   changed the schema (a migration test, say) makes its PGlite be closed, not reused.
// Anything unexpected while putting one back closes it too: the next test app gets a new one.

/** What a PGlite holds right after the template was loaded, to put a used one back to. */
interface Baseline {
  /** Every user table, for one TRUNCATE. */
  tables: string[];
  /** Statements, each with its rows as one JSON parameter, that refill the non-empty tables. */
  refills: { statement: string; rows: string }[];
  /** `SELECT setval(…)` for each sequence. */
  sequences: string[];
  fingerprint: string;
}

/** The catalog's shape in user schemas: relations and their columns, functions, triggers, types. */
const FINGERPRINT = `
  SELECT md5(
    coalesce((SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname, '') || ':' || coalesce(format_type(a.atttypid, a.atttypmod), ''), ',' ORDER BY n.nspname, c.relname, a.attnum)
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'), '')
    || (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema'))::text
    || (SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal)::text
    || (SELECT count(*) FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema'))::text
  ) AS fingerprint`;

const quoted = (schema: string, name: string) => `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;

async function takeBaseline(client: PGlite): Promise<Baseline> {
  const { rows: tables } = await client.query<{ schema: string; name: string }>(`
    SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`);
  const refills: Baseline['refills'] = [];
  for (const { schema, name } of tables) {
    const table = quoted(schema, name);
    const { rows } = await client.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM ${table} t`);
    if (!rows[0]?.rows) continue;
    const { rows: columns } = await client.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [table],
    );
    const list = columns.map((c) => `"${c.name.replaceAll('"', '""')}"`).join(', ');
    refills.push({
      statement: `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`,
      rows: rows[0].rows,
    });
  }
  const { rows: sequences } = await client.query<{ name: string; last: string | null; called: boolean }>(`
    SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::text AS last, last_value IS NOT NULL AS called
    FROM pg_sequences WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`);
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return {
    tables: tables.map((t) => quoted(t.schema, t.name)),
    refills,
    sequences: sequences.map((s) =>
      s.called
        ? `SELECT setval('${s.name}', ${s.last}, true)`
        : `SELECT setval('${s.name}', (SELECT seqstart FROM pg_sequence WHERE seqrelid = '${s.name}'::regclass), false)`,
    ),
    fingerprint: rows[0]?.fingerprint ?? '',
  };
}

/** Puts a used PGlite back as the template had it; false when it cannot be (then it is closed). */
async function putBack(client: PGlite, baseline: Baseline): Promise<boolean> {
  if (client.closed) return false;
  try {
    await client.exec('ROLLBACK').catch(() => {});
    await client.exec('DISCARD ALL');
    const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
    if (rows[0]?.fingerprint !== baseline.fingerprint) throw new Error('the schema changed');
    await client.transaction(async (tx) => {
      if (baseline.tables.length > 0) await tx.exec(`TRUNCATE ${baseline.tables.join(', ')} RESTART IDENTITY CASCADE`);
      for (const refill of baseline.refills) await tx.query(refill.statement, [refill.rows]);
      for (const statement of baseline.sequences) await tx.query(statement);
    });
    return true;
  } catch {
    await client.close().catch(() => {});
    return false;
  }
}

/** Idle PGlites kept per worker: more than two would be memory for tests that seldom open three. */
const MAX_IDLE = 2;
const idle: PGlite[] = [];
let baseline: Promise<Baseline> | undefined;

/**
 * A migrated database for a test app: an idle PGlite of this worker's, or a new one loaded
 * from `template`. `release` puts it back for the next test app (or closes it).
 */
export async function leasePglite(template: () => Promise<Blob>): Promise<{ db: OpenDb; pglite: PGlite; release(): Promise<void> }> {
  let client = idle.pop();
  if (!client) {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: await template() });
    const fresh = client;
    baseline ??= takeBaseline(fresh);
    await baseline;
  }
  const leased = client;
  // The app's LISTENs, each stopped when it is released, so no callback of it outlives it.
  const listening = new Set<() => Promise<void>>();
  const listen: Listen = async (channel, onPayload) => {
    const unlisten = await leased.listen(channel, onPayload);
    const stop = async () => {
      listening.delete(stop);
      await unlisten();
    };
    listening.add(stop);
    return stop;
  };
  const db = Object.assign(pgliteDatabase(leased), { listen });
  let released = false;
  return {
    db,
    pglite: leased,
    async release() {
      if (released) return;
      released = true;
      for (const stop of [...listening]) await stop().catch(() => {});
      const reusable = baseline !== undefined && (await putBack(leased, await baseline));
      if (reusable && idle.length < MAX_IDLE) idle.push(leased);
      else if (reusable) await leased.close().catch(() => {});
    },
  };
}
