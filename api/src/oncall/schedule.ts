import { applyOverrides, type CompiledOverride, compileOverrides, type OverrideDef } from './overrides.js';
import { type CompiledRotation, compileRotation, type RotationDef } from './rotation.js';
import { DAY, type Instant, toIso, toMs, type Zone, zoneNamed } from './zoneTime.js';

// A schedule's on-call set: the union of every rotation's member on shift, then the overrides
// in the order they were made. Inputs are Dates or ISO instants; outputs ISO-8601 UTC strings
// and user ids sorted (so equal sets read equal).

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

/** How far "next" looks by default: a year and a day (a yearly pattern shows within it). */
export const NEXT_CHANGE_HORIZON_DAYS = 366;

export interface CompiledSchedule {
  readonly def: ScheduleDef;
  readonly zone: Zone;
  readonly rotations: readonly CompiledRotation[];
  readonly overrides: readonly CompiledOverride[];
  /** The on-call set at an instant, sorted. */
  onCallAt(ms: number): string[];
  /** The first instant after `ms`, up to `until`, where the set differs from the set at `ms`. */
  nextChange(ms: number, until: number): { at: number; userIds: string[] } | null;
  /** Segments tiling [from, to): no gap, no overlap, neighbours differ. */
  timeline(from: number, to: number): { start: number; end: number; userIds: string[] }[];
}

const sorted = (set: Set<string>): string[] => [...set].sort();
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Compiles a schedule once, for callers that ask it many questions (escalation, "who is on call"). */
export function compileSchedule(def: ScheduleDef): CompiledSchedule {
  const zone = zoneNamed(def.timeZone);
  const rotations = def.rotations.map((rotation) => compileRotation(rotation, zone));
  const overrides = compileOverrides(def.overrides);

  function onCallAt(ms: number): string[] {
    const onCall = new Set<string>();
    for (const rotation of rotations) {
      const member = rotation.memberAt(ms);
      if (member !== null) onCall.add(member);
    }
    applyOverrides(onCall, overrides, ms);
    return sorted(onCall);
  }

  function nextChange(ms: number, until: number) {
    const current = onCallAt(ms);
    // Every rotation and override names an instant at or before its next change; the set can
    // only change at one of them, so testing each earliest one in turn finds the first change.
    for (let at = ms; ; ) {
      let candidate = Number.POSITIVE_INFINITY;
      for (const rotation of rotations) candidate = Math.min(candidate, rotation.nextChangeAfter(at));
      for (const { start, end } of overrides) {
        if (start > at) candidate = Math.min(candidate, start);
        else if (end > at) candidate = Math.min(candidate, end);
      }
      if (candidate > until) return null;
      const userIds = onCallAt(candidate);
      if (!sameSet(userIds, current)) return { at: candidate, userIds };
      at = candidate;
    }
  }

  // Built from each rotation's list of shifts over the range, not from onCallAt: two ways to
  // the same answer, which the property tests hold against each other.
  function timeline(from: number, to: number) {
    if (!(to > from)) throw new RangeError('a timeline needs from < to');
    const shifts = rotations.map((rotation) => rotation.shiftsBetween(from, to));
    const cuts = new Set<number>([from, to]);
    for (const list of shifts) for (const s of list) cuts.add(s.start).add(s.end);
    for (const { start, end } of overrides) {
      if (start > from && start < to) cuts.add(start);
      if (end > from && end < to) cuts.add(end);
    }
    const instants = [...cuts].sort((a, b) => a - b);
    const cursor = shifts.map(() => 0);
    const segments: { start: number; end: number; userIds: string[] }[] = [];
    for (let i = 0; i + 1 < instants.length; i++) {
      const start = instants[i] as number;
      const end = instants[i + 1] as number;
      const onCall = new Set<string>();
      shifts.forEach((list, r) => {
        let at = cursor[r] as number;
        while (at < list.length && (list[at]?.end ?? 0) <= start) at++;
        cursor[r] = at;
        const shift = list[at];
        if (shift && shift.start <= start) onCall.add(shift.userId);
      });
      applyOverrides(onCall, overrides, start);
      const userIds = sorted(onCall);
      const last = segments.at(-1);
      if (last && sameSet(last.userIds, userIds)) last.end = end;
      else segments.push({ start, end, userIds });
    }
    return segments;
  }

  return { def, zone, rotations, overrides, onCallAt, nextChange, timeline };
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
  const compiled = compileSchedule(schedule);
  const ms = toMs(at);
  const next = compiled.nextChange(ms, ms + horizonDays * DAY);
  return {
    at: toIso(ms),
    userIds: compiled.onCallAt(ms),
    next: next && { at: toIso(next.at), userIds: next.userIds },
  };
}

/** The schedule over [from, to) as segments with no gap or overlap; neighbours differ. */
export function timeline(schedule: ScheduleDef, from: Instant, to: Instant): TimelineSegment[] {
  return compileSchedule(schedule)
    .timeline(toMs(from), toMs(to))
    .map((s) => ({ start: toIso(s.start), end: toIso(s.end), userIds: s.userIds }));
}

/** A user's own time on call over [from, to) across schedules, by start then schedule id. */
export function userShifts(schedules: readonly ScheduleDef[], userId: string, from: Instant, to: Instant): UserShift[] {
  const fromMs = toMs(from);
  const toMsValue = toMs(to);
  const shifts: { scheduleId: string; start: number; end: number }[] = [];
  for (const schedule of schedules) {
    for (const segment of compileSchedule(schedule).timeline(fromMs, toMsValue)) {
      if (!segment.userIds.includes(userId)) continue;
      const last = shifts.at(-1);
      if (last && last.scheduleId === schedule.id && last.end === segment.start) last.end = segment.end;
      else shifts.push({ scheduleId: schedule.id, start: segment.start, end: segment.end });
    }
  }
  shifts.sort((a, b) => a.start - b.start || (a.scheduleId < b.scheduleId ? -1 : a.scheduleId > b.scheduleId ? 1 : 0));
  return shifts.map((s) => ({ scheduleId: s.scheduleId, start: toIso(s.start), end: toIso(s.end) }));
}
