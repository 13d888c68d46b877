import { Temporal } from 'temporal-polyfill';
import type { ActiveHoursRule } from '../../src/oncall/activeHours.js';
import type { RotationDef } from '../../src/oncall/rotation.js';

// An independent reference for the rotation arithmetic, written the slow, obvious way on the
// TC39 Temporal polyfill (its 'compatible' disambiguation is the rule the module promises):
// hand-offs are computed one by one from the first, and the turn at an instant is found by
// walking them. The module under test shares none of this code.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

const zoned = (ms: number, zone: string) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);

const resolved = new Map<string, number>();

/** The instant of a wall-clock time, with the skipped/repeated-hour rule the module documents. */
export function wallToMs(date: Temporal.PlainDate, clock: string, zone: string): number {
  const key = `${zone} ${date} ${clock}`;
  let ms = resolved.get(key);
  if (ms === undefined) {
    // '24:00' (an active-hours end) is the next day's midnight.
    const [hour, minute] = clock === '24:00' ? [0, 0] : clock.split(':').map(Number);
    const day = clock === '24:00' ? date.add({ days: 1 }) : date;
    ms = day.toPlainDateTime({ hour, minute }).toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
    resolved.set(key, ms);
  }
  return ms;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

/**
 * Active hours by their definition: each rule opens on each listed local day at `start` and
 * closes at `end` that day, or the next day when `end` is not after `start`.
 */
export function referenceActive(rules: readonly ActiveHoursRule[], zone: string, ms: number): boolean {
  if (rules.length === 0) return true;
  const today = zoned(ms, zone).toPlainDate();
  for (let shift = -3; shift <= 1; shift++) {
    const day = today.add({ days: shift });
    for (const rule of rules) {
      if (!rule.days.includes(day.dayOfWeek)) continue;
      const endDay = minutesOf(rule.end) <= minutesOf(rule.start) ? day.add({ days: 1 }) : day;
      if (wallToMs(day, rule.start, zone) <= ms && ms < wallToMs(endDay, rule.end, zone)) return true;
    }
  }
  return false;
}

/** True when the wall-clock time exists exactly once that day (no skipped or repeated hour). */
export function wallIsPlain(date: Temporal.PlainDate, clock: string, zone: string): boolean {
  const [hour, minute] = clock.split(':').map(Number);
  const dateTime = date.toPlainDateTime({ hour, minute });
  const early = dateTime.toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds;
  const late = dateTime.toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds;
  return early === late && zoned(early, zone).toPlainDateTime().equals(dateTime);
}

/** Local date and 'HH:mm' of an instant. */
export function wallOf(ms: number, zone: string): { date: Temporal.PlainDate; clock: string; weekday: number; minutes: number } {
  const z = zoned(ms, zone);
  const clock = `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`;
  return { date: z.toPlainDate(), clock, weekday: z.dayOfWeek, minutes: z.hour * 60 + z.minute };
}

export const offsetAt = (ms: number, zone: string) => zoned(ms, zone).offsetNanoseconds / 1e6;

/** The next offset change after an instant (null: none in the zone's future). */
export function nextTransition(ms: number, zone: string): number | null {
  return zoned(ms, zone).getTimeZoneTransition('next')?.epochMilliseconds ?? null;
}

/** The reference hand-offs of a rotation, computed one after another from the first. */
export class ReferenceRotation {
  private readonly handoffs: number[] = [];
  private readonly firstDate: Temporal.PlainDate | null = null;
  readonly startsAt: number;

  constructor(
    readonly def: RotationDef,
    readonly zone: string,
  ) {
    this.startsAt = new Date(def.startsAt).getTime();
    if (def.shiftLength.unit !== 'hours') {
      let date = zoned(this.startsAt, zone).toPlainDate();
      while (wallToMs(date, def.handoffTime, zone) < this.startsAt) date = date.add({ days: 1 });
      this.firstDate = date;
    }
  }

  /** The local date a days/weeks hand-off is due on. */
  dateOf(index: number): Temporal.PlainDate {
    const { unit, count } = this.def.shiftLength;
    if (!this.firstDate) throw new Error('hours rotations hand off by elapsed time');
    return this.firstDate.add({ days: index * count * (unit === 'weeks' ? 7 : 1) });
  }

  handoff(index: number): number {
    while (this.handoffs.length <= index) {
      const k = this.handoffs.length;
      const { unit, count } = this.def.shiftLength;
      this.handoffs.push(unit === 'hours' ? this.startsAt + k * count * HOUR : wallToMs(this.dateOf(k), this.def.handoffTime, this.zone));
    }
    return this.handoffs[index] as number;
  }

  /** The turn holding an instant, found by walking the hand-offs (-1 before the first). */
  turnIndexAt(ms: number): number {
    if (ms < this.handoff(0)) return -1;
    let index = 0;
    while (this.handoff(index + 1) <= ms) index++;
    return index;
  }

  userOf(index: number): string {
    return this.def.userIds[index % this.def.userIds.length] as string;
  }
}
