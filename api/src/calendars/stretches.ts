import type { Db } from '../db/database.js';
import type { ScheduleRow } from '../db/schema.js';
import { type CompiledSchedule, compileSchedule, TIMELINE_ENTRIES_MAX } from '../oncall/schedule.js';
import { type Segment, shiftsSteps, TooManyChanges, timelineSteps } from '../oncall/scheduleQuestions.js';
import { DAY } from '../oncall/zoneTime.js';
import { eachDefinition, finishLettingGo } from '../schedules/onCall.js';

// The stretches of time people are on call, for a calendar feed or an hours export: the
// arithmetic of api/src/oncall/ (overrides applied, clock changes handled) run over a long span
// in chunks, so a cap on what is answered also bounds the work. Past the cap, the answer ends at
// the last chunk that fitted (`until`): always a complete prefix of the span, never a hole.

/** The span computed at once: a cap is checked between two chunks. */
export const CHUNK_DAYS = 15;

/** One person's unbroken time on call in one schedule, [start, end) in epoch ms. */
export interface Stretch {
  scheduleId: string;
  userId: string;
  start: number;
  end: number;
}

/** Stretches by start, and where the answer stops (`to`, or earlier when the cap was met). */
export interface Stretches {
  stretches: Stretch[];
  until: number;
}

/** The span [from, to) in chunks of CHUNK_DAYS. */
function* chunks(from: number, to: number): Generator<[number, number]> {
  for (let start = from; start < to; start += CHUNK_DAYS * DAY) yield [start, Math.min(start + CHUNK_DAYS * DAY, to)];
}

/** The schedules compiled with what meets [from, to): their rotations, the overrides in the span. */
export async function compiledSchedules(db: Db, schedules: ScheduleRow[], from: number, to: number): Promise<CompiledSchedule[]> {
  const compiled: CompiledSchedule[] = [];
  for await (const def of eachDefinition(db, schedules, from, to)) compiled.push(compileSchedule(def));
  return compiled;
}

/**
 * Adds a chunk's stretches to `into` when at most `max` stretches then exist, a stretch that
 * ends at the chunk's start continued by one of the same person starting there (a shift over
 * two chunks is one). Returns false, changing nothing, when they would not fit.
 */
function added(into: Stretch[], chunk: Stretch[], chunkStart: number, max: number): boolean {
  const open = new Map(into.filter((s) => s.end === chunkStart).map((s) => [`${s.scheduleId} ${s.userId}`, s]));
  const continued = chunk.filter((s) => s.start === chunkStart && open.has(`${s.scheduleId} ${s.userId}`));
  if (into.length + chunk.length - continued.length > max) return false;
  for (const s of chunk) {
    const before = s.start === chunkStart ? open.get(`${s.scheduleId} ${s.userId}`) : undefined;
    if (before) before.end = s.end;
    else into.push(s);
  }
  return true;
}

const byStart = (a: Stretch, b: Stretch) =>
  a.start - b.start || a.scheduleId.localeCompare(b.scheduleId) || a.userId.localeCompare(b.userId);

/** `userId`'s own stretches over [from, to) across `schedules`, at most `max`. */
export async function stretchesOfUser(
  schedules: CompiledSchedule[],
  userId: string,
  from: number,
  to: number,
  max: number,
): Promise<Stretches> {
  const stretches: Stretch[] = [];
  for (const [start, end] of chunks(from, to)) {
    const chunk: Stretch[] = [];
    try {
      for (const schedule of schedules) {
        const shifts = await finishLettingGo(shiftsSteps(schedule, userId, start, end, max - stretches.length + 1));
        for (const shift of shifts) chunk.push({ scheduleId: schedule.def.id, userId, ...shift });
      }
    } catch (error) {
      if (error instanceof TooManyChanges) return { stretches, until: start };
      throw error;
    }
    if (!added(stretches, chunk.sort(byStart), start, max)) return { stretches, until: start };
  }
  return { stretches, until: to };
}

/** Everyone's stretches in one schedule over [from, to), at most `max`. */
export async function stretchesOfSchedule(schedule: CompiledSchedule, from: number, to: number, max: number): Promise<Stretches> {
  const stretches: Stretch[] = [];
  for (const [start, end] of chunks(from, to)) {
    let segments: Segment[];
    try {
      // The timeline route's own bound, per chunk: what a chunk holds in memory at once.
      segments = await finishLettingGo(timelineSteps(schedule, start, end, TIMELINE_ENTRIES_MAX));
    } catch (error) {
      if (error instanceof TooManyChanges) return { stretches, until: start };
      throw error;
    }
    const chunk: Stretch[] = [];
    const open = new Map<string, Stretch>();
    for (const segment of segments) {
      for (const [userId, stretch] of open)
        if (!segment.userIds.includes(userId)) {
          stretch.end = segment.start;
          open.delete(userId);
        }
      for (const userId of segment.userIds)
        if (!open.has(userId)) {
          const stretch = { scheduleId: schedule.def.id, userId, start: segment.start, end };
          open.set(userId, stretch);
          chunk.push(stretch);
        }
    }
    if (!added(stretches, chunk.sort(byStart), start, max)) return { stretches, until: start };
  }
  return { stretches, until: to };
}
