import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Runs `work` while no other process runs work under the same `key`: set-up that several API
 * processes starting at once would otherwise race on (the job queue's tables). PostgreSQL: a
 * session advisory lock held on one pooled connection while `work` uses the others. PGlite:
 * one process owns the database, so `work` simply runs (`runAlone`).
 */
export type StartupLock = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export const postgresStartupLock =
  (db: Db): StartupLock =>
  (key, work) =>
    db.connection().execute(async (conn) => {
      // The key is hashed per database and schema, so separate deployments never wait on each other.
      await sql`SELECT pg_advisory_lock(hashtextextended(current_database() || '.' || current_schema() || '.' || ${key}, 0))`.execute(conn);
      try {
        return await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtextextended(current_database() || '.' || current_schema() || '.' || ${key}, 0))`.execute(
          conn,
        );
      }
    });

/** PGlite: one process owns the database; there is no one to wait for. */
export const runAlone: StartupLock = (_key, work) => work();
