import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { queueUserNotifications } from '../src/contactMethods/reachUsers.js';
import { personalTeam } from '../src/teams/access.js';
import { SmtpSink } from '../test/helpers/smtpSink.js';
import { installCleanup, killAllNow } from './children.js';
import { type BenchChannel, type BenchReceiver, CHANNELS } from './notify/channels.js';
import { BENCH_ADMIN, type BenchApp, benchConfig, openBenchApp } from './oncall/benchApp.js';
import { dropSchema } from './seed.js';

/**
 * `npm run bench:notify` — a report, not a test (docs/benchmarks/notify.md): one API process
 * (in this one, on PostgreSQL) sends notifications to local provider servers, channel by
 * channel. For each: BENCH_NOTIFY_ALERTS alerts (fewer for the phone channels) each reach
 * BENCH_NOTIFY_USERS users (one transaction per alert, as an escalation queues them), or, for a
 * team chat channel, are each posted to it once; the report gives the notifications sent per
 * second (first queued to last sent) and the queue's lag, sent_at − created_at.
 * Exits 0 whatever the figures; non-zero when it could not run or a notification was not delivered.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../..');
const OUT_FILE = path.join(REPO_ROOT, '.bench', 'notify.json');

const env = process.env;
const num = (name: string, fallback: number) => Math.max(1, Number(env[name] ?? fallback) || fallback);
const SIZES = {
  alerts: num('BENCH_NOTIFY_ALERTS', 500),
  users: num('BENCH_NOTIFY_USERS', 5),
  /** Alerts queued at once, as several escalations of a timer pass or several replicas would. */
  concurrency: num('BENCH_NOTIFY_CONCURRENCY', 4),
  timeoutS: num('BENCH_NOTIFY_TIMEOUT', 60),
};
const ONLY = env.BENCH_NOTIFY_CHANNELS?.split(',').map((c) => c.trim());
const base = benchConfig();
/** Throughput is measured without the per-person limits (they would hold most of a burst). */
const LIMITS = { ...base.notifications.limits, sms: 0, voice: 0, other: 0 };
const POSTGRES = {
  url: env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  schema: 'vigil_bench_notify',
};

/**
 * steady: one transaction per alert, BENCH_NOTIFY_CONCURRENCY at once, each followed by the
 * relay's kick (escalations as they come); burst: every alert's notifications in one
 * transaction (a backlog all at once: how fast one process drains it).
 */
type Mode = 'steady' | 'burst';

interface ChannelFigures {
  name: string;
  mode: Mode;
  notifications: number;
  /** Seconds the queueing took (the sending goes on meanwhile). */
  queuedSeconds: number;
  sent: number;
  failed: number;
  received: number;
  /** First queued (created_at) to last sent (sent_at). */
  seconds: number;
  perSecond: number;
  lagMs: { p50: number; p95: number; max: number };
}

/** `count` users made in one statement (hashing each password would measure argon2). */
async function benchUsers(b: BenchApp, prefix: string, count: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    INSERT INTO users (email, hashed_password, full_name, is_active, is_superuser)
    SELECT ${prefix} || g || '@example.com', u.hashed_password, 'Bench user ' || g, true, false
    FROM users u, generate_series(1, ${count}::int) AS g WHERE u.email = ${BENCH_ADMIN.email}
    RETURNING id`.execute(b.db);
  return rows.rows.map((r) => r.id);
}

async function benchAlerts(b: BenchApp, teamId: string, ownerId: string, label: string, count: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    INSERT INTO alerts (title, description, state, severity, escalation_level, owner_id, team_id)
    SELECT 'Queue depth above threshold on worker-' || g, ${`bench:notify ${label}`}, 'open', 'high', 1, ${ownerId}, ${teamId}
    FROM generate_series(1, ${count}::int) AS g
    RETURNING id`.execute(b.db);
  return rows.rows.map((r) => r.id);
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Queues the notifications of `alertIds` to `userIds` as `mode` says, as escalation does (contactMethods/reachUsers.ts). */
async function queueAll(b: BenchApp, mode: Mode, alertIds: string[], userIds: string[]): Promise<void> {
  const queue = (trx: Parameters<typeof queueUserNotifications>[0], alertId: string) =>
    queueUserNotifications(trx, { alertId, kind: 'escalation', level: 1, userIds, now: b.clock.now(), limits: LIMITS });
  if (mode === 'burst') {
    await b.db.transaction().execute(async (trx) => {
      for (const alertId of alertIds) await queue(trx, alertId);
    });
    b.parts.notifications.kick();
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < alertIds.length) {
      const alertId = alertIds[next++] ?? '';
      await b.db.transaction().execute((trx) => queue(trx, alertId));
      b.parts.notifications.kick();
    }
  };
  await Promise.all(Array.from({ length: SIZES.concurrency }, worker));
}

/**
 * For a team chat channel, whose posts the alerts' insert writes: steady, one alert per statement,
 * BENCH_NOTIFY_CONCURRENCY at once, each followed by the relay's kick (alerts as they come in);
 * burst, every alert in one statement.
 */
async function insertAlerts(
  b: BenchApp,
  mode: Mode,
  alerts: { teamId: string; ownerId: string; label: string; count: number },
): Promise<string[]> {
  const insert = (count: number) => benchAlerts(b, alerts.teamId, alerts.ownerId, alerts.label, count);
  if (mode === 'burst') {
    const ids = await insert(alerts.count);
    b.parts.notifications.kick();
    return ids;
  }
  const ids: string[] = [];
  let started = 0;
  const worker = async () => {
    while (started < alerts.count) {
      started++;
      ids.push(...(await insert(1)));
      b.parts.notifications.kick();
    }
  };
  await Promise.all(Array.from({ length: SIZES.concurrency }, worker));
  return ids;
}

async function measureChannel(
  b: BenchApp,
  channel: BenchChannel,
  mode: Mode,
  userIds: string[],
  receiver: BenchReceiver,
  owner: { teamId: string; ownerId: string },
): Promise<ChannelFigures> {
  const receivedBefore = receiver.received();
  const label = `${channel.name} ${mode}`;
  const count = Math.max(1, Math.round(SIZES.alerts * (channel.alertShare ?? 1)));
  let alertIds: string[];
  const queueStart = performance.now();
  if (channel.reachesUsers !== false) {
    alertIds = await benchAlerts(b, owner.teamId, owner.ownerId, label, count);
    await queueAll(b, mode, alertIds, userIds);
  } else alertIds = await insertAlerts(b, mode, { ...owner, label, count });
  const queuedSeconds = Math.round((performance.now() - queueStart) / 10) / 100;
  const rowsOf = () =>
    b.db
      .selectFrom('notifications')
      .select(['status', 'created_at', 'sent_at'])
      .where('alert_id', 'in', alertIds)
      .where('channel', '=', channel.channel)
      .execute();
  const deadline = Date.now() + SIZES.timeoutS * 1000;
  let rows = await rowsOf();
  while (rows.some((r) => r.status === 'pending') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    rows = await rowsOf();
  }
  const sent = rows.filter((r) => r.status === 'sent' && r.sent_at);
  const lags = sent.map((r) => (r.sent_at as Date).getTime() - r.created_at.getTime()).sort((x, y) => x - y);
  const first = Math.min(...rows.map((r) => r.created_at.getTime()));
  const last = Math.max(...sent.map((r) => (r.sent_at as Date).getTime()));
  const seconds = Math.max(0.001, (last - first) / 1000);
  const figures: ChannelFigures = {
    name: channel.name,
    mode,
    notifications: rows.length,
    queuedSeconds,
    sent: sent.length,
    failed: rows.filter((r) => r.status === 'failed').length,
    received: receiver.received() - receivedBefore,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(sent.length / seconds),
    lagMs: { p50: percentile(lags, 0.5), p95: percentile(lags, 0.95), max: lags.at(-1) ?? Number.NaN },
  };
  console.log(
    `[${channel.name}, ${mode}] ${figures.sent}/${figures.notifications} sent in ${figures.seconds} s (queued in ${queuedSeconds} s): ` +
      `${figures.perSecond}/s; lag p50 ${figures.lagMs.p50} ms, p95 ${figures.lagMs.p95} ms, max ${figures.lagMs.max} ms`,
  );
  return figures;
}

function printReport(figures: ChannelFigures[]): void {
  const header = ['channel', 'mode', 'notifications', 'queued in s', 'sent/s', 'lag p50 ms', 'lag p95 ms', 'lag max ms', 'received'];
  const lines = figures.map((f) => [
    f.name,
    f.mode,
    String(f.notifications),
    String(f.queuedSeconds),
    String(f.perSecond),
    String(f.lagMs.p50),
    String(f.lagMs.p95),
    String(f.lagMs.max),
    `${f.received}${f.received === f.sent ? '' : ` (sent ${f.sent})`}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  for (const line of [header, ...lines]) console.log(line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
}

async function main(): Promise<void> {
  installCleanup(10 * 60_000);
  const started = performance.now();
  const loadAtStart = loadavg();
  console.log(`Vigil notification benchmark, ${cpus().length} CPUs, Node ${process.version}, PostgreSQL`);
  console.log(`Sizes: ${JSON.stringify(SIZES)}`);
  console.log(`Load average at start: ${loadAtStart.map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min)`);
  const sink = await new SmtpSink().start();
  const b = await openBenchApp('postgres', POSTGRES, undefined, {
    realMailer: true,
    config: {
      smtp: { host: '127.0.0.1', port: sink.port, tls: false, ssl: false },
      // The receivers listen on 127.0.0.1.
      contactMethods: { ...base.contactMethods, allowPrivateNetworks: true },
      notifications: { ...base.notifications, limits: LIMITS },
    },
  });
  const figures: ChannelFigures[] = [];
  try {
    const admin = await b.db
      .selectFrom('users')
      .select(['id', 'email', 'full_name'])
      .where('email', '=', BENCH_ADMIN.email)
      .executeTakeFirstOrThrow();
    const teamId = await personalTeam(b.db, admin);
    for (const [index, channel] of CHANNELS.entries()) {
      if (ONLY && !ONLY.includes(channel.name) && !ONLY.includes(channel.channel)) continue;
      const userIds = channel.reachesUsers === false ? [] : await benchUsers(b, `bench-notify-${index}-`, SIZES.users);
      const receiver = await channel.setUp(b, { userIds, teamId, sink });
      try {
        for (const mode of ['steady', 'burst'] as const) {
          figures.push(await measureChannel(b, channel, mode, userIds, receiver, { teamId, ownerId: admin.id }));
        }
      } finally {
        await receiver.stop();
      }
    }
  } finally {
    await b.close();
    await sink.stop();
    if (env.BENCH_KEEP !== '1') await dropSchema(POSTGRES.url, POSTGRES.schema).catch(() => {});
  }
  console.log('');
  printReport(figures);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    sizes: SIZES,
    channels: figures,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadavg(),
    totalS: Math.round((performance.now() - started) / 1000),
  };
  await mkdir(path.dirname(OUT_FILE), { recursive: true });
  await writeFile(OUT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten ${path.relative(REPO_ROOT, OUT_FILE)} (total ${report.totalS} s)`);
  if (figures.some((f) => f.sent !== f.notifications || f.received < f.sent)) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(`Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAllNow();
    process.exit(1);
  },
);
