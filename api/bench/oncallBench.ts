import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../src/config.js';
import { installCleanup, killAllNow } from './children.js';
import { measureAtTheCaps } from './oncall/atTheCaps.js';
import { type DatabaseKind, openBenchApp, seedUsers } from './oncall/benchApp.js';
import { type OnCallLoad, onCallLoad } from './oncall/onCallLoad.js';
import { arithmetic, checkAnswers, routeLookups, storeSchedules } from './oncall/onCallLookups.js';
import { measureOtherRoutes } from './oncall/otherRoutes.js';
import { type OnCallReport, printReport } from './oncall/report.js';
import { scheduleFixtures } from './oncall/scheduleFixtures.js';
import { measureTimer } from './oncall/timerPasses.js';
import { dropSchema } from './seed.js';

/**
 * `npm run bench:oncall` — a report, not a test (docs/benchmarks.md, "bench:oncall"):
 * 1. "who is on call" for BENCH_SCHEDULES (1,000) schedules against BENCH_FEW_SCHEDULES (10),
 *    side by side: the bare arithmetic, the route in process (PostgreSQL and PGlite), the route
 *    under load in its own server process (PostgreSQL);
 * 2. the escalation timer's pass (EscalationTimer.tick() of the app) with BENCH_OPEN_ALERTS
 *    (10,000) open alerts against BENCH_DUE (100), nothing due and BENCH_DUE due, and the plans
 *    of its statements;
 * 3. every route that computes who is on call, asked of the worst schedule a user can store at
 *    the caps (BENCH_CAPS_SCHEDULES copies, 100) beside plain ones, and the other routes whose
 *    work grows with their input: time per answer and the event loop's delay meanwhile.
 * Exits 0 whatever the figures; non-zero when it could not run or an answer was wrong.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../..');
const OUT_FILE = path.join(REPO_ROOT, '.bench', 'oncall.json');

const env = process.env;
const num = (name: string, fallback: number) => Math.max(1, Number(env[name] ?? fallback) || fallback);
const SIZES = {
  schedules: num('BENCH_SCHEDULES', 1000),
  fewSchedules: num('BENCH_FEW_SCHEDULES', 10),
  users: num('BENCH_USERS', 200),
  openAlerts: num('BENCH_OPEN_ALERTS', 10_000),
  due: num('BENCH_DUE', 100),
  routeRounds: num('BENCH_ROUNDS', 3),
  arithmeticRounds: num('BENCH_ARITHMETIC_ROUNDS', 5),
  idlePasses: num('BENCH_PASSES', 200),
  dueRounds: Math.min(4, num('BENCH_DUE_ROUNDS', 4)),
  loadDuration: num('BENCH_DURATION', 5),
  loadPairs: num('BENCH_PAIRS', 3),
  connections: num('BENCH_CONNECTIONS', 10),
  capsSchedules: Math.min(100, num('BENCH_CAPS_SCHEDULES', 100)),
  capsRounds: num('BENCH_CAPS_ROUNDS', 10),
};
const DATABASES = (env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((d) => d.trim()) as DatabaseKind[];
const POSTGRES = {
  url: env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  // Not bench:api's or bench:ingest's schema: the benchmarks may share a server.
  schema: 'vigil_bench_oncall',
};

async function measureDatabase(kind: DatabaseKind, nowMs: number) {
  const b = await openBenchApp(kind, POSTGRES);
  try {
    const users = await seedUsers(b, SIZES.users);
    const fixtures = scheduleFixtures(SIZES.schedules, users, nowMs);
    const stored = await storeSchedules(b, fixtures);
    console.log(
      `[${kind}] stored ${stored.ids.length} schedules (${stored.rotations} rotations, ${stored.overrides} overrides) through the API in ${(stored.seedMs / 1000).toFixed(1)} s`,
    );
    const check = await checkAnswers(b, fixtures, stored.ids, new Date(nowMs).toISOString());
    console.log(`[${kind}] answers checked against the arithmetic: ${check.length === 0 ? 'all equal' : check.join('; ')}`);
    const route = await routeLookups(b, stored.ids, stored.ids.slice(0, SIZES.fewSchedules), SIZES.routeRounds);
    console.log(
      `[${kind}] route: per request ${route.many.latency.median} ms (${SIZES.schedules}) / ${route.few.latency.median} ms (${SIZES.fewSchedules})`,
    );
    const timer = await measureTimer(b, {
      dueEach: SIZES.due,
      open: SIZES.openAlerts,
      passes: SIZES.idlePasses,
      dueRounds: SIZES.dueRounds,
      // Each escalation resolves who is on call in three of the stored schedules at that moment.
      scheduleIds: stored.ids.slice(0, 3),
    });
    console.log(`[${kind}] timer: idle pass ${timer.phases.map((p) => `${p.idle.median} ms at ${p.open}`).join(', ')}`);
    const caps = await measureAtTheCaps(b, {
      plainIds: stored.ids,
      copies: Math.min(SIZES.capsSchedules, stored.ids.length),
      rounds: SIZES.capsRounds,
    });
    console.log(
      `[${kind}] at the caps: ${caps.routes.map((r) => `${r.route} ${r.worst.answer.median} ms (loop ${r.worst.loop.max} ms)`).join('; ')}${caps.check.length ? `; WRONG: ${caps.check.join('; ')}` : ''}`,
    );
    const others = await measureOtherRoutes(b, SIZES.capsRounds);
    console.log(`[${kind}] other routes: ${others.map((r) => `${r.route} loop ${r.figures.loop.max} ms`).join('; ')}`);
    return { kind, stored, check: [...check, ...caps.check], route, timer, caps, others, ids: stored.ids };
  } finally {
    await b.close();
  }
}

async function main(): Promise<void> {
  installCleanup(30 * 60_000);
  const started = performance.now();
  const loadAtStart = loadavg();
  console.log(`Vigil on-call benchmark, ${cpus().length} CPUs, Node ${process.version}, databases: ${DATABASES.join(', ')}`);
  console.log(`Sizes: ${JSON.stringify(SIZES)}`);
  console.log(`Load average at start: ${loadAtStart.map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min)`);
  if ((loadAtStart[0] ?? 0) > 0.5 * cpus().length)
    console.log('NOTE: other work is running on this machine: figures will be slower than on a quiet one.');

  const nowMs = Date.now();
  const placeholderUsers = Array.from({ length: SIZES.users }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const all = scheduleFixtures(SIZES.schedules, placeholderUsers, nowMs);
  const repeat = Math.max(1, Math.round(SIZES.schedules / SIZES.fewSchedules));
  const arithmeticFigures = {
    many: arithmetic(all, nowMs, SIZES.arithmeticRounds),
    few: arithmetic(all.slice(0, SIZES.fewSchedules), nowMs, SIZES.arithmeticRounds, repeat),
  };
  console.log(`arithmetic: now and next ${arithmeticFigures.many.nowAndNextUs.toFixed(1)} µs per schedule`);

  const databases = [];
  let load: OnCallLoad | undefined;
  for (const kind of DATABASES) {
    const figures = await measureDatabase(kind, nowMs);
    databases.push(figures);
    if (kind !== 'postgres') continue;
    load = await onCallLoad(POSTGRES, {
      many: figures.ids,
      few: figures.ids.slice(0, SIZES.fewSchedules),
      connections: SIZES.connections,
      duration: SIZES.loadDuration,
      pairs: SIZES.loadPairs,
    });
    if (env.BENCH_KEEP !== '1') await dropSchema(POSTGRES.url, POSTGRES.schema).catch(() => {});
  }

  const loadAtEnd = loadavg();
  const report: OnCallReport = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    sizes: SIZES,
    passIntervalMs: parseConfig({}).notifications.escalationCheckMs,
    arithmetic: arithmeticFigures,
    databases: databases.map(({ ids: _ids, ...rest }) => rest),
    load,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadAtEnd,
    totalS: Math.round((performance.now() - started) / 1000),
  };
  console.log('');
  printReport(report);
  await mkdir(path.dirname(OUT_FILE), { recursive: true });
  await writeFile(OUT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten ${path.relative(REPO_ROOT, OUT_FILE)} (total ${report.totalS} s)`);
  if (databases.some((d) => d.check.length > 0) || (load?.pairs.some((p) => p.many.non2xx + p.few.non2xx > 0) ?? false))
    process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAllNow();
    process.exit(1);
  },
);
