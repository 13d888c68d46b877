import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionHours } from '../../src/importers/opsgenie/schedules.js';
import { activeHoursOf, DAY_MINUTES, WEEK_MINUTES, type WeekSpan } from '../../src/importers/weeklySpans.js';
import { compileActiveHours } from '../../src/oncall/activeHours.js';
import { zoneNamed } from '../../src/oncall/zoneTime.js';

// Opsgenie's time restrictions (and OnCall's short or masked shifts) as Vigil's active hours.

const restriction = (startDay: string, start: string, endDay: string, end: string) => {
  const [startHour, startMin] = start.split(':').map(Number) as [number, number];
  const [endHour, endMin] = end.split(':').map(Number) as [number, number];
  return { startDay, startHour, startMin, endDay, endHour, endMin } as never;
};
const weekdays = (...restrictions: never[]) => restrictionHours({ type: 'weekday-and-time-of-day', restrictions }, 'r');

describe('time restrictions as active hours', () => {
  it('a time of day past midnight is one rule on every day, its end before its start', () => {
    const hours = restrictionHours({ type: 'time-of-day', restriction: { startHour: 17, startMin: 0, endHour: 9, endMin: 0 } }, 'r');
    expect(hours).toEqual([{ days: [1, 2, 3, 4, 5, 6, 7], start: '17:00', end: '09:00' }]);
  });

  it('the whole day every day is always active (no rule)', () => {
    expect(restrictionHours({ type: 'time-of-day', restriction: { startHour: 0, startMin: 0, endHour: 0, endMin: 0 } }, 'r')).toEqual([]);
  });

  it('five weekdays of the same hours are one rule', () => {
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
    expect(weekdays(...days.map((d) => restriction(d, '09:00', d, '17:00')))).toEqual([
      { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
    ]);
  });

  it('a weekday span across midnight, shorter than a day, is one rule running past midnight', () => {
    expect(weekdays(restriction('monday', '22:00', 'tuesday', '06:00'))).toEqual([{ days: [1], start: '22:00', end: '06:00' }]);
    expect(weekdays(restriction('sunday', '22:00', 'monday', '02:00'))).toEqual([{ days: [7], start: '22:00', end: '02:00' }]);
  });

  it('a span of several days is its first evening, its whole days and its last morning', () => {
    expect(weekdays(restriction('monday', '09:00', 'friday', '17:00'))).toEqual([
      { days: [1], start: '09:00', end: '24:00' },
      { days: [2, 3, 4], start: '00:00', end: '24:00' },
      { days: [5], start: '00:00', end: '17:00' },
    ]);
    expect(weekdays(restriction('friday', '17:00', 'monday', '09:00'))).toEqual([
      { days: [1], start: '00:00', end: '09:00' },
      { days: [5], start: '17:00', end: '24:00' },
      { days: [6, 7], start: '00:00', end: '24:00' },
    ]);
  });

  it('keeps what it cannot read from being guessed', () => {
    expect(() => restrictionHours({ type: 'weekday-and-time-of-day', restrictions: [] }, 'Nights')).toThrow(
      'rotation "Nights": a weekday restriction with no restrictions',
    );
  });

  it('active hours hold exactly the spans given, at every half hour of a week (property)', () => {
    const monday = Date.parse('2026-11-23T00:00:00Z');
    const halfHour = 30;
    const span = fc.record({
      start: fc.integer({ min: 0, max: WEEK_MINUTES / halfHour - 1 }).map((n) => n * halfHour),
      length: fc.integer({ min: 1, max: WEEK_MINUTES / halfHour }).map((n) => n * halfHour),
    });
    fc.assert(
      fc.property(fc.array(span, { minLength: 1, maxLength: 6 }), (spans: WeekSpan[]) => {
        const rules = activeHoursOf(spans);
        const active = compileActiveHours(rules, zoneNamed('UTC'));
        for (let m = 0; m < WEEK_MINUTES; m += halfHour) {
          const inSpan = spans.some((s) => (m - s.start + WEEK_MINUTES) % WEEK_MINUTES < s.length);
          if (active.isActiveAt(monday + (m + WEEK_MINUTES) * 60_000) !== inSpan) return false;
        }
        return rules.every((r) => r.days.length > 0) && rules.length <= 14;
      }),
      { numRuns: 200 },
    );
    expect(DAY_MINUTES * 7).toBe(WEEK_MINUTES);
  });
});
