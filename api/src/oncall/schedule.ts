import { type ActiveHours, compileActiveHours, type Span } from './activeHours.js';
import { applyOverrides, type CompiledOverride, compileOverrides, type OverrideDef } from './overrides.js';
import { type CompiledRotation, compileRotation, type RotationDef } from './rotation.js';
import { finish, type NowAndNext, nowAndNextSteps, type Segment, shiftsSteps, timelineSteps } from './scheduleQuestions.js';
import { type Sweep, sweepOf } from './sweep.js';
import { DAY, type Instant, toIso, toMs, type Zone, zoneNamed } from './zoneTime.js';

// A schedule's on-call set: the union of every rotation's member on shift, then the overrides
// in the order they were made. Inputs are Dates or ISO instants; outputs ISO-8601 UTC strings
// and user ids sorted (so equal sets read equal). "Next", the timeline and a user's shifts are
// one sweep over the span (sweep.ts); "who is on call at an instant" asks each rotation its
// turn there, a second way to the same answer that the property tests hold against the sweep.

export interface ScheduleDef {
  id: string;
  /** IANA zone of the hand-off times and active hours. */
  timeZone: string;
  rotations: RotationDef[];
  overrides: OverrideDef[];
}

/** A span of the timeline [start, end) and who is on call throughout it (maybe nobody). */
export interface TimelineSegment {
  start: string;
  end: string;
  userIds: string[];
}

export interface OnCallNowAndNext {
  at: string;
  userIds: string[];
  /** The next change of the set within the horizon, or null when there is none. */
  next: { at: string; userIds: string[] } | null;
}

export interface UserShift {
  scheduleId: string;
  start: string;
  end: string;
}

/**
 * How far "next" looks: 90 days, as far as a timeline reaches. Past it `next` is null, "no
 * change within 90 days" (one person always on call, or shifts longer than that).
 */
export const NEXT_CHANGE_HORIZON_DAYS = 90;

/** The most a timeline answers: its segments plus the people in each (one JSON value each). */
export const TIMELINE_ENTRIES_MAX = 20_000;
/** The most shifts a user's shifts answer. */
export const USER_SHIFTS_MAX = 5_000;

export { TooManyChanges } from './scheduleQuestions.js';

export interface CompiledSchedule {
  readonly def: ScheduleDef;
  readonly zone: Zone;
  readonly rotations: readonly CompiledRotation[];
  readonly overrides: readonly CompiledOverride[];
  /** The on-call set at an instant, sorted. */
  onCallAt(ms: number): string[];
  /** A sweep of [from, to) (sweep.ts): of everything, or of what can put `userId` on call. */
  sweep(from: number, to: number, userId?: string): Sweep;
  /** The set at `ms`, and the first instant after it, up to `until`, where the set differs. */
  nowAndNext(ms: number, until: number): NowAndNext;
  /** Segments tiling [from, to): no gap, no overlap, neighbours differ. TooManyChanges past `maxEntries`. */
  timeline(from: number, to: number, maxEntries?: number): Segment[];
  /** The spans of [from, to) where `userId` is on call, merged. TooManyChanges past `maxShifts`. */
  shiftsOf(userId: string, from: number, to: number, maxShifts?: number): { start: number; end: number }[];
}

/** Compiles a schedule once, for callers that ask it many questions (escalation, "who is on call"). */
export function compileSchedule(def: ScheduleDef): CompiledSchedule {
  const zone = zoneNamed(def.timeZone);
  const rotations = def.rotations.map((rotation) => compileRotation(rotation, zone));
  const overrides = compileOverrides(def.overrides);
  // Rotations with the same active-hours rules share one computation of their windows.
  const activeHours = new Map<string, ActiveHours>();
  const rulesOf = new Map<CompiledRotation, string>();
  for (const rotation of rotations) {
    const key = JSON.stringify(rotation.def.activeHours);
    if (!activeHours.has(key)) activeHours.set(key, compileActiveHours(rotation.def.activeHours, zone));
    rulesOf.set(rotation, key);
  }

  function sweep(from: number, to: number, userId?: string): Sweep {
    const only = userId === undefined ? { rotations, overrides } : reaching(userId);
    const windows = new Map<string, Span[]>();
    for (const rotation of only.rotations) {
      const key = rulesOf.get(rotation) as string;
      if (!windows.has(key)) windows.set(key, (activeHours.get(key) as ActiveHours).spansBetween(from, to));
    }
    const spans = only.rotations.map((rotation) => rotation.onCallSpans(from, to, windows.get(rulesOf.get(rotation) as string)));
    return sweepOf(from, to, spans, only.overrides);
  }

  /**
   * The rotations and overrides that can put `userId` on call: those naming them or someone a
   * chain of replaces hands on to them. The others never reach them (overrideProgram.ts).
   */
  function reaching(userId: string) {
    const people = new Set([userId]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const { def } of overrides)
        if (def.kind === 'replace' && people.has(def.userId) && def.replacesUserId && !people.has(def.replacesUserId)) {
          people.add(def.replacesUserId);
          grew = true;
        }
    }
    return {
      rotations: rotations.filter((rotation) => rotation.def.userIds.some((id) => people.has(id))),
      overrides: overrides.filter(({ def }) => people.has(def.userId) || (def.replacesUserId != null && people.has(def.replacesUserId))),
    };
  }

  function onCallAt(ms: number): string[] {
    const onCall = new Set<string>();
    for (const rotation of rotations) {
      const member = rotation.memberAt(ms);
      if (member !== null) onCall.add(member);
    }
    applyOverrides(onCall, overrides, ms);
    return [...onCall].sort();
  }

  const compiled: CompiledSchedule = {
    def,
    zone,
    rotations,
    overrides,
    onCallAt,
    sweep,
    nowAndNext: (ms, until) => finish(nowAndNextSteps(compiled, ms, until)),
    timeline: (from, to, maxEntries) => finish(timelineSteps(compiled, from, to, maxEntries)),
    shiftsOf: (userId, from, to, maxShifts) => finish(shiftsSteps(compiled, userId, from, to, maxShifts)),
  };
  return compiled;
}

/** Who is on call in a schedule at an instant (user ids, sorted). */
export function onCallAt(schedule: ScheduleDef, at: Instant): string[] {
  return compileSchedule(schedule).onCallAt(toMs(at));
}

/** Who is on call at `at`, and the next change (instant and set) within `horizonDays`. */
export function onCallNowAndNext(
  schedule: ScheduleDef,
  at: Instant,
  { horizonDays = NEXT_CHANGE_HORIZON_DAYS }: { horizonDays?: number } = {},
): OnCallNowAndNext {
  const ms = toMs(at);
  const { userIds, next } = compileSchedule(schedule).nowAndNext(ms, ms + horizonDays * DAY);
  return { at: toIso(ms), userIds, next: next && { at: toIso(next.at), userIds: next.userIds } };
}

/** The schedule over [from, to) as segments with no gap or overlap; neighbours differ. */
export function timeline(schedule: ScheduleDef, from: Instant, to: Instant, maxEntries?: number): TimelineSegment[] {
  return compileSchedule(schedule)
    .timeline(toMs(from), toMs(to), maxEntries)
    .map((s) => ({ start: toIso(s.start), end: toIso(s.end), userIds: s.userIds }));
}

/** Shifts of a user across schedules by start, then schedule id. */
export function byStart(shifts: { scheduleId: string; start: number; end: number }[]): UserShift[] {
  shifts.sort((a, b) => a.start - b.start || (a.scheduleId < b.scheduleId ? -1 : a.scheduleId > b.scheduleId ? 1 : 0));
  return shifts.map((s) => ({ scheduleId: s.scheduleId, start: toIso(s.start), end: toIso(s.end) }));
}

/** A user's own time on call over [from, to) across schedules, by start then schedule id. */
export function userShifts(schedules: readonly ScheduleDef[], userId: string, from: Instant, to: Instant): UserShift[] {
  const fromMs = toMs(from);
  const toMsValue = toMs(to);
  return byStart(
    schedules.flatMap((schedule) =>
      compileSchedule(schedule)
        .shiftsOf(userId, fromMs, toMsValue)
        .map((s) => ({ scheduleId: schedule.id, ...s })),
    ),
  );
}
