import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type AppParts, type BuildAppOptions, composeApp, loggerOptions } from '../../src/app.js';
import { type Config, parseConfig } from '../../src/config.js';
import { type OpenDb, openDatabase } from '../../src/db/database.js';
import { runAdminSql } from './adminSql.js';
import { leasePglite } from './pglitePool.js';
import { SmtpSink } from './smtpSink.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Which database this test run uses: `VIGIL_TEST_DB=postgres` (set by the api-postgres project) or PGlite. */
export const TEST_DB = process.env.VIGIL_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const SUPERUSER = { email: 'admin@example.com', password: 'admin-password-1' };

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

export interface TestApp {
  app: FastifyInstance;
  /** What the app is composed of: flush the outbox, tick a timer, sign a token. */
  parts: AppParts;
  db: OpenDb;
  /** The database's URL on PostgreSQL (another replica's connection); undefined on PGlite. */
  databaseUrl?: string;
  config: Config;
  /** The app's clock: the one the test moves (`TestAppOptions.now`), or the real one. */
  now: () => Date;
  mail: SmtpSink;
  superuser: TestUser;
  /** A new ordinary (or super) user created through the API, logged in. */
  createUser(overrides?: { email?: string; password?: string; full_name?: string | null; is_superuser?: boolean }): Promise<TestUser>;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = parseConfig({ NODE_ENV: 'test', FIRST_SUPERUSER: SUPERUSER.email, FIRST_SUPERUSER_PASSWORD: SUPERUSER.password });
  return {
    ...base,
    secretKey: 'test-secret-key-that-is-long-enough-0123456789',
    frontendHost: 'http://console.test',
    consoleDir: undefined,
    // High limits so ordinary tests never trip them; rate-limit tests set their own.
    rateLimit: {
      login: 10_000,
      passwordRecovery: 10_000,
      publicAlert: 10_000,
      signup: 10_000,
      passwordChange: 10_000,
      perAlert: 10_000,
      ingestAlertsPerKey: 1_000_000,
      heartbeatUnknownPings: 10_000,
    },
    // Emails leave at once (the relay wakes the worker); a failed one is retried after 1-2 s.
    notifications: { ...base.notifications, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
    // Test receivers listen on 127.0.0.1; the refusal itself is tested with it off.
    contactMethods: { ...base.contactMethods, allowPrivateNetworks: true },
    ...overrides,
  };
}

/** The PGlite dumps the project's global set-up made (helpers/testTemplates.ts), each read once per worker. */
const pgliteDumps = new Map<string, Promise<Blob>>();
export const readPgliteDump = (which: 'pgliteTemplate' | 'pgliteEmpty'): Promise<Blob> => {
  const file = inject(which);
  let dump = pgliteDumps.get(file);
  if (!dump) {
    dump = readFile(file).then((bytes) => new Blob([bytes]));
    pgliteDumps.set(file, dump);
  }
  return dump;
};

/** Runs one statement as the server's administrator, on the run's `TEST_DATABASE_URL` database. */
export const adminSql = (statement: string): Promise<void> => runAdminSql(TEST_DATABASE_URL, statement);

/** `TEST_DATABASE_URL` with another database in it. */
export function databaseUrlOf(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh database of the run's kind: an in-memory PGlite, or a new database on PostgreSQL.
 * Empty, or with `migrated` a copy of one migrated by the project's global set-up
 * (helpers/testTemplates.ts): what the app's start would make of an empty one, made once per
 * run instead of once per test app. On PostgreSQL each is a database of its own (CREATE
 * DATABASE … TEMPLATE), not a schema in a shared one: Kysely's migrator lists the tables of
 * every schema of its database, and test files creating and dropping schemas beside it made
 * that listing fail now and then (3F000, 42P01, 42703).
 */
export async function openTestDatabase(options: { migrated?: boolean } = {}): Promise<{ db: OpenDb; url?: string; drop(): Promise<void> }> {
  if (TEST_DB === 'pglite') {
    if (options.migrated) {
      const { db, release } = await leasePglite(() => readPgliteDump('pgliteTemplate'));
      return { db, drop: release };
    }
    // A fresh cluster, as initdb leaves it: loaded from a dump, not made again (5 CPU-seconds).
    const db = await openDatabase({ kind: 'pglite', loadDataDir: await readPgliteDump('pgliteEmpty') });
    return { db, drop: () => db.destroy() };
  }
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const template = options.migrated ? inject('postgresTemplate') : undefined;
  await adminSql(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = databaseUrlOf(name);
  const db = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      await adminSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface TestAppOptions {
  /** The clock the app reads for signed links' expiry, for tests that move time. */
  now?: () => Date;
  /** Where the app's JSON log lines go (with the real logger options); none: silence. */
  logStream?: { write(line: string): void };
  /** The list path's optimizations to turn off (common/hotPath.ts); all on by default. */
  hotPath?: BuildAppOptions['hotPath'];
}

export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const mail = await new SmtpSink().start();
  const config = testConfig({
    smtp: { host: '127.0.0.1', port: mail.port, tls: false, ssl: false },
    ...overrides,
  });
  const database = await openTestDatabase({ migrated: true });
  const logger = options.logStream ? loggerOptions(config, options.logStream) : false;
  const { app, parts } = await composeApp({ config, db: database.db, logger, now: options.now, hotPath: options.hotPath });

  const login = async (email: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      payload: new URLSearchParams({ username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    return res.json().access_token as string;
  };
  const asUser = (id: string, email: string, password: string, token: string): TestUser => ({
    id,
    email,
    password,
    token,
    auth: { authorization: `Bearer ${token}` },
  });
  const superToken = await login(SUPERUSER.email, SUPERUSER.password);
  const me = (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${superToken}` } })).json();
  const superuser = asUser(me.id, SUPERUSER.email, SUPERUSER.password, superToken);

  return {
    app,
    parts,
    db: database.db,
    databaseUrl: database.url,
    config,
    now: options.now ?? (() => new Date()),
    mail,
    superuser,
    login,
    async createUser(o = {}) {
      const email = o.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
      const password = o.password ?? 'user-password-1';
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/users/',
        headers: superuser.auth,
        payload: { email, password, full_name: o.full_name ?? 'Test User', is_superuser: o.is_superuser ?? false, is_active: true },
      });
      if (res.statusCode !== 200) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
      return asUser(res.json().id, email, password, await login(email, password));
    },
    async close() {
      await app.close();
      await database.drop();
      await mail.stop();
    },
  };
}

/** The parsed JSON body of an inject answer, typed loosely for assertions. */
export const body = (res: LightMyRequestResponse): any => res.json();
