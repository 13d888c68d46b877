import type { CompiledSchedule } from './schedule.js';
import { DAY } from './zoneTime.js';

// "Now and next", the timeline and a user's shifts: each a sweep (sweep.ts) of its span, in
// windows of at most WINDOW_DAYS, written as generators that pause between two windows. The
// routes let the event loop go at each pause (schedules/onCall.ts), so even the costliest
// schedule at the caps holds it for one window's sweep at a time; the pure functions of
// schedule.ts run them through (`finish`).

/** The longest stretch swept at once. */
export const WINDOW_DAYS = 15;

/** A computation that pauses between its windows and ends with its answer. */
export type Steps<T> = Generator<void, T, void>;

/** A timeline or a user's shifts that would pass its bound: the span asked is too busy. */
export class TooManyChanges extends RangeError {
  constructor(readonly limit: number) {
    super(`more than ${limit} entries in the span`);
  }
}

export type Segment = { start: number; end: number; userIds: string[] };
export type NowAndNext = { userIds: string[]; next: { at: number; userIds: string[] } | null };

/** Runs a computation through at once. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** [from, to) in windows: the first `first` long, each next twice as long, up to WINDOW_DAYS. */
function* windows(from: number, to: number, first = WINDOW_DAYS * DAY): Generator<[number, number]> {
  for (let start = from, length = first; start < to; start += length, length = Math.min(2 * length, WINDOW_DAYS * DAY))
    yield [start, Math.min(start + length, to)];
}

/**
 * The set at `ms`, and the first instant after it, up to `until`, where the set differs. Windows
 * of a day, then twice as long each time: the common case (a change within days) stops early.
 */
export function* nowAndNextSteps(schedule: CompiledSchedule, ms: number, until: number): Steps<NowAndNext> {
  // Set by the sweep's visitor: read through `answer` (TypeScript does not see closures assign).
  const answer: { current: string[] | null; next: NowAndNext['next'] } = { current: null, next: null };
  for (const [from, to] of windows(ms, until + 1, DAY)) {
    if (answer.current !== null) yield;
    schedule.sweep(from, to).run((start, set) => {
      const userIds = set.userIds();
      if (answer.current === null) answer.current = userIds;
      else if (!sameSet(answer.current, userIds)) answer.next = { at: start, userIds };
      return answer.next === null;
    });
    if (answer.next !== null) break;
  }
  return { userIds: answer.current ?? [], next: answer.next };
}

/** Segments tiling [from, to): no gap, no overlap, neighbours differ. TooManyChanges past `maxEntries`. */
export function* timelineSteps(
  schedule: CompiledSchedule,
  from: number,
  to: number,
  maxEntries = Number.POSITIVE_INFINITY,
): Steps<Segment[]> {
  if (!(to > from)) throw new RangeError('a timeline needs from < to');
  const segments: Segment[] = [];
  let entries = 0;
  for (const [start, end] of windows(from, to)) {
    if (segments.length > 0) yield;
    schedule.sweep(start, end).run((at, set) => {
      const userIds = set.userIds();
      const last = segments.at(-1);
      if (last && sameSet(last.userIds, userIds)) return true; // a window's first set, as before it
      if (last) last.end = at;
      entries += 1 + userIds.length;
      if (entries > maxEntries) throw new TooManyChanges(maxEntries);
      segments.push({ start: at, end: to, userIds });
      return true;
    });
  }
  return segments;
}

/** The spans of [from, to) where `userId` is on call, merged. TooManyChanges past `maxShifts`. */
export function* shiftsSteps(
  schedule: CompiledSchedule,
  userId: string,
  from: number,
  to: number,
  maxShifts = Number.POSITIVE_INFINITY,
): Steps<{ start: number; end: number }[]> {
  const shifts: { start: number; end: number }[] = [];
  let open: { start: number; end: number } | null = null;
  let first = true;
  for (const [start, end] of windows(from, to)) {
    if (!first) yield;
    first = false;
    const sweep = schedule.sweep(start, end, userId);
    const person = sweep.personOf(userId);
    sweep.run((at, set) => {
      const on = person >= 0 && set.has(person);
      if (on && !open) {
        if (shifts.length >= maxShifts) throw new TooManyChanges(maxShifts);
        open = { start: at, end: to };
        shifts.push(open);
      } else if (!on && open) {
        open.end = at;
        open = null;
      }
      return true;
    });
  }
  return shifts;
}
