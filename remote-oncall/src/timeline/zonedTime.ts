// Wall-clock arithmetic in a schedule's time zone, with Intl only (no date library in the
// console): the timeline's day lines fall at midnight where the schedule is, across DST changes.

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant`: year, month (1–12), day, hour, minute, second. */
export function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of 00:00 on a wall-clock date in `timeZone` (the offset as it is then, found in two steps). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** The start of the day containing `instant`, where the schedule is. */
export function startOfZonedDay(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return zonedMidnight(w.year, w.month, w.day, timeZone);
}

/** Each midnight in `timeZone` within `[from, to]`. */
export function zonedMidnights(from: number, to: number, timeZone: string): number[] {
  const result: number[] = [];
  // Date.UTC normalises a day past the month's end (31 + 1 is the 1st of the next month).
  const w = wallClock(from, timeZone);
  for (let day = 0; day < 400; day++) {
    const at = zonedMidnight(w.year, w.month, w.day + day, timeZone);
    if (at > to) break;
    if (at >= from) result.push(at);
  }
  return result;
}

/** The instant a wall-clock time in `timeZone` names (a time skipped by a spring change moves on by the gap). */
export function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** `2025-03-24T09:00` (a datetime-local input) read in `timeZone`, as an ISO instant; null when not a date-time. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(zonedInstant(y, mo, d, h, mi, timeZone)).toISOString();
}

/** An instant as a datetime-local input's value, in `timeZone`. */
export function toLocalInput(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}
