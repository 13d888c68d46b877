import { compileSchedule, onCallNowAndNext } from '../../src/oncall/schedule.js';
import type { BenchApp } from './benchApp.js';
import { type ScheduleFixture, toScheduleDef } from './scheduleFixtures.js';
import { cpuMs, type Distribution, distribution, timed } from './stats.js';

/**
 * "Who is on call" for many schedules: through the route (GET /schedules/{id}/on-call, in
 * process, one request after another) and as bare arithmetic (compileSchedule + the set at an
 * instant, and what the route computes: the set and the next change).
 */
const SCHEDULES = '/api/v1/schedules';

export interface StoredSchedules {
  ids: string[];
  rotations: number;
  overrides: number;
  seedMs: number;
}

/** Stores the fixtures through the schedules API, as a console or a script would. */
export async function storeSchedules(b: BenchApp, fixtures: ScheduleFixture[]): Promise<StoredSchedules> {
  const started = performance.now();
  const ids: string[] = [];
  let rotations = 0;
  let overrides = 0;
  for (const fixture of fixtures) {
    const { id } = await b.call('POST', `${SCHEDULES}/`, fixture.schedule);
    for (const rotation of fixture.rotations) await b.call('POST', `${SCHEDULES}/${id}/rotations`, rotation);
    for (const override of fixture.overrides) await b.call('POST', `${SCHEDULES}/${id}/overrides`, override);
    ids.push(id);
    rotations += fixture.rotations.length;
    overrides += fixture.overrides.length;
  }
  return { ids, rotations, overrides, seedMs: Math.round(performance.now() - started) };
}

/**
 * Every stored schedule's answer against the arithmetic's at the same instant: the figures are
 * only worth something if the route computes the right thing. Answers the mismatches.
 */
export async function checkAnswers(b: BenchApp, fixtures: ScheduleFixture[], ids: string[], at: string): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string;
    const got = await b.call('GET', `${SCHEDULES}/${id}/on-call?at=${encodeURIComponent(at)}`);
    const want = onCallNowAndNext(toScheduleDef(fixtures[i] as ScheduleFixture, id), at);
    const same =
      JSON.stringify(got.user_ids) === JSON.stringify(want.userIds) &&
      JSON.stringify(got.next && [got.next.at, got.next.user_ids]) === JSON.stringify(want.next && [want.next.at, want.next.userIds]);
    if (!same && problems.length < 5) problems.push(`${fixtures[i]?.schedule.name}: API ${JSON.stringify(got)} vs ${JSON.stringify(want)}`);
  }
  return problems;
}

export interface RouteLookups {
  /** Schedules asked about, each once per round. */
  schedules: number;
  /** Per request, all rounds. */
  latency: Distribution;
  /** One round: every schedule asked once, one after another (median of the rounds). */
  roundMs: number;
  /** CPU time of this process per request (ms; with PGlite, the database's too), median of the rounds. */
  cpuPerRequestMs: number;
}

/**
 * Rounds of `requests` sequential calls, the `many` ids (each once) and the `few` ids (cycled to
 * the same number of requests) in turns, the first of each round alternating: the two sizes
 * are measured side by side, in the same minutes of the machine.
 */
export async function routeLookups(
  b: BenchApp,
  many: string[],
  few: string[],
  rounds: number,
): Promise<{ many: RouteLookups; few: RouteLookups }> {
  const requests = many.length;
  const samples = { many: [] as number[], few: [] as number[] };
  const roundTimes = { many: [] as number[], few: [] as number[] };
  const roundCpu = { many: [] as number[], few: [] as number[] };
  const round = async (which: 'many' | 'few') => {
    const ids = which === 'many' ? many : few;
    const cpu = cpuMs();
    const started = performance.now();
    for (let i = 0; i < requests; i++) {
      const at = performance.now();
      await b.call('GET', `${SCHEDULES}/${ids[i % ids.length]}/on-call`);
      samples[which].push(performance.now() - at);
    }
    // The time to ask each of the set once.
    roundTimes[which].push(((performance.now() - started) * ids.length) / requests);
    roundCpu[which].push((cpuMs() - cpu) / requests);
  };
  await round('few'); // warm-up: JIT, pools, statement caches
  samples.few.length = 0;
  roundTimes.few.length = 0;
  roundCpu.few.length = 0;
  for (let r = 0; r < rounds; r++) {
    const order: ('many' | 'few')[] = r % 2 === 0 ? ['many', 'few'] : ['few', 'many'];
    for (const which of order) await round(which);
  }
  const summary = (which: 'many' | 'few'): RouteLookups => ({
    schedules: which === 'many' ? many.length : few.length,
    latency: distribution(samples[which]),
    roundMs: distribution(roundTimes[which]).median,
    cpuPerRequestMs: distribution(roundCpu[which]).median,
  });
  return { many: summary('many'), few: summary('few') };
}

export interface ArithmeticFigures {
  schedules: number;
  /** compileSchedule + onCallAt, per schedule (µs, median of the rounds' means). */
  onCallAtUs: number;
  /** compileSchedule + the set and the next change (what the route computes), per schedule (µs). */
  nowAndNextUs: number;
  /** All of them once: compile + at (ms). */
  allOnCallAtMs: number;
  allNowAndNextMs: number;
}

/** The pure arithmetic for `fixtures`, rounds of the whole set, median of the rounds. */
export function arithmetic(fixtures: ScheduleFixture[], atMs: number, rounds: number, repeat = 1): ArithmeticFigures {
  const defs = fixtures.map((f, i) => toScheduleDef(f, `s${i}`));
  const at = new Date(atMs);
  let sink = 0;
  const onCallAt: number[] = [];
  const nowAndNext: number[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    const a = timed(() => {
      for (let k = 0; k < repeat; k++) for (const def of defs) sink += compileSchedule(def).onCallAt(atMs).length;
    });
    const b = timed(() => {
      for (let k = 0; k < repeat; k++) for (const def of defs) sink += onCallNowAndNext(def, at).userIds.length;
    });
    if (r === 0) continue; // warm-up
    onCallAt.push(a / repeat);
    nowAndNext.push(b / repeat);
  }
  if (sink < 0) console.log(sink); // keeps the work observable
  const allA = distribution(onCallAt).median;
  const allB = distribution(nowAndNext).median;
  return {
    schedules: defs.length,
    onCallAtUs: (allA * 1000) / defs.length,
    nowAndNextUs: (allB * 1000) / defs.length,
    allOnCallAtMs: allA,
    allNowAndNextMs: allB,
  };
}
