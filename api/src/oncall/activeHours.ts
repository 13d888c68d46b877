import { DAY, isoWeekday, localDayOf, MINUTE, parseClock, resolveWall, type Zone } from './zoneTime.js';

// Active hours: when a rotation may page at all (e.g. weekdays 09:00–17:00 in the schedule's
// zone). Outside them the rotation has nobody on call; whose turn it is does not change.

/** Active on each listed ISO weekday (1 = Monday … 7 = Sunday) from `start` to `end`, local. */
export interface ActiveHoursRule {
  days: number[];
  /** 'HH:mm', local. */
  start: string;
  /** 'HH:mm' or '24:00', local. Not after `start`: the window runs past midnight into the next day. */
  end: string;
}

/** A half-open span of instants [start, end), epoch ms. */
export interface Span {
  start: number;
  end: number;
}

export interface ActiveHours {
  /** True when no rule limits the rotation (no rules = always active). */
  readonly always: boolean;
  isActiveAt(ms: number): boolean;
  /** The active spans meeting [from, to), merged, sorted and clipped to the range. */
  spansBetween(from: number, to: number): Span[];
}

interface DailyWindow {
  days: ReadonlySet<number>;
  startMinute: number;
  endMinute: number;
  /** The end falls on the next local day (a window past midnight, or 24 h when start = end). */
  endsNextDay: boolean;
}

function compileRule(rule: ActiveHoursRule): DailyWindow {
  for (const day of rule.days) {
    if (!Number.isInteger(day) || day < 1 || day > 7) throw new RangeError(`not an ISO weekday (1-7): ${day}`);
  }
  const startMinute = parseClock(rule.start);
  const endMinute = parseClock(rule.end, true);
  return { days: new Set(rule.days), startMinute, endMinute, endsNextDay: endMinute <= startMinute };
}

// A window is anchored on its local start day and ends at most the next day; a skipped span
// (up to a whole day, as Samoa's 2011-12-30) can push its instants a day later still. So the
// windows that can meet a range start up to three local days before it.
const DAYS_BEFORE = 3;

export function compileActiveHours(rules: readonly ActiveHoursRule[], zone: Zone): ActiveHours {
  const windows = rules.map(compileRule);
  const always = windows.length === 0;
  const never = !always && windows.every((w) => w.days.size === 0);
  // Each weekday's windows by start, so a range's windows come out nearly sorted (all but a
  // start in a skipped hour, which resolves after the hour's end does): the sort is cheap.
  const byWeekday = [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
    windows.filter((w) => w.days.has(weekday)).sort((a, b) => a.startMinute - b.startMinute),
  );

  function spansBetween(from: number, to: number): Span[] {
    if (always) return to > from ? [{ start: from, end: to }] : [];
    const raw: Span[] = [];
    const lastDay = localDayOf(zone, to) + 1;
    for (let day = localDayOf(zone, from) - DAYS_BEFORE; day <= lastDay; day++) {
      // A day far from any offset change (nearly all of them) resolves its wall times by one
      // subtraction; one near a change asks resolveWall for each.
      const offset = zone.offsetThroughout((day - 2) * DAY, (day + 4) * DAY);
      const instant = (wall: number) => (offset === null ? resolveWall(zone, wall) : wall - offset);
      for (const w of byWeekday[isoWeekday(day) - 1] as DailyWindow[]) {
        const start = instant(day * DAY + w.startMinute * MINUTE);
        const end = instant((w.endsNextDay ? day + 1 : day) * DAY + w.endMinute * MINUTE);
        // A window inside a skipped hour resolves to nothing (start = end): it is dropped.
        if (end > start && end > from && start < to) raw.push({ start: Math.max(start, from), end: Math.min(end, to) });
      }
    }
    raw.sort((a, b) => a.start - b.start);
    const merged: Span[] = [];
    for (const span of raw) {
      const last = merged.at(-1);
      if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
      else merged.push(span);
    }
    return merged;
  }

  return {
    always,
    isActiveAt: (ms) => always || (!never && spansBetween(ms, ms + 1).length > 0),
    spansBetween,
  };
}
