import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkServer, installCleanup, killAllNow, type ReadyChild } from './children.js';
import { type LoadResult, runLoad } from './runLoad.js';
import { dropSchema, seed } from './seed.js';
import { measureStartup, type StartupReport } from './startup.js';
import { chosenVariants, type Variant } from './variants.js';

/**
 * `npm run bench:api` — a report, not a test. The alert list of a user owning 100,000 alerts,
 * served by Vigil on PostgreSQL, beside a naive node:http + pg handler (count(*) + page) and a
 * ceiling node:http handler (Vigil's answer pre-built). Each server in its own process, one at
 * a time; autocannon here. Exits 0 when below target (it reports BELOW); non-zero only when the
 * benchmark itself could not run.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const API_DIR = path.resolve(here, '..');
const REPO_ROOT = path.resolve(API_DIR, '..');
const OUT_FILE = path.join(REPO_ROOT, '.bench', 'api.json');

const env = process.env;
const DATABASE_URL = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = 'vigil_bench';
const DURATION = Math.max(1, Number(env.BENCH_DURATION ?? 10) || 10);
const WARMUP = 3;
/**
 * Vigil and the ceiling are measured in turns, PAIRS times each, both servers up throughout:
 * on a shared virtual machine throughput drifts by tens of percent within a minute, and one
 * run of each a minute apart compares two different machines. Each pair's ratio compares runs
 * taken seconds apart; the headline is the median pair.
 */
const PAIRS = Math.max(1, Number(env.BENCH_PAIRS ?? 5) || 5);
const CONNECTIONS = 50;
const ALERTS = Math.max(1, Number(env.BENCH_ALERTS ?? 100_000) || 100_000);
const LOGIN_CONNECTIONS = 10;
const LOGIN_DURATION = Math.min(DURATION, 5);
const TARGET = 0.35;
const LIST_PATH = '/api/v1/alert/?limit=10';
const SECRETS = { secretKey: 'vigil-benchmark-secret-key-0123456789abcdef', superuserPassword: 'bench-admin-password-1' };

const serverEnv = {
  BENCH_DATABASE_URL: DATABASE_URL,
  BENCH_SCHEMA: SCHEMA,
  BENCH_SECRET_KEY: SECRETS.secretKey,
  BENCH_SUPERUSER_PASSWORD: SECRETS.superuserPassword,
};
const serverPath = (name: string) => path.join(here, 'servers', name);

interface Row {
  name: string;
  result: LoadResult;
}

interface Pair {
  vigil: LoadResult;
  ceiling: LoadResult;
  ratio: number;
  /** Each compared variant's run in the same round (bench/variants.ts), by name. */
  variants: Record<string, LoadResult>;
}

const VARIANTS_COMPARED = chosenVariants();

/** The middle value (the lower middle of an even count); the pair it comes from, for ratios. */
function medianBy<T>(items: T[], value: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) throw new Error('median of nothing');
  return middle;
}

async function login(port: number, email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${text}`);
  return (JSON.parse(text) as { access_token: string }).access_token;
}

/** One GET, checked: a benchmark of error pages would be meaningless. */
async function fetchPage(
  port: number,
  headers: Record<string, string>,
  name: string,
): Promise<{ body: Buffer; count: number; items: number }> {
  const res = await fetch(`http://127.0.0.1:${port}${LIST_PATH}`, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${name}: GET ${LIST_PATH} answered ${res.status}: ${body.toString().slice(0, 300)}`);
  const json = JSON.parse(body.toString()) as { data?: unknown[]; count?: number };
  return { body, count: Number(json.count), items: json.data?.length ?? -1 };
}

async function withServer<T>(file: string, extraEnv: Record<string, string>, use: (server: ReadyChild) => Promise<T>): Promise<T> {
  const server = await forkServer(serverPath(file), { ...serverEnv, ...extraEnv });
  try {
    return await use(server);
  } finally {
    await server.stop();
  }
}

/** The measured list load, the same for the three servers. */
const listLoad = (server: ReadyChild, headers?: Record<string, string>) =>
  runLoad({
    url: `http://127.0.0.1:${server.port}${LIST_PATH}`,
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: WARMUP,
    headers,
    pid: server.child.pid,
  });

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function printTable(rows: Row[]): void {
  const header = ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'server CPU', 'PG CPU'];
  const cores = (n?: number) => (n === undefined ? '-' : `${fmt(n, 2)} cores`);
  const lines = rows.map((r) => [
    r.name,
    fmt(r.result.requestsPerSec),
    fmt(r.result.p50Ms),
    fmt(r.result.p99Ms),
    fmt(r.result.requests),
    String(r.result.non2xx),
    String(r.result.errors),
    cores(r.result.serverCores),
    cores(r.result.postgresCores),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(line(l));
}

async function main(): Promise<void> {
  installCleanup((150 + ((2 + VARIANTS_COMPARED.length) * PAIRS + 3) * (DURATION + WARMUP)) * 1000);
  const started = performance.now();
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    database: 'postgresql',
    schema: SCHEMA,
    alerts: ALERTS,
    connections: CONNECTIONS,
    durationS: DURATION,
    pairCount: PAIRS,
    warmupS: WARMUP,
    target: TARGET,
    cpus: cpus().length,
    loadAverageAtStart: loadavg()[0],
  };
  console.log(
    `Vigil API benchmark: GET ${LIST_PATH}, ${fmt(ALERTS)} alerts, ${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up; Vigil and the ceiling in ${PAIRS} pairs of turns`,
  );

  // Everything here shares the machine's cores: other work running meanwhile lowers every figure.
  const [load1] = loadavg();
  if ((load1 ?? 0) > 0.5 * cpus().length) {
    console.log(
      `NOTE: load average ${load1?.toFixed(1)} on ${cpus().length} CPUs before starting: other work is running, the figures will be low.`,
    );
  }
  const seeded = await seed(DATABASE_URL, SCHEMA, ALERTS);
  console.log(
    `Seeded schema ${SCHEMA}: one user owning ${fmt(ALERTS)} alerts in ${fmt(seeded.seedMs)} ms (the last ${fmt(seeded.viaTriggers)} through the owner_counts trigger; count checked against count(*))`,
  );
  report.seed = { ownerId: seeded.ownerId, alerts: seeded.alerts, viaTriggers: seeded.viaTriggers, seedMs: seeded.seedMs };

  const rows: Row[] = [];
  const pairs: Pair[] = [];
  const bodyDir = await mkdtemp(path.join(tmpdir(), 'vigil-bench-'));
  const bodyFile = path.join(bodyDir, 'page.json');
  let logins: LoadResult | undefined;
  try {
    // 1. Vigil and the ceiling (Vigil's own answer, pre-built), in turns; then logins on Vigil
    //    (argon2-bound, so 10 connections).
    await withServer('vigilServer.ts', { NODE_ENV: 'production' }, async (vigil) => {
      const { port } = vigil;
      const token = await login(port, seeded.ownerEmail, seeded.ownerPassword);
      const auth = { authorization: `Bearer ${token}` };
      const page = await fetchPage(port, auth, 'vigil');
      if (page.count !== ALERTS || page.items !== 10) {
        throw new Error(`vigil: expected count ${ALERTS} and 10 items, got count ${page.count} and ${page.items} items`);
      }
      await writeFile(bodyFile, page.body);
      report.responseBytes = page.body.length;
      console.log(`Vigil answers ${page.body.length} bytes, count ${fmt(page.count)}.`);
      type Compared = { variant: Variant; server: ReadyChild; auth: Record<string, string> };
      const rounds = (compared: Compared[]) =>
        withServer('ceilingServer.ts', { BENCH_BODY_FILE: bodyFile }, async (ceiling) => {
          for (let i = 1; i <= PAIRS; i++) {
            const runs = new Map<string, LoadResult>();
            const turns: [string, () => Promise<LoadResult>][] = [
              ['vigil', () => listLoad(vigil, auth)],
              ['ceiling', () => listLoad(ceiling)],
              ...compared.map((c): [string, () => Promise<LoadResult>] => [c.variant.name, () => listLoad(c.server, c.auth)]),
            ];
            // Rotating which goes first cancels a steady drift within the rounds.
            for (let t = 0; t < turns.length; t++) {
              const [name, measure] = turns[(i - 1 + t) % turns.length] as (typeof turns)[number];
              runs.set(name, await measure());
            }
            const vigilRun = runs.get('vigil') as LoadResult;
            const ceilingRun = runs.get('ceiling') as LoadResult;
            const ratio = vigilRun.requestsPerSec / ceilingRun.requestsPerSec;
            const variants = Object.fromEntries(compared.map((c) => [c.variant.name, runs.get(c.variant.name) as LoadResult]));
            pairs.push({ vigil: vigilRun, ceiling: ceilingRun, ratio, variants });
            const others = Object.entries(variants)
              .map(
                ([name, run]) =>
                  `, ${name} ${fmt(run.requestsPerSec)} (vigil / ${name} ${fmt(vigilRun.requestsPerSec / run.requestsPerSec, 3)})`,
              )
              .join('');
            console.log(
              `  round ${i}/${PAIRS}: vigil ${fmt(vigilRun.requestsPerSec)} req/s, ceiling ${fmt(ceilingRun.requestsPerSec)}, ratio ${fmt(ratio, 3)}${others}`,
            );
          }
        });
      // Each variant up beside Vigil throughout, answering exactly Vigil's bytes.
      const startCompared = async (left: Variant[], started: Compared[]): Promise<void> => {
        const [variant, ...rest] = left;
        if (!variant) return rounds(started);
        await withServer('vigilServer.ts', { NODE_ENV: 'production', ...variant.env }, async (server) => {
          const variantAuth = { authorization: `Bearer ${await login(server.port, seeded.ownerEmail, seeded.ownerPassword)}` };
          const check = await fetchPage(server.port, variantAuth, `vigil, ${variant.name}`);
          if (!check.body.equals(page.body)) throw new Error(`vigil, ${variant.name}, answers other bytes`);
          console.log(`Compared in every round: ${variant.name}, ${variant.is}.`);
          await startCompared(rest, [...started, { variant, server, auth: variantAuth }]);
        });
      };
      await startCompared(VARIANTS_COMPARED, []);
      console.log(`Logins: ${LOGIN_CONNECTIONS} connections, ${LOGIN_DURATION} s…`);
      logins = await runLoad({
        url: `http://127.0.0.1:${port}/api/v1/login/access-token`,
        method: 'POST',
        connections: LOGIN_CONNECTIONS,
        duration: LOGIN_DURATION,
        warmup: 1,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: seeded.ownerEmail, password: seeded.ownerPassword }).toString(),
        pid: vigil.child.pid,
      });
    });
    const median = medianBy(pairs, (pair) => pair.ratio);
    rows.push({ name: 'vigil (Fastify + Kysely, auth)', result: median.vigil });

    // 2. The naive baseline: count(*) + page per request, same pool size.
    await withServer('naiveServer.ts', { BENCH_OWNER_ID: seeded.ownerId }, async (server) => {
      const page = await fetchPage(server.port, {}, 'naive');
      if (page.count !== ALERTS) throw new Error(`naive: count ${page.count}, expected ${ALERTS}`);
      console.log(`Naive answers ${page.body.length} bytes; measuring…`);
      rows.push({ name: 'naive (node:http + pg, count(*))', result: await listLoad(server) });
    });
    rows.push({ name: 'ceiling (node:http, pre-built JSON)', result: median.ceiling });
  } finally {
    await rm(bodyDir, { recursive: true, force: true });
    if (env.BENCH_KEEP !== '1') await dropSchema(DATABASE_URL, SCHEMA).catch(() => {});
  }

  console.log('Start-up times (fresh process to first 200 from /api/v1/utils/health-check/)…');
  const startup: StartupReport = await measureStartup(API_DIR, DATABASE_URL, SECRETS);

  const [vigil, naive, ceiling] = rows.map((r) => r.result);
  const cpuNote =
    'CPU: cores used while measured, by the server process and by all of PostgreSQL; autocannon (this process) uses the rest.';
  // The median pair's ratio; the table shows that pair's two runs.
  const vsCeiling = vigil && ceiling ? vigil.requestsPerSec / ceiling.requestsPerSec : Number.NaN;
  const vsNaive = vigil && naive ? vigil.requestsPerSec / naive.requestsPerSec : Number.NaN;
  const verdict = vsCeiling >= TARGET ? 'PASS' : 'BELOW';

  console.log('');
  printTable(rows);
  console.log(cpuNote);
  console.log('');
  console.log(
    `vigil / ceiling = ${fmt(vsCeiling, 3)}   (target >= ${TARGET}: ${verdict}; the median of ${PAIRS} pairs: ${pairs.map((p) => fmt(p.ratio, 3)).join(', ')})`,
  );
  console.log(`vigil / naive   = ${fmt(vsNaive, 2)}x`);
  const variantRatios: Record<string, { is: string; median: number; rounds: number[]; slowerThanControlInRounds?: number }> = {};
  for (const variant of VARIANTS_COMPARED) {
    const ratios = pairs.map((p) => p.vigil.requestsPerSec / (p.variants[variant.name] as LoadResult).requestsPerSec);
    const median = medianBy(ratios, (r) => r);
    // Against the identical second Vigil of the same rounds: how often the variant was the slower.
    const slower =
      variant.name === 'control' || !VARIANTS_COMPARED.some((v) => v.name === 'control')
        ? undefined
        : pairs.filter((p) => (p.variants[variant.name] as LoadResult).requestsPerSec < (p.variants.control as LoadResult).requestsPerSec)
            .length;
    variantRatios[variant.name] = { is: variant.is, median, rounds: ratios, slowerThanControlInRounds: slower };
    const againstControl = slower === undefined ? '' : `; slower than the control in ${slower} of ${pairs.length} rounds`;
    console.log(
      `vigil / ${variant.name.padEnd(12)} = ${fmt(median, 3)} (${variant.is}; median of ${ratios.length} rounds: ${ratios.map((r) => fmt(r, 3)).join(', ')}${againstControl})`,
    );
  }
  report.vigilOverVariant = variantRatios;
  for (const r of rows) {
    if (r.result.non2xx || r.result.errors)
      console.log(`WARNING: ${r.name} had ${r.result.non2xx} non-2xx answers and ${r.result.errors} errors: its figure is not comparable`);
  }
  if (logins) {
    console.log(
      `logins/s        = ${fmt(logins.requestsPerSec)} (p99 ${fmt(logins.p99Ms)} ms, ${LOGIN_CONNECTIONS} connections, ${logins.non2xx} non-2xx)`,
    );
  }
  console.log('');
  console.log(`Start-up via ${startup.entry} — ${startup.note}`);
  for (const run of startup.runs) {
    const detail = run.error
      ? `FAILED: ${run.error}`
      : `${fmt(run.ms ?? 0)} ms${run.serverReportedMs !== undefined ? ` (server reports ${fmt(run.serverReportedMs)} ms in buildApp + listen)` : ''}`;
    console.log(`  ${run.label.padEnd(52)} ${detail}`);
  }

  Object.assign(report, {
    list: Object.fromEntries(rows.map((r) => [r.name.split(' ')[0], r.result])),
    ratios: { vigilOverCeiling: vsCeiling, vigilOverNaive: vsNaive },
    pairs: pairs.map((p) => ({
      vigil: p.vigil.requestsPerSec,
      ceiling: p.ceiling.requestsPerSec,
      ratio: p.ratio,
      ...Object.fromEntries(Object.entries(p.variants).map(([name, run]) => [name, run.requestsPerSec])),
    })),
    verdict,
    logins,
    startup,
    loadAverageAtEnd: loadavg()[0],
    totalS: Math.round((performance.now() - started) / 1000),
  });
  await mkdir(path.dirname(OUT_FILE), { recursive: true });
  await writeFile(OUT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten ${path.relative(REPO_ROOT, OUT_FILE)} (total ${report.totalS} s)`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAllNow();
    process.exit(1);
  },
);
