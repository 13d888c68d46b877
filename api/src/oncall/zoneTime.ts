import { IANAZone } from 'luxon';

// Wall-clock arithmetic in an IANA time zone, the ground the rotation arithmetic stands on.
// Instants are epoch milliseconds. A wall-clock time is written as "wall ms": the same
// calendar date and clock reading taken as if it were UTC, so calendar days are plain integers
// (`epochDay = floor(wall / DAY)`) and counting days is subtraction, whatever DST does.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** An instant as callers give it: a Date, or an ISO-8601 string that carries its offset. */
export type Instant = Date | string;

const ISO_INSTANT =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?(Z|([+-])([01]\d|2[0-3]):([0-5]\d))$/;

/** Epoch ms of an instant; a string without an offset, or a date that does not exist, is refused. */
export function toMs(at: Instant): number {
  if (at instanceof Date) {
    const ms = at.getTime();
    if (Number.isFinite(ms)) return ms;
    throw new RangeError('invalid Date');
  }
  const m = ISO_INSTANT.exec(at);
  if (m) {
    const [, year, month, day, hour, minute, second = '0', fraction = '0', , sign, offsetH, offsetM] = m;
    const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
    // Date.UTC rolls 2025-02-30 over to March (and years 0-99 to 19xx): the round trip refuses both.
    const check = new Date(wall);
    if (check.getUTCDate() === Number(day) && check.getUTCFullYear() === Number(year)) {
      const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(offsetH) * 60 + Number(offsetM)) : 0;
      return wall + Math.floor(Number(`0.${fraction}`) * 1000) - offsetMinutes * MINUTE;
    }
  }
  throw new RangeError(`not an ISO-8601 instant with an offset: ${JSON.stringify(at)}`);
}

/** The module's output form: ISO-8601 in UTC with milliseconds (JSON-ready, sorts as it reads). */
export const toIso = (ms: number): string => new Date(ms).toISOString();

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since local midnight of an 'HH:mm' clock reading; '24:00' only where allowed (an end). */
export function parseClock(text: string, allowMidnightEnd = false): number {
  if (allowMidnightEnd && text === '24:00') return 24 * 60;
  const m = CLOCK.exec(text);
  if (!m) throw new RangeError(`not an HH:mm time: ${JSON.stringify(text)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of an epoch day; 1970-01-01 was a Thursday. */
export const isoWeekday = (epochDay: number): number => ((((epochDay + 3) % 7) + 7) % 7) + 1;

export interface Zone {
  readonly name: string;
  /** UTC offset in ms in force at an instant. */
  offsetAt(ms: number): number;
  /** The offset in force throughout [from, to] when it is one (no change within), else null. */
  offsetThroughout(from: number, to: number): number | null;
}

// Intl (behind Luxon's IANAZone) costs microseconds per offset, and "who is on call" asks for
// the same days again and again, a sweep for every day of its span. Offsets are remembered per
// UTC day: a day whose first and last millisecond share an offset holds no transition (in the
// tz data Intl carries, no zone has two transitions within a week: checked for every zone from
// 1800 to 2200), so the whole day has that offset. A day with a transition inside is remembered
// per hour the same way (never two within an hour), and an hour with one inside is asked of
// Intl every time. So a span of 90 days new to a zone costs about 200 lookups, not 4,000. The
// memory is bounded by forgetting everything past a size.
const MIXED = null;
const MAX_REMEMBERED = 200_000;

function remember(map: Map<number, number | typeof MIXED>, key: number, value: number | typeof MIXED): void {
  if (map.size >= MAX_REMEMBERED) map.clear();
  map.set(key, value);
}

class CachedZone implements Zone {
  private readonly days = new Map<number, number | typeof MIXED>();
  private readonly hours = new Map<number, number | typeof MIXED>();
  constructor(
    readonly name: string,
    private readonly zone: IANAZone,
  ) {}

  private exact(ms: number): number {
    return Math.round(this.zone.offset(ms) * MINUTE);
  }

  /** The offset of [start, start + length) when it is one throughout, else MIXED. */
  private uniform(start: number, length: number): number | typeof MIXED {
    const first = this.exact(start);
    return first === this.exact(start + length - 1) ? first : MIXED;
  }

  offsetAt(ms: number): number {
    const day = Math.floor(ms / DAY);
    let known = this.days.get(day);
    if (known === undefined) {
      known = this.uniform(day * DAY, DAY);
      remember(this.days, day, known);
    }
    if (known !== MIXED) return known;
    const hour = Math.floor(ms / HOUR);
    known = this.hours.get(hour);
    if (known === undefined) {
      known = this.uniform(hour * HOUR, HOUR);
      remember(this.hours, hour, known);
    }
    return known ?? this.exact(ms);
  }

  offsetThroughout(from: number, to: number): number | null {
    const offset = this.offsetAt(from);
    for (let day = Math.floor(from / DAY); day <= Math.floor(to / DAY); day++) {
      if (this.days.get(day) === undefined) this.offsetAt(day * DAY);
      if (this.days.get(day) !== offset) return null;
    }
    return offset;
  }
}

const zones = new Map<string, Zone>();

/** The zone of an IANA name (as Intl knows it: 'Europe/Berlin', 'UTC', 'US/Eastern'…). */
export function zoneNamed(name: string): Zone {
  let zone = zones.get(name);
  if (!zone) {
    if (!IANAZone.isValidZone(name)) throw new RangeError(`unknown time zone: ${JSON.stringify(name)}`);
    zone = new CachedZone(name, IANAZone.create(name));
    zones.set(name, zone);
  }
  return zone;
}

export const isKnownZone = (name: string): boolean => IANAZone.isValidZone(name);

/** The local calendar day (epoch day) of an instant. */
export const localDayOf = (zone: Zone, ms: number): number => Math.floor((ms + zone.offsetAt(ms)) / DAY);

/**
 * The instant of a wall-clock time, resolved as TC39 Temporal's `disambiguation: 'compatible'`
 * (and RFC 5545) do: a wall time the clocks skip (spring forward) is read with the offset
 * before the jump, so it lands that much later (02:30 → 03:30 in Berlin); a wall time that
 * occurs twice (fall back) is its first occurrence. So a time in a skipped span resolves later
 * than the times just after the span do (Berlin: 02:30 → 03:30 CEST, 03:00 → 03:00 CEST): the
 * mapping is not monotonic there. (Luxon's own `DateTime.fromObject` picks a fold's occurrence by the
 * offset in force *today*, so it is not used here.)
 */
export function resolveWall(zone: Zone, wall: number): number {
  const before = zone.offsetAt(wall - DAY);
  const after = zone.offsetAt(wall + DAY);
  const withBefore = wall - before;
  const beforeFits = zone.offsetAt(withBefore) === before;
  if (before === after) {
    if (beforeFits) return withBefore;
  } else {
    const withAfter = wall - after;
    const afterFits = zone.offsetAt(withAfter) === after;
    if (beforeFits && afterFits) return Math.min(withBefore, withAfter);
    if (beforeFits) return withBefore;
    if (afterFits) return withAfter;
  }
  return withBefore;
}
