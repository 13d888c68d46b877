import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { type Listen, pgliteListen, postgresListen } from './listen.js';
import { migrations } from './migrations/index.js';
import { DatabaseOutage } from './outage.js';
import { connectionConfig, postgresPool } from './postgresPool.js';
import type { Database } from './schema.js';
import { pgliteScripts, postgresScripts, type RunScript } from './scripts.js';
import { postgresStartupLock, runAlone, type StartupLock } from './startupLock.js';

/** Queries, in or out of a transaction. */
export type Db = Kysely<Database>;

/** What the API needs of its database beyond queries; each kind of database has its own way. */
export interface DatabaseCapabilities {
  /** LISTEN for NOTIFY payloads on a channel (db/listen.ts). */
  readonly listen: Listen;
  /** Several statements in one text, without parameters (db/scripts.ts). */
  readonly runScript: RunScript;
  /** Set-up that processes starting together must not race on (db/startupLock.ts). */
  readonly startupLock: StartupLock;
  /** When the database went away and came back (db/outage.ts). */
  readonly outage: DatabaseOutage;
  /**
   * True when statements run on this thread (PGlite): a statement's whole cost holds the event
   * loop, so work that grows with its input is split into statements of bounded size.
   */
  readonly statementsOnThisThread: boolean;
}

/** A database opened by openDatabase: queries and its capabilities, one object. */
export type OpenDb = Db & DatabaseCapabilities;

export type DatabaseOptions =
  /** A PostgreSQL server. `schema` puts every table in that schema (tests use one per file). */
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number; preparedStatements?: boolean }
  /**
   * Embedded PGlite: on disk under `dataDir`, or in memory when it is omitted. An in-memory one
   * starts from `loadDataDir` when given (a PGlite dumpDataDir tarball): the tests copy one
   * migrated database instead of creating and migrating one per test (api/test/helpers/testTemplates.ts).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

// int8 (count, sum) as a JS number: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<OpenDb> {
  if (options.kind === 'postgres') {
    const clientConfig = connectionConfig(options.url, options.schema);
    const outage = new DatabaseOutage();
    const { pool, forKysely } = postgresPool(clientConfig, options.poolSize ?? 10, outage, options.preparedStatements ?? true);
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replaceAll('"', '')}"`);
      } catch (error) {
        // IF NOT EXISTS still races when processes start together: the loser finds it made.
        if ((error as { code?: string }).code !== '23505') throw error;
      } finally {
        client.release();
      }
    }
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: forKysely }),
      // Each statement's outcome tells the outage watch when the database goes and comes back.
      log: (event) => {
        const startedAt = performance.now() - event.queryDurationMillis;
        if (event.level === 'error') outage.failed(event.error, startedAt);
        else outage.succeeded(startedAt);
      },
    });
    return Object.assign(db, {
      listen: postgresListen(clientConfig),
      runScript: postgresScripts(db),
      startupLock: postgresStartupLock(db),
      statementsOnThisThread: false,
      outage,
    });
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir);
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: options.loadDataDir });
  }
  return pgliteDatabase(client);
}

/** pg_trgm backs title search (migration 0006); PGlite loads extensions at creation. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** An open PGlite as the API's database. Destroying it closes the PGlite. */
export function pgliteDatabase(client: PGlite): OpenDb {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(lettingTheLoopTurn(client)) });
  // In this process: it never goes away, so its outage watch never sees an outage.
  return Object.assign(db, {
    listen: pgliteListen(client),
    runScript: pgliteScripts(db, client),
    startupLock: runAlone,
    outage: new DatabaseOutage(),
    statementsOnThisThread: true,
  });
}

/**
 * PGlite runs each statement on this thread, and its answer resolves as a microtask: a route
 * awaiting statement after statement (a bulk close of 100 alerts) would hold the event loop
 * for all of them, every other request and timer waiting. So an answer that comes more than
 * PGLITE_HOLD_MS after the loop last turned here lets it turn first: a hold is bounded by that
 * plus one statement, and short runs of statements pay nothing. (On PostgreSQL every answer
 * is a round trip, which lets the loop turn.)
 */
const PGLITE_HOLD_MS = 10;

export function lettingTheLoopTurn(client: PGlite): PGlite {
  let turnedAt = performance.now();
  const query = async <T>(...args: Parameters<PGlite['query']>) => {
    const result = await client.query<T>(...args);
    if (performance.now() - turnedAt > PGLITE_HOLD_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      turnedAt = performance.now();
    }
    return result;
  };
  // Everything else is the client's own, bound to it (PGlite keeps private fields).
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Brings the schema up to date. Kysely's migrator takes a PostgreSQL advisory lock around
 * the run, so API replicas starting together apply each migration exactly once.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Named explicitly: Kysely otherwise finds its bookkeeping tables in any schema, and a
  // database shared by several schemas (one per test file) would confuse it.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Kysely looks for its own table by listing every table of the database: a schema another
    // session drops meanwhile (another test file's, on a shared server) fails that listing with
    // invalid_schema_name. A race in the catalog, not ours: the next listing no longer sees it.
    if ((error as { code?: string }).code === INVALID_SCHEMA_NAME && attempt < MIGRATE_ATTEMPTS) continue;
    throw error instanceof Error ? error : new Error(String(error));
  }
}

/** PostgreSQL's SQLSTATE for a schema that does not (or no longer) exist. */
const INVALID_SCHEMA_NAME = '3F000';
const MIGRATE_ATTEMPTS = 3;
