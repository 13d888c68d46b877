import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/**
 * Runs a script: several SQL statements in one text, without parameters (the job queue's
 * schema set-up sends such texts). A prepared statement takes one statement only, so this
 * needs each database's own way; the answer is the last statement's rows.
 */
export type RunScript = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * A script may open a transaction (BEGIN …; COMMIT): when a statement in it fails, the rest is
 * skipped and the connection is left inside the failed transaction. It is rolled back before
 * the connection goes back to the pool, else the next user of it would fail too.
 */
async function rollingBackOnError<T>(run: () => Promise<T>, rollback: () => Promise<unknown>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await rollback().catch(() => {});
    throw error;
  }
}

/** PostgreSQL: a query without parameters goes by the simple protocol, which takes several statements. */
export const postgresScripts =
  (db: Db): RunScript =>
  (text) =>
    db.connection().execute((conn) =>
      rollingBackOnError(
        async () => {
          const result = await conn.executeQuery(CompiledQuery.raw(text));
          return { rows: [...(result.rows ?? [])] };
        },
        () => conn.executeQuery(CompiledQuery.raw('ROLLBACK')),
      ),
    );

/**
 * PGlite: its `exec` takes several statements. It is called while holding Kysely's one
 * connection, so it never runs inside another caller's transaction.
 */
export const pgliteScripts =
  (db: Db, client: PGlite): RunScript =>
  (text) =>
    db.connection().execute(() =>
      rollingBackOnError(
        async () => ({ rows: (await client.exec(text)).at(-1)?.rows ?? [] }),
        () => client.exec('ROLLBACK'),
      ),
    );
