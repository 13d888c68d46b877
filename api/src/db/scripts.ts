import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/**
 * Runs a script: several SQL statements in one text, without parameters (the job queue's
 * schema set-up sends such texts). A prepared statement takes one statement only, so this
 * needs each database's own way; the answer is the last statement's rows.
 */
export type RunScript = (text: string) => Promise<{ rows: unknown[] }>;

const runners = new WeakMap<Db, RunScript>();

export function setScriptRunner(db: Db, run: RunScript): void {
  runners.set(db, run);
}

/** How this database runs a script; every Db opened by openDatabase has one. */
export function scriptRunnerOf(db: Db): RunScript {
  const run = runners.get(db);
  if (!run) throw new Error('This database was not opened by openDatabase: it cannot run scripts');
  return run;
}

/** PostgreSQL: a query without parameters goes by the simple protocol, which takes several statements. */
export const postgresScripts =
  (db: Db): RunScript =>
  async (text) => {
    const result = await db.executeQuery(CompiledQuery.raw(text));
    return { rows: [...(result.rows ?? [])] };
  };

/**
 * PGlite: its `exec` takes several statements. It is called while holding Kysely's one
 * connection, so it never runs inside another caller's transaction.
 */
export const pgliteScripts =
  (db: Db, client: PGlite): RunScript =>
  (text) =>
    db.connection().execute(async () => {
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    });
