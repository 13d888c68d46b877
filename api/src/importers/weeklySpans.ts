import type { ActiveHoursRule } from '../oncall/activeHours.js';

// The vendors limit a rotation to parts of the week in their own shapes (Opsgenie's time
// restrictions, a Grafana OnCall shift shorter than its period, its weekday mask); Vigil's
// active hours are rules {days, start, end} whose end, when not after the start, runs past
// midnight. Both meet here as spans of the week in local minutes from Monday 00:00.

export const DAY_MINUTES = 1440;
export const WEEK_MINUTES = 7 * DAY_MINUTES;

/** [start, start + length) in minutes from Monday 00:00 local; a span past Sunday wraps to Monday. */
export interface WeekSpan {
  start: number;
  length: number;
}

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const mod = (n: number, m: number) => ((n % m) + m) % m;

/** The spans as a union of disjoint spans sorted by start, within one week (a wrapping span split); null: the whole week. */
function union(spans: WeekSpan[]): WeekSpan[] | null {
  const pieces: [number, number][] = [];
  for (const span of spans) {
    if (span.length <= 0) continue;
    if (span.length >= WEEK_MINUTES) return null;
    const start = mod(span.start, WEEK_MINUTES);
    const end = start + span.length;
    if (end <= WEEK_MINUTES) pieces.push([start, end]);
    else pieces.push([start, WEEK_MINUTES], [0, end - WEEK_MINUTES]);
  }
  pieces.sort((a, b) => a[0] - b[0]);
  let covered = 0;
  for (const [start, end] of pieces) if (start <= covered) covered = Math.max(covered, end);
  if (covered >= WEEK_MINUTES) return null;
  const merged: [number, number][] = [];
  for (const [start, end] of pieces) {
    const last = merged.at(-1);
    // Overlapping spans are one; spans that only touch stay apart (a weekday's 24 hours each).
    if (last && start < last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  // A span running to Sunday 24:00 and one from Monday 00:00 are one span across the week's end.
  const first = merged[0];
  const last = merged.at(-1);
  if (merged.length > 1 && first && last && first[0] === 0 && last[1] === WEEK_MINUTES) {
    merged.shift();
    last[1] = WEEK_MINUTES + first[1];
  }
  return merged.map(([start, end]) => ({ start, length: end - start }));
}

/** One span as rules of single days (ISO weekday 1 = Monday). */
function rulesOfSpan({ start, length }: WeekSpan): { day: number; start: string; end: string }[] {
  const day = Math.floor(start / DAY_MINUTES);
  const from = start % DAY_MINUTES;
  const end = start + length;
  const endDay = Math.floor(end / DAY_MINUTES);
  const to = end % DAY_MINUTES;
  const iso = (d: number) => mod(d, 7) + 1;
  // Within a day, or up to 24 hours past midnight: one rule (an end not after its start runs past midnight).
  if (endDay === day) return [{ day: iso(day), start: clock(from), end: clock(to) }];
  if (endDay === day + 1 && (to === 0 || to <= from)) {
    return [{ day: iso(day), start: clock(from), end: to === 0 ? '24:00' : clock(to) }];
  }
  const rules = [{ day: iso(day), start: clock(from), end: '24:00' }];
  for (let d = day + 1; d < endDay; d++) rules.push({ day: iso(d), start: '00:00', end: '24:00' });
  if (to > 0) rules.push({ day: iso(endDay), start: '00:00', end: clock(to) });
  return rules;
}

/**
 * Vigil's active hours for the spans: [] when they cover the whole week (always active), else
 * one rule per distinct (start, end), its days listed (five "09:00–17:00" weekdays are one rule).
 */
export function activeHoursOf(spans: WeekSpan[]): ActiveHoursRule[] {
  const disjoint = union(spans);
  if (disjoint === null) return [];
  const byTimes = new Map<string, ActiveHoursRule>();
  for (const piece of disjoint.flatMap(rulesOfSpan)) {
    const key = `${piece.start}-${piece.end}`;
    const rule = byTimes.get(key);
    if (rule) rule.days = [...new Set([...rule.days, piece.day])].sort((a, b) => a - b);
    else byTimes.set(key, { days: [piece.day], start: piece.start, end: piece.end });
  }
  return [...byTimes.values()].sort((a, b) => (a.days[0] ?? 0) - (b.days[0] ?? 0) || a.start.localeCompare(b.start));
}

/** Minutes from Monday 00:00 of an ISO weekday (1-7) and a time of day. */
export const weekMinute = (isoDay: number, hour: number, minute: number) => (isoDay - 1) * DAY_MINUTES + hour * 60 + minute;

/** The span from one week minute to the next occurrence of another (equal: the whole week). */
export function spanBetween(start: number, end: number): WeekSpan {
  const length = mod(end - start, WEEK_MINUTES);
  return { start, length: length === 0 ? WEEK_MINUTES : length };
}

/** A time of day on every day, from `start` to `end` minutes (an end not after the start: past midnight; equal: all day). */
export function dailySpans(start: number, end: number, days: number[] = [1, 2, 3, 4, 5, 6, 7]): WeekSpan[] {
  const length = mod(end - start, DAY_MINUTES) || DAY_MINUTES;
  return days.map((day) => ({ start: weekMinute(day, 0, 0) + start, length }));
}
