import type { CapsFigures, Measured } from './atTheCaps.js';
import type { DatabaseKind } from './benchApp.js';
import type { OnCallLoad } from './onCallLoad.js';
import type { ArithmeticFigures, RouteLookups, StoredSchedules } from './onCallLookups.js';
import type { OtherRoute } from './otherRoutes.js';
import { fmt, markdownTable } from './stats.js';
import type { TimerFigures } from './timerPasses.js';

/** What `npm run bench:oncall` writes to .bench/oncall.json, and prints as markdown tables. */
export interface DatabaseFigures {
  kind: DatabaseKind;
  stored: StoredSchedules;
  /** Schedules whose route answer differed from the arithmetic's (none expected). */
  check: string[];
  route: { many: RouteLookups; few: RouteLookups };
  timer: TimerFigures;
  /** The computing routes at the caps beside plain schedules (atTheCaps.ts). */
  caps: CapsFigures;
  /** The other routes whose work grows with their input (otherRoutes.ts). */
  others: OtherRoute[];
}

export interface OnCallReport {
  date: string;
  node: string;
  cpus: number;
  sizes: Record<string, number>;
  /** ESCALATION_CHECK_SECONDS by default: the budget of one timer pass. */
  passIntervalMs: number;
  arithmetic: { many: ArithmeticFigures; few: ArithmeticFigures };
  databases: DatabaseFigures[];
  load?: OnCallLoad;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  totalS: number;
}

const ratio = (a: number, b: number) => (b > 0 ? `${fmt(a / b, 2)}×` : '-');

function onCallTable(r: OnCallReport): string {
  const { many, few } = r.arithmetic;
  const n = fmt(many.schedules);
  const k = fmt(few.schedules);
  const rows: string[][] = [
    [
      'arithmetic: compile + on call at an instant, per schedule',
      '-',
      `${fmt(many.onCallAtUs, 1)} µs`,
      `${fmt(few.onCallAtUs, 1)} µs`,
      ratio(many.onCallAtUs, few.onCallAtUs),
    ],
    [
      'arithmetic: compile + now and next, per schedule',
      '-',
      `${fmt(many.nowAndNextUs, 1)} µs`,
      `${fmt(few.nowAndNextUs, 1)} µs`,
      ratio(many.nowAndNextUs, few.nowAndNextUs),
    ],
    [
      'arithmetic: every schedule once (now and next)',
      '-',
      `${fmt(many.allNowAndNextMs, 2)} ms`,
      `${fmt(few.allNowAndNextMs, 3)} ms`,
      ratio(many.allNowAndNextMs, few.allNowAndNextMs),
    ],
  ];
  for (const d of r.databases) {
    const a = d.route.many;
    const b = d.route.few;
    rows.push([
      'route in process, per request: median (p99)',
      d.kind,
      `${fmt(a.latency.median, 2)} ms (${fmt(a.latency.p99, 2)})`,
      `${fmt(b.latency.median, 2)} ms (${fmt(b.latency.p99, 2)})`,
      ratio(a.latency.median, b.latency.median),
    ]);
    rows.push([
      'route in process, every schedule once',
      d.kind,
      `${fmt(a.roundMs)} ms`,
      `${fmt(b.roundMs, 1)} ms`,
      ratio(a.roundMs, b.roundMs),
    ]);
    rows.push([
      'route in process, CPU per request (this process)',
      d.kind,
      `${fmt(a.cpuPerRequestMs, 2)} ms`,
      `${fmt(b.cpuPerRequestMs, 2)} ms`,
      ratio(a.cpuPerRequestMs, b.cpuPerRequestMs),
    ]);
  }
  if (r.load) {
    const sorted = [...r.load.pairs].sort((x, y) => x.ratio - y.ratio);
    const median = sorted[Math.floor(sorted.length / 2)];
    if (median) {
      const c = r.load.connections;
      rows.push([
        `route under load (own process, ${c} connections), median pair: req/s`,
        'postgres',
        `${fmt(median.many.requestsPerSec)} (p50 ${median.many.p50Ms} ms, p99 ${median.many.p99Ms} ms)`,
        `${fmt(median.few.requestsPerSec)} (p50 ${median.few.p50Ms} ms, p99 ${median.few.p99Ms} ms)`,
        `${fmt(median.ratio, 2)}× (pairs ${r.load.pairs.map((p) => fmt(p.ratio, 2)).join(' · ')})`,
      ]);
      const cpuPerRequest = (run: typeof median.many) =>
        run.serverCores === undefined ? '-' : `${fmt((1000 * run.serverCores) / Math.max(1, run.requestsPerSec), 2)} ms`;
      rows.push(['route under load: server CPU per request', 'postgres', cpuPerRequest(median.many), cpuPerRequest(median.few), '-']);
      rows.push([
        'route under load: cores used, server / PostgreSQL',
        'postgres',
        `${fmt(median.many.serverCores, 2)} / ${fmt(median.many.postgresCores, 2)}`,
        `${fmt(median.few.serverCores, 2)} / ${fmt(median.few.postgresCores, 2)}`,
        '-',
      ]);
    }
  }
  return markdownTable(['who is on call', 'database', `${n} schedules`, `${k} schedules`, 'ratio'], rows);
}

function timerTable(r: OnCallReport): string {
  const rows: string[][] = [];
  for (const d of r.databases) {
    const [small, large] = d.timer.phases;
    for (const p of d.timer.phases) {
      rows.push([
        d.kind,
        fmt(p.open),
        `${fmt(p.idle.median, 2)} ms (p90 ${fmt(p.idle.p90, 2)}; CPU ${fmt(p.idleCpu.median, 2)})`,
        `${fmt(p.due.median, 0)} ms (CPU ${fmt(p.dueCpu.median, 0)}; ${p.escalated.join(', ')} escalated)`,
        `${fmt(p.due.median / Math.max(1, d.timer.dueEach), 2)} ms`,
        `${p.statementsIdle} / ${p.statementsDue}`,
        `${fmt((100 * p.due.median) / r.passIntervalMs, 2)} %`,
      ]);
    }
    if (small && large) {
      rows.push([
        d.kind,
        `ratio ${fmt(large.open)} / ${fmt(small.open)}`,
        ratio(large.idle.median, small.idle.median),
        ratio(large.due.median, small.due.median),
        '-',
        '-',
        '-',
      ]);
    }
  }
  const s = r.passIntervalMs / 1000;
  return markdownTable(
    [
      'timer pass',
      'open alerts',
      'nothing due: median',
      `${r.sizes.due} due: median`,
      'per escalation',
      'statements idle / due',
      `due pass / ${s} s interval`,
    ],
    rows,
  );
}

const answer = (m: Measured) => `${fmt(m.answer.median, 1)} ms (max ${fmt(m.answer.max, 1)})`;
const loop = (m: Measured) => `${fmt(m.loop.max, 1)} / ${fmt(m.loop.p99, 1)} ms; CPU ${fmt(m.loop.longestBlockCpu, 1)} ms`;

function capsTable(r: OnCallReport): string {
  const rows: string[][] = [];
  for (const d of r.databases) {
    for (const c of d.caps.routes) {
      rows.push([
        c.route,
        d.kind,
        answer(c.plain),
        loop(c.plain),
        answer(c.worst),
        loop(c.worst),
        ratio(c.worst.answer.median, c.plain.answer.median),
      ]);
    }
  }
  return markdownTable(
    [
      'at the caps',
      'database',
      'plain: per answer',
      'plain: loop delay max / p99',
      'worst case: per answer',
      'worst case: loop delay max / p99',
      'ratio',
    ],
    rows,
  );
}

function othersTable(r: OnCallReport): string {
  const rows = r.databases.flatMap((d) => d.others.map((o) => [o.route, d.kind, answer(o.figures), loop(o.figures)]));
  return markdownTable(['other routes at their bounds', 'database', 'per answer', 'loop delay max / p99; longest block'], rows);
}

export function printReport(r: OnCallReport): void {
  console.log(onCallTable(r));
  console.log('');
  console.log(capsTable(r));
  console.log('');
  console.log(othersTable(r));
  console.log('');
  console.log(timerTable(r));
  for (const d of r.databases) {
    console.log(
      `\n[${d.kind}] plan of an idle pass's statements at ${fmt(d.timer.phases.at(-1)?.open)} open alerts (EXPLAIN ANALYZE, BUFFERS):`,
    );
    for (const p of d.timer.idlePlans) console.log(`  ${p.sql}\n${p.plan.map((l) => `    ${l}`).join('\n')}`);
    if (d.timer.duePlan)
      console.log(`[${d.kind}] plan of a due pass's selection (EXPLAIN):\n${d.timer.duePlan.plan.map((l) => `    ${l}`).join('\n')}`);
  }
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  console.log(`\nLoad average: start ${load(r.loadAverageAtStart)}, end ${load(r.loadAverageAtEnd)}`);
}
