import { performance } from 'node:perf_hooks';
import type { PostgresPool } from 'kysely';
import pg from 'pg';
import type { DatabaseOutage } from './outage.js';
import { preparingClient } from './preparedStatements.js';

/**
 * How long getting a connection may take, a free one from the pool included: past it the
 * request fails (503) instead of waiting for a server that does not answer, as a black-holed
 * network would otherwise make it wait for minutes.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Settings of every connection to PostgreSQL, the pool's and the dedicated LISTEN ones. */
export function connectionConfig(url: string, schema: string | undefined): pg.ClientConfig {
  return {
    connectionString: url,
    // A schema per test file: every query, the migrator's included, resolves there.
    options: schema ? `-c search_path=${schema}` : undefined,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // An idle connection (LISTEN's above all) notices a vanished server from the TCP layer.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/** Connection errors of a client in use reach its query; the 'error' event itself needs a listener or it ends the process. */
const ignoreClientError = () => {};

/**
 * The pool of the app's connections. pg-pool listens for the errors of idle clients only: a
 * client checked out (a request's query, a transaction, the startup lock) whose connection is
 * cut (pg_terminate_backend, a restart) emits 'error' with no listener, which Node turns into
 * an uncaught exception. So every client gets a listener of its own as it connects; its
 * query fails with the error, and the pool drops it on release (it is no longer queryable).
 *
 * The answer is the pool for Kysely, telling `outage` of connections that cannot be made.
 */
export function postgresPool(
  config: pg.ClientConfig,
  poolSize: number,
  outage: DatabaseOutage,
  preparedStatements: boolean,
): { pool: pg.Pool; forKysely: PostgresPool } {
  // Repeated queries run as prepared statements, parsed and planned once per connection; not
  // behind a pooler that hands each transaction another server connection (PgBouncer's transaction mode).
  const pool = new pg.Pool({ ...config, max: poolSize, ...(preparedStatements && { Client: preparingClient() }) });
  pool.on('connect', (client) => client.on('error', ignoreClientError));
  pool.on('error', () => {
    // An idle client lost its connection; the pool has dropped it and makes a new one on next use.
  });
  const forKysely: PostgresPool = {
    async connect() {
      const startedAt = performance.now();
      try {
        return await pool.connect();
      } catch (error) {
        outage.failed(error, startedAt);
        throw error;
      }
    },
    end: () => pool.end(),
  };
  return { pool, forKysely };
}
