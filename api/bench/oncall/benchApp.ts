import type { FastifyInstance } from 'fastify';
import { type CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs, type RootOperationNode, sql } from 'kysely';
import { type AppParts, composeApp } from '../../src/app.js';
import { type Config, parseConfig } from '../../src/config.js';
import { type OpenDb, openDatabase } from '../../src/db/database.js';
import { personalTeam } from '../../src/teams/access.js';
import { dropSchema } from '../seed.js';

/**
 * The real API built in this process, as the tests build it (api/test/helpers/testApp.ts), on
 * PostgreSQL or PGlite: the routes are called through `inject` (no socket) and the app's own
 * escalation timer is ticked by hand under a clock the benchmark moves. Nothing here knows how
 * the timer or the on-call routes work inside; a change to either is measured as it stands.
 */
export type DatabaseKind = 'postgres' | 'pglite';

export const BENCH_ADMIN = { email: 'bench-oncall-admin@example.com', password: 'bench-oncall-admin-1' };
const SECRET_KEY = 'vigil-oncall-benchmark-secret-key-0123456789';

/** The benchmark's clock: the app's `now` (escalation timing, "now" of who is on call). */
export class BenchClock {
  private ms = Date.now();
  readonly now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Records the statements the app sends while `recording`, to count and EXPLAIN them. */
class StatementRecorder implements KyselyPlugin {
  recording = false;
  readonly statements: { node: RootOperationNode; queryId: PluginTransformQueryArgs['queryId'] }[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.statements.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }
  async transformResult<R>(args: { result: R }): Promise<R> {
    return args.result;
  }
}

export interface BenchApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  parts: AppParts;
  db: OpenDb;
  clock: BenchClock;
  auth: { authorization: string };
  /** A call as the benchmark's superuser; throws unless 2xx. */
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object): Promise<any>;
  /** Runs `work` and answers the SQL statements the app sent meanwhile, compiled. */
  statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: CompiledQuery[] }>;
  close(): Promise<void>;
}

export function benchConfig(): Config {
  const base = parseConfig({
    NODE_ENV: 'production',
    SECRET_KEY,
    FIRST_SUPERUSER: BENCH_ADMIN.email,
    FIRST_SUPERUSER_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    // The app's own timer would fire on its own; the benchmark ticks it by hand instead.
    ESCALATION_CHECK_SECONDS: '3600',
  });
  return {
    ...base,
    secretKey: SECRET_KEY,
    rateLimit: { ...base.rateLimit, login: 1_000_000, ingestAlertsPerKey: 100_000_000 },
  };
}

/** Emails are counted, not sent: the worker's delivery is not what is measured. */
const discardingMailer = { sent: 0, async send() {}, close() {} };

/** What a benchmark changes of the app: settings, and (bench:notify) the mailer the config's SMTP makes instead of the discarding one. */
export interface BenchAppOptions {
  config?: Partial<Config>;
  realMailer?: boolean;
}

/** A fresh database of `kind` (PostgreSQL: the schema `pg.schema`, dropped first), or `given` (tests pass theirs). */
export async function openBenchApp(
  kind: DatabaseKind,
  pg: { url: string; schema: string },
  given?: OpenDb,
  options: BenchAppOptions = {},
): Promise<BenchApp> {
  if (kind === 'postgres' && !given) await dropSchema(pg.url, pg.schema);
  const opened =
    given ??
    (kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: pg.url, schema: pg.schema, poolSize: 10 })
      : await openDatabase({ kind: 'pglite' }));
  const recorder = new StatementRecorder();
  // The same database and capabilities, every statement passing the recorder.
  const db = Object.assign(opened.withPlugin(recorder), {
    listen: opened.listen,
    runScript: opened.runScript,
    startupLock: opened.startupLock,
    outage: opened.outage,
    statementsOnThisThread: opened.statementsOnThisThread,
  }) as OpenDb;
  const clock = new BenchClock();
  const config = { ...benchConfig(), ...options.config };
  const mailer = options.realMailer ? undefined : discardingMailer;
  const { app, parts } = await composeApp({ config, db, logger: false, now: clock.now, mailer });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    payload: new URLSearchParams({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (login.statusCode !== 200) throw new Error(`bench login: ${login.statusCode} ${login.body}`);
  const auth = { authorization: `Bearer ${login.json().access_token}` };

  return {
    kind,
    app,
    parts,
    db,
    clock,
    auth,
    async call(method, url, payload) {
      const res = await app.inject({ method, url, headers: auth, ...(payload !== undefined && { payload }) });
      if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return res.json();
    },
    async statementsOf(work) {
      recorder.statements.length = 0;
      recorder.recording = true;
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work();
      } finally {
        recorder.recording = false;
      }
      const executor = opened.getExecutor();
      const statements = recorder.statements.map(({ node, queryId }) => executor.compileQuery(node, queryId));
      return { result, statements };
    },
    async close() {
      await app.close();
      // The PostgreSQL schema stays: the server under load reads it next (the benchmark drops it).
      if (!given) await opened.destroy();
    },
  };
}

/**
 * `count` ordinary users, made in one statement from one made by the service: argon2 hashing
 * 200 passwords would cost the run ten seconds and measure nothing of on call.
 */
export async function seedUsers(b: BenchApp, count: number): Promise<string[]> {
  const first = await b.call('POST', '/api/v1/users/', { email: 'bench-user-0@example.com', password: 'bench-user-password-0' });
  await sql`
    INSERT INTO users (email, hashed_password, full_name, is_active, is_superuser)
    SELECT 'bench-user-' || g || '@example.com', u.hashed_password, 'Bench user ' || g, true, false
    FROM users u, generate_series(1, ${count - 1}::int) AS g WHERE u.id = ${first.id}`.execute(b.db);
  const rows = await b.db.selectFrom('users').select('id').where('email', 'like', 'bench-user-%').orderBy('email').execute();
  await joinAdminTeam(
    b,
    rows.map((r) => r.id),
  );
  return rows.map((r) => r.id);
}

/** Puts users in the bench admin's own team: the schedules and policies the admin makes go there and reach only its members. */
export async function joinAdminTeam(b: BenchApp, userIds: string[]): Promise<void> {
  const admin = await b.db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('email', '=', BENCH_ADMIN.email)
    .executeTakeFirstOrThrow();
  const teamId = await personalTeam(b.db, admin);
  await b.db
    .insertInto('team_members')
    .values(userIds.map((user_id) => ({ team_id: teamId, user_id, role: 'responder' as const })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
