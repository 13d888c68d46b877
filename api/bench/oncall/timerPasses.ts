import { CompiledQuery, sql } from 'kysely';
import type { BenchApp } from './benchApp.js';
import { escalatingIntegration, ingestAlerts } from './escalationSetup.js';
import { type Distribution, distribution, timedAsync } from './stats.js';

/**
 * The escalation timer's cost: EscalationTimer.tick() of the app, called by hand under the
 * benchmark's clock, with `due` alerts due among `baseline` open ones, then among `open` ones.
 *
 * Two integrations: one escalating after DUE_AFTER_MINUTES up to MAX_LEVEL (its `due` alerts
 * fall due again each time the clock moves on by that much: a due pass can be repeated), one
 * after a week (the rest: open, waiting to escalate, never due during the run). So the open
 * alerts all hold a pending escalation time, the case the timer's query must not scan.
 */
const DUE_AFTER_MINUTES = 10;
const QUIET_AFTER_MINUTES = 7 * 24 * 60;
const MAX_LEVEL = 10;
const MINUTE = 60_000;

export interface PhaseFigures {
  open: number;
  /** A pass with nothing due. */
  idle: Distribution;
  /** A pass with `due` alerts due; what each escalated. */
  due: Distribution;
  /** The same passes' CPU time in this process (ms; with PGlite, the database's too). */
  idleCpu: Distribution;
  dueCpu: Distribution;
  escalated: number[];
  statementsIdle: number;
  statementsDue: number;
}

export interface TimerFigures {
  dueEach: number;
  phases: PhaseFigures[];
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement of an idle pass at the larger size. */
  idlePlans: { sql: string; plan: string[] }[];
  /** EXPLAIN of the first statement of a due pass (the selection), at the larger size. */
  duePlan: { sql: string; plan: string[] } | null;
  seedMs: number;
}

const settle = async (b: BenchApp) => {
  // The emails the escalations queued are sent by the worker meanwhile: not the timer's cost,
  // and not to overlap the next pass.
  await b.parts.notifications.flush();
  for (let i = 0; i < 50; i++) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE status = 'pending'`.execute(b.db);
    if (Number(rows[0]?.n) === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
};

async function explain(b: BenchApp, statement: CompiledQuery, analyze: boolean): Promise<{ sql: string; plan: string[] }> {
  const options = analyze ? 'ANALYZE, BUFFERS, ' : '';
  const { rows } = await b.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`EXPLAIN (${options}COSTS OFF) ${statement.sql}`, [...statement.parameters]),
  );
  return { sql: statement.sql, plan: rows.map((r) => String(Object.values(r)[0])) };
}

/** A read, safe to run again under EXPLAIN ANALYZE (which executes it). */
const isPlainRead = (s: CompiledQuery) => /^\s*select\b/i.test(s.sql) && !/\bfor\s+(update|share|no key update)\b/i.test(s.sql);

async function phase(b: BenchApp, open: number, passes: number, dueRounds: number, settles: boolean): Promise<PhaseFigures> {
  await sql`ANALYZE alerts`.execute(b.db);
  // Unmeasured: the first passes at a size plan (and on PostgreSQL prepare) the statement anew.
  for (let i = 0; i < 3; i++) await b.parts.escalations.tick();
  const idle: number[] = [];
  const idleCpu: number[] = [];
  for (let i = 0; i < passes; i++) {
    const { ms, cpuMs, result } = await timedAsync(() => b.parts.escalations.tick());
    if (result !== 0) throw new Error(`an idle pass escalated ${result} alerts`);
    idle.push(ms);
    idleCpu.push(cpuMs);
  }
  const statementsIdle = (await b.statementsOf(() => b.parts.escalations.tick())).statements.length;
  const due: number[] = [];
  const dueCpu: number[] = [];
  const escalated: number[] = [];
  let statementsDue = 0;
  for (let r = 0; r < dueRounds; r++) {
    b.clock.advance(DUE_AFTER_MINUTES * MINUTE + 1000);
    if (r === 0) {
      // Counted on the first, timed on the others too: the recorder costs a little.
      const { result, statements } = await b.statementsOf(() => timedAsync(() => b.parts.escalations.tick()));
      statementsDue = statements.length;
      due.push(result.ms);
      dueCpu.push(result.cpuMs);
      escalated.push(result.result);
    } else {
      const { ms, cpuMs, result } = await timedAsync(() => b.parts.escalations.tick());
      due.push(ms);
      dueCpu.push(cpuMs);
      escalated.push(result);
    }
    if (settles) await settle(b);
  }
  return {
    open,
    idle: distribution(idle),
    due: distribution(due),
    idleCpu: distribution(idleCpu),
    dueCpu: distribution(dueCpu),
    escalated,
    statementsIdle,
    statementsDue,
  };
}

/**
 * `baseline` open alerts (all of them the `dueEach` that fall due), then `open` (the rest never
 * due): idle passes and due passes at each size, the statements of each kind of pass, the plans.
 */
export async function measureTimer(
  b: BenchApp,
  {
    dueEach,
    open,
    passes,
    dueRounds,
    settles = true,
    scheduleIds = [],
  }: {
    dueEach: number;
    open: number;
    passes: number;
    dueRounds: number;
    /** Wait for the emails between due passes. */
    settles?: boolean;
    /** The schedules the policy's level names: each escalation resolves who is on call in them. */
    scheduleIds?: string[];
  },
): Promise<TimerFigures> {
  if (2 * dueRounds + 1 > MAX_LEVEL) throw new Error(`at most ${(MAX_LEVEL - 1) / 2} due rounds`);
  const started = performance.now();
  const due = await escalatingIntegration(b, 'Bench: escalates in 10 minutes', {
    afterMinutes: DUE_AFTER_MINUTES,
    maxLevel: MAX_LEVEL,
    scheduleIds,
  });
  const quiet = await escalatingIntegration(b, 'Bench: escalates in a week', {
    afterMinutes: QUIET_AFTER_MINUTES,
    maxLevel: MAX_LEVEL,
    scheduleIds,
  });
  await ingestAlerts(b, due, dueEach, 'due');
  let seedMs = performance.now() - started;
  const phases = [await phase(b, dueEach, passes, dueRounds, settles)];

  const more = performance.now();
  await ingestAlerts(b, quiet, open - dueEach, 'quiet');
  seedMs += performance.now() - more;
  phases.push(await phase(b, open, passes, dueRounds, settles));

  const idleStatements = (await b.statementsOf(() => b.parts.escalations.tick())).statements;
  const idlePlans = [];
  for (const s of idleStatements) idlePlans.push(await explain(b, s, isPlainRead(s)));
  // The due selection's plan, from a due pass's statements, planned (not run) before it runs.
  b.clock.advance(DUE_AFTER_MINUTES * MINUTE + 1000);
  const dueStatements = (await b.statementsOf(() => b.parts.escalations.tick())).statements;
  const first = dueStatements[0];
  const duePlan = first ? await explain(b, first, false) : null;
  if (settles) await settle(b);
  return { dueEach, phases, idlePlans, duePlan, seedMs: Math.round(seedMs) };
}
