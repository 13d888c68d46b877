import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { SYSTEM_ACTOR } from '../src/audit/record.js';
import type { ContactDeps } from '../src/contacts/service.js';
import { type Db, migrateToLatest, openDatabase } from '../src/db/database.js';
import { createIntegration } from '../src/integrations/service.js';
import { createUser } from '../src/users/service.js';
import { forkServer, installCleanup, killAllNow } from './children.js';
import { type IngestLoadResult, IngestTraffic, runIngestLoad } from './ingestLoad.js';
import { BENCH_RULES, chosenRuns, type IngestRun, routeIntegration } from './ingestRouting.js';
import { dropSchema } from './seed.js';

/**
 * `npm run bench:ingest` — a report, not a test. Alerts per second through the ingest webhook
 * of the real API (its own process, PostgreSQL), driven by autocannon with a mix of generic
 * events and Alertmanager webhooks, new keys, repeats and resolves (bench/ingestLoad.ts).
 * Target: 2,000 alerts/s. Afterwards the database is checked against what was acknowledged.
 * Two runs on fresh schemas (`BENCH_INGEST_RUNS`): `plain`, and `routed`, whose integration has
 * ten routing rules and an active maintenance window (bench/ingestRouting.ts), reported beside
 * the plain one as a ratio. Exits 0 below target too (it says BELOW); non-zero only when the
 * benchmark could not run.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../..');
const OUT_FILE = path.join(REPO_ROOT, '.bench', 'ingest.json');

const env = process.env;
const DATABASE_URL = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Not bench:api's schema: both benchmarks may run on one server.
const SCHEMA = 'vigil_bench_ingest';
const DURATION = Math.max(1, Number(env.BENCH_DURATION ?? 10) || 10);
const WARMUP = 3;
const CONNECTIONS = Math.max(1, Number(env.BENCH_CONNECTIONS ?? 32) || 32);
/** Alerts already in the table (90 % closed), as after some time in service. */
const HISTORY = Math.max(0, Number(env.BENCH_HISTORY ?? 50_000) || 0);
const TARGET_ALERTS_PER_SEC = 2000;
/**
 * Diagnostic only: `BENCH_OWNER_COUNTS=off` disables the owner_counts insert trigger, to measure
 * what the one counter row per owner costs (every insert of an owner waits on it until the
 * previous transaction commits). Counts are then wrong, and the run says so.
 */
const COUNTS_OFF = env.BENCH_OWNER_COUNTS === 'off';
const SECRETS = { secretKey: 'vigil-benchmark-secret-key-0123456789abcdef', superuserPassword: 'bench-admin-password-1' };

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface Seeded {
  integrationId: string;
  ownerId: string;
  ingestKey: string;
  /** What the run added to its integration, in words (the routed run's rules and window). */
  setup: string;
}

/** A fresh schema, one owner, one integration with a key, and `HISTORY` past alerts of it; routed, its rules and window. */
async function seed(run: IngestRun): Promise<Seeded> {
  await dropSchema(DATABASE_URL, SCHEMA);
  const db = await openDatabase({ kind: 'postgres', url: DATABASE_URL, schema: SCHEMA, poolSize: 2 });
  try {
    await migrateToLatest(db);
    const owner = await createUser(db, SYSTEM_ACTOR, {
      email: 'bench-ingest@example.com',
      password: 'bench-owner-password-1',
      full_name: 'Bench',
    });
    const { integration, ingestKey } = await createIntegration({ db } as unknown as ContactDeps, SYSTEM_ACTOR, owner, {
      title: 'Alertmanager (bench)',
    }); // no policy: only the database is used
    await sql`
      INSERT INTO alerts (title, state, severity, owner_id, team_id, integration_id, dedup_key, created_at, updated_at, last_seen_at)
      SELECT 'Past alert ' || g, CASE WHEN g % 10 = 0 THEN 'open' ELSE 'closed' END, 'warning', ${owner.id}, ${integration.team_id}, ${integration.id},
             'history-' || g, now() - make_interval(secs => g), now() - make_interval(secs => g), now() - make_interval(secs => g)
      FROM generate_series(1, ${HISTORY}::int) AS g`.execute(db);
    await sql`VACUUM ANALYZE alerts`.execute(db);
    if (COUNTS_OFF) await sql`ALTER TABLE alerts DISABLE TRIGGER alerts_count_insert`.execute(db);
    let setup = 'no routing rule, no maintenance window';
    if (run === 'routed') {
      const maintenance = await routeIntegration(db, integration);
      setup = `${BENCH_RULES} routing rules (every event tested by all ten); ${maintenance.note}`;
    }
    return { integrationId: integration.id, ownerId: owner.id, ingestKey, setup };
  } finally {
    await db.destroy();
  }
}

/** The new alerts' emails: one notification each, and how many the worker had sent when the server stopped. */
interface NotificationTally {
  newAlerts: number;
  notifications: number;
  sent: number;
}

async function tallyNotifications(db: Db, seeded: Seeded): Promise<NotificationTally> {
  const { rows } = await sql<{ new_alerts: number; notifications: number; sent: number }>`
    SELECT count(DISTINCT a.id)::int AS new_alerts, count(n.id)::int AS notifications,
      count(n.id) FILTER (WHERE n.status = 'sent')::int AS sent
    FROM alerts a LEFT JOIN notifications n ON n.alert_id = a.id AND n.kind = 'new_alert'
    WHERE a.integration_id = ${seeded.integrationId} AND a.dedup_key LIKE 'bench-%'`.execute(db);
  const row = rows[0];
  return { newAlerts: Number(row?.new_alerts), notifications: Number(row?.notifications), sent: Number(row?.sent) };
}

/**
 * What the database holds must match the traffic: every acknowledged trigger counted once
 * (a request cut off when a run ends may be stored without its answer being read, so at most
 * the triggers sent), one open alert per key, exact owner counts, one new-alert
 * notification per new alert.
 */
async function verify(db: Db, seeded: Seeded, traffic: IngestTraffic, mails: NotificationTally): Promise<string[]> {
  const problems: string[] = [];
  if (mails.notifications !== mails.newAlerts) {
    problems.push(`${mails.newAlerts} new alerts wrote ${mails.notifications} new-alert notifications (one each expected)`);
  }
  const { rows } = await sql<{ occurrences: number; alerts: number; open_dups: number }>`
    SELECT coalesce(sum(occurrence_count), 0)::bigint AS occurrences, count(*)::bigint AS alerts,
      (SELECT count(*) FROM (SELECT dedup_key FROM alerts WHERE integration_id = ${seeded.integrationId} AND state <> 'closed'
        GROUP BY dedup_key HAVING count(*) > 1) d)::bigint AS open_dups
    FROM alerts WHERE integration_id = ${seeded.integrationId} AND dedup_key LIKE 'bench-%'`.execute(db);
  const row = rows[0];
  const occurrences = Number(row?.occurrences);
  if (occurrences < traffic.allTriggers || occurrences > traffic.sentTriggers) {
    problems.push(
      `sum(occurrence_count) is ${occurrences}, outside [${traffic.allTriggers} acknowledged, ${traffic.sentTriggers} sent] triggers`,
    );
  }
  if (Number(row?.open_dups) !== 0) problems.push(`${row?.open_dups} dedup keys have more than one open alert`);
  const counts = await sql<{ stored: number; counted: number }>`
    SELECT (SELECT coalesce(sum(alerts), 0) FROM owner_counts WHERE owner_id = ${seeded.ownerId}) AS stored,
           (SELECT count(*) FROM alerts WHERE owner_id = ${seeded.ownerId}) AS counted`.execute(db);
  const c = counts.rows[0];
  if (!COUNTS_OFF && Number(c?.stored) !== Number(c?.counted)) problems.push(`owner_counts says ${c?.stored}, count(*) says ${c?.counted}`);
  return problems;
}

function printResult(r: IngestLoadResult): void {
  const t = r.tally;
  const cores = (n?: number) => (n === undefined ? '-' : fmt(n, 2));
  console.log(`alerts/s      ${fmt(r.alertsPerSec)}   (target >= ${fmt(TARGET_ALERTS_PER_SEC)})`);
  console.log(`requests/s    ${fmt(r.requestsPerSec)}   (${fmt(t.genericRequests)} generic, ${fmt(t.amRequests)} Alertmanager webhooks)`);
  console.log(`latency       p50 ${fmt(r.p50Ms)} ms, p99 ${fmt(r.p99Ms)} ms, max ${fmt(r.maxMs)} ms`);
  console.log(
    `events        ${fmt(t.events)} in ${r.durationS} s: ${fmt(t.newKeys)} new, ${fmt(t.repeats)} repeats, ${fmt(t.resolves)} resolves (${fmt(t.events / Math.max(1, t.requests), 2)} per request)`,
  );
  console.log(`errors        ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  console.log(
    `CPU (cores)   server ${cores(r.serverCores)}, PostgreSQL ${cores(r.postgresCores)}, load generator ${cores(r.benchCores)}, other processes ${cores(r.otherCores)}`,
  );
}

interface RunOutcome {
  run: IngestRun;
  setup: string;
  result: IngestLoadResult;
  verdict: 'PASS' | 'BELOW';
  problems: string[];
  mails: NotificationTally;
  traffic: IngestTraffic;
}

/** One run on a fresh schema: seed, the server in its own process, the load, the database check. */
async function runOnce(run: IngestRun): Promise<RunOutcome> {
  const seeded = await seed(run);
  console.log(`\n[${run}] seeded schema ${SCHEMA}: one integration with ${fmt(HISTORY)} past alerts; ${seeded.setup}`);
  const traffic = new IngestTraffic();
  let result: IngestLoadResult;
  const server = await forkServer(path.join(here, 'servers', 'vigilServer.ts'), {
    NODE_ENV: 'production',
    BENCH_DATABASE_URL: DATABASE_URL,
    BENCH_SCHEMA: SCHEMA,
    BENCH_SECRET_KEY: SECRETS.secretKey,
    BENCH_SUPERUSER_PASSWORD: SECRETS.superuserPassword,
  });
  try {
    result = await runIngestLoad({
      url: `http://127.0.0.1:${server.port}/api/v1/ingest/${seeded.ingestKey}`,
      connections: CONNECTIONS,
      duration: DURATION,
      warmup: WARMUP,
      serverPid: server.child.pid,
      traffic,
    });
  } finally {
    await server.stop();
  }
  const db = await openDatabase({ kind: 'postgres', url: DATABASE_URL, schema: SCHEMA, poolSize: 1 });
  let problems: string[];
  let mails: NotificationTally;
  try {
    mails = await tallyNotifications(db, seeded);
    problems = await verify(db, seeded, traffic, mails);
  } finally {
    await db.destroy();
  }
  if (env.BENCH_KEEP !== '1') await dropSchema(DATABASE_URL, SCHEMA).catch(() => {});
  const verdict = result.alertsPerSec >= TARGET_ALERTS_PER_SEC ? 'PASS' : 'BELOW';
  printResult(result);
  console.log(`verdict       ${verdict}${COUNTS_OFF ? ' (diagnostic run, not a figure of record)' : ''}`);
  console.log(
    problems.length === 0
      ? `Database check: passed (${fmt(traffic.allTriggers)} triggers acknowledged with warm-up, ${fmt(traffic.sentTriggers)} sent; one open alert per key${COUNTS_OFF ? '' : '; owner_counts exact'})`
      : `Database check FAILED: ${problems.join('; ')}`,
  );
  console.log(
    `Notifications: ${fmt(mails.notifications)} new-alert emails written with their alerts; ${fmt(mails.sent)} (${fmt((100 * mails.sent) / Math.max(1, mails.notifications))} %) sent through the queue by the time the server stopped, the rest left queued (a running server sends them)`,
  );
  if (traffic.unexpected > 0) console.log(`WARNING: ${traffic.unexpected} answers were not 2xx: the figures are not comparable`);
  return { run, setup: seeded.setup, result, verdict, problems, mails, traffic };
}

async function main(): Promise<void> {
  const runs = chosenRuns();
  installCleanup(runs.length * (120 + 3 * (DURATION + WARMUP)) * 1000);
  const started = performance.now();
  const loadAtStart = loadavg();
  console.log(
    `Vigil ingest benchmark: POST /api/v1/ingest/{key}, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up, ${cpus().length} CPUs; runs: ${runs.join(', ')}`,
  );
  if (COUNTS_OFF) console.log('DIAGNOSTIC RUN: owner_counts trigger disabled (BENCH_OWNER_COUNTS=off); counts are not kept.');
  console.log(`Load average at start: ${loadAtStart.map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min)`);
  if ((loadAtStart[0] ?? 0) > 0.5 * cpus().length) {
    console.log('NOTE: other work is running on this machine: the figures will be lower than on a quiet one.');
  }
  const outcomes: RunOutcome[] = [];
  for (const run of runs) outcomes.push(await runOnce(run));

  const loadAtEnd = loadavg();
  const plain = outcomes.find((o) => o.run === 'plain');
  const routed = outcomes.find((o) => o.run === 'routed');
  const ratio = plain && routed ? routed.result.alertsPerSec / Math.max(1, plain.result.alertsPerSec) : undefined;
  console.log('');
  for (const o of outcomes)
    console.log(`${o.run.padEnd(8)} ${fmt(o.result.alertsPerSec).padStart(7)} alerts/s  p99 ${fmt(o.result.p99Ms)} ms  ${o.verdict}`);
  if (ratio !== undefined) console.log(`routed / plain  ${fmt(ratio, 2)} (${routed?.setup})`);
  console.log(`Load average at end: ${loadAtEnd.map((l) => l.toFixed(2)).join(', ')}`);

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    database: 'postgresql',
    connections: CONNECTIONS,
    durationS: DURATION,
    warmupS: WARMUP,
    history: HISTORY,
    ownerCounts: COUNTS_OFF ? 'off (diagnostic)' : 'on',
    target: TARGET_ALERTS_PER_SEC,
    runs: outcomes.map(({ run, setup, result, verdict, problems, mails }) => ({
      run,
      setup,
      result,
      verdict,
      databaseCheck: problems,
      notifications: mails,
    })),
    routedToPlain: ratio,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadAtEnd,
    totalS: Math.round((performance.now() - started) / 1000),
  };
  await mkdir(path.dirname(OUT_FILE), { recursive: true });
  await writeFile(OUT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten ${path.relative(REPO_ROOT, OUT_FILE)} (total ${report.totalS} s)`);
  if (outcomes.some((o) => o.problems.length > 0)) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAllNow();
    process.exit(1);
  },
);
