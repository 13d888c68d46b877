import { type ActiveHours, type ActiveHoursRule, compileActiveHours, type Span } from './activeHours.js';
import { DAY, HOUR, type Instant, localDayOf, MINUTE, parseClock, resolveWall, toIso, toMs, type Zone, zoneNamed } from './zoneTime.js';

// One rotation: users take turns, handing off at a wall-clock time (days, weeks) or every N
// elapsed hours. Pure arithmetic: the turn at an instant is computed from the rotation's first
// hand-off in O(1) (counting local calendar days, or elapsed ms), never by walking the turns.

export type ShiftLength = { unit: 'hours'; count: number } | { unit: 'days'; count: number } | { unit: 'weeks'; count: number };

export interface RotationDef {
  id: string;
  /** Whose turn it is, in order; a user may appear more than once. Empty: nobody, ever. */
  userIds: string[];
  /** Nobody is on call before this instant; the first hand-off (to userIds[0]) is at or after it. */
  startsAt: Instant;
  /** 'HH:mm' in the schedule's zone: the hand-off time of days/weeks rotations (unused for hours). */
  handoffTime: string;
  shiftLength: ShiftLength;
  /** Empty: always active. */
  activeHours: ActiveHoursRule[];
}

/** A person on call from `start` to `end` (ISO-8601 UTC, half-open). */
export interface Shift {
  userId: string;
  start: string;
  end: string;
}

/** A turn of the rotation (active hours aside): the `index`-th hand-off, to `userId`. Epoch ms. */
export interface Turn {
  index: number;
  userId: string | null;
  start: number;
  end: number;
}

export interface CompiledRotation {
  readonly def: RotationDef;
  readonly activeHours: ActiveHours;
  /** The instant of hand-off `index` (0 = the first); non-decreasing in `index`. */
  handoff(index: number): number;
  /** The turn holding an instant, or -1 before the first hand-off. */
  turnIndexAt(ms: number): number;
  /** Whose turn the `index`-th is (null when the rotation has no users). */
  userOfTurn(index: number): string | null;
  /** The turns meeting [from, to), in order, unclipped; turns of no length are left out. */
  turnsBetween(from: number, to: number): Turn[];
  /** Who this rotation has on call at an instant (turn and active hours), or null. */
  memberAt(ms: number): string | null;
  /** The on-call spans of this rotation meeting [from, to), clipped to it: one per turn and active span. */
  shiftsBetween(from: number, to: number): MemberSpan[];
  /**
   * The same with neighbours of the same person merged ([a, a, a] is one span), so each span
   * boundary is a change of this rotation's member. `active`: the active-hours spans of
   * [from, to), when the caller computed them already (rotations sharing rules share them).
   */
  onCallSpans(from: number, to: number, active?: readonly Span[]): MemberSpan[];
}

/** A person on call in a rotation over [start, end), epoch ms. */
export interface MemberSpan {
  userId: string;
  start: number;
  end: number;
}

function checkShiftLength(length: ShiftLength): void {
  if (!['hours', 'days', 'weeks'].includes(length.unit)) throw new RangeError(`unknown shift unit: ${length.unit}`);
  if (!Number.isSafeInteger(length.count) || length.count < 1)
    throw new RangeError(`shift count must be a positive integer: ${length.count}`);
}

interface HandoffClock {
  first: number;
  handoff(index: number): number;
  turnIndexAt(ms: number): number;
}

/** Hours: hand-offs every `count` elapsed hours from `startsAt`, whatever the wall clock says. */
function elapsedClock(startsAt: number, hours: number): HandoffClock {
  const length = hours * HOUR;
  return {
    first: startsAt,
    handoff: (index) => startsAt + index * length,
    turnIndexAt: (ms) => (ms < startsAt ? -1 : Math.floor((ms - startsAt) / length)),
  };
}

/**
 * Days and weeks: hand-off `index` is at `handoffTime` on local day `firstDay + index * stepDays`,
 * resolved in the zone (see resolveWall for the skipped and repeated hours). The first hand-off
 * is the first such wall-clock time at or after `startsAt`.
 */
function wallClock(zone: Zone, startsAt: number, handoffMinute: number, stepDays: number): HandoffClock {
  const atDay = (day: number) => resolveWall(zone, day * DAY + handoffMinute * MINUTE);
  let firstDay = localDayOf(zone, startsAt);
  while (atDay(firstDay) < startsAt) firstDay++;
  const first = atDay(firstDay);
  const handoff = (index: number) => atDay(firstDay + index * stepDays);
  return {
    first,
    handoff,
    turnIndexAt(ms) {
      if (ms < first) return -1;
      // The turn whose hand-off day is the last on or before the instant's local day; then at
      // most a step or two to settle a hand-off later that day, or one a skipped day moved.
      let index = Math.max(0, Math.floor((localDayOf(zone, ms) - firstDay) / stepDays));
      while (index > 0 && handoff(index) > ms) index--;
      while (handoff(index + 1) <= ms) index++;
      return index;
    },
  };
}

export function compileRotation(def: RotationDef, zone: Zone): CompiledRotation {
  checkShiftLength(def.shiftLength);
  const startsAt = toMs(def.startsAt);
  const { unit, count } = def.shiftLength;
  const clock =
    unit === 'hours'
      ? elapsedClock(startsAt, count)
      : wallClock(zone, startsAt, parseClock(def.handoffTime), count * (unit === 'weeks' ? 7 : 1));
  const activeHours = compileActiveHours(def.activeHours, zone);
  const users = def.userIds;
  const userOf = (index: number): string | null => (users.length === 0 ? null : (users[index % users.length] ?? null));

  function turnsBetween(from: number, to: number): Turn[] {
    const turns: Turn[] = [];
    let index = Math.max(0, clock.turnIndexAt(from));
    for (let start = clock.handoff(index); start < to; index++) {
      const end = clock.handoff(index + 1);
      if (end > start && end > from) turns.push({ index, userId: userOf(index), start, end });
      start = end;
    }
    return turns;
  }

  // Turns and active spans are both sorted and disjoint: intersected in one pass, turn by turn
  // (no list of turns: a year of hourly turns is thousands).
  function intersect(from: number, to: number, spans: readonly Span[], merge: boolean): MemberSpan[] {
    const shifts: MemberSpan[] = [];
    if (users.length === 0 || spans.length === 0) return shifts;
    let next = 0;
    let index = Math.max(0, clock.turnIndexAt(from));
    for (let turnStart = clock.handoff(index); turnStart < to; index++) {
      const turnEnd = clock.handoff(index + 1);
      const userId = userOf(index) as string;
      while (next < spans.length && (spans[next] as Span).end <= turnStart) next++;
      for (let i = next; i < spans.length && (spans[i] as Span).start < turnEnd; i++) {
        const span = spans[i] as Span;
        const start = Math.max(span.start, turnStart, from);
        const end = Math.min(span.end, turnEnd, to);
        if (end <= start) continue;
        const last = shifts.at(-1);
        if (merge && last && last.userId === userId && last.end === start) last.end = end;
        else shifts.push({ userId, start, end });
      }
      turnStart = turnEnd;
    }
    return shifts;
  }

  return {
    def,
    activeHours,
    handoff: clock.handoff,
    turnIndexAt: clock.turnIndexAt,
    userOfTurn: userOf,
    turnsBetween,
    memberAt(ms) {
      const index = clock.turnIndexAt(ms);
      if (index < 0 || !activeHours.isActiveAt(ms)) return null;
      return userOf(index);
    },
    shiftsBetween: (from, to) => intersect(from, to, activeHours.spansBetween(from, to), false),
    onCallSpans: (from, to, active = activeHours.spansBetween(from, to)) => intersect(from, to, active, true),
  };
}

/** The on-call spans of one rotation over [from, to) in a zone, as ISO shifts. */
export function rotationShifts(rotation: RotationDef, timeZone: string, from: Instant, to: Instant): Shift[] {
  const compiled = compileRotation(rotation, zoneNamed(timeZone));
  return compiled
    .shiftsBetween(toMs(from), toMs(to))
    .map((shift) => ({ userId: shift.userId, start: toIso(shift.start), end: toIso(shift.end) }));
}

/** Whose turn it is in a rotation at an instant (active hours aside), with the turn's span. */
export function rotationTurnAt(rotation: RotationDef, timeZone: string, at: Instant): (Shift & { index: number }) | null {
  const compiled = compileRotation(rotation, zoneNamed(timeZone));
  const index = compiled.turnIndexAt(toMs(at));
  const userId = index < 0 ? null : compiled.userOfTurn(index);
  if (userId === null) return null;
  return { index, userId, start: toIso(compiled.handoff(index)), end: toIso(compiled.handoff(index + 1)) };
}
