import { wallClock, zonedMidnight } from '../timeline/zonedTime';

// The period of an on-call hours export (docs/oncall/calendars.md), as the dialog asks it: whole
// days on the schedule's clock, the last one included, sent as the instants the API takes.

/**
 * The longest period asked: a year. The API takes 366 days of elapsed time, which 366 days on a
 * clock that springs forward once in them would pass by an hour.
 */
export const HOURS_PERIOD_MAX_DAYS = 365;

export interface HoursPeriodValues {
  /** `YYYY-MM-DD`, the first day. */
  from: string;
  /** `YYYY-MM-DD`, the last day (included). */
  until: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const two = (n: number) => String(n).padStart(2, '0');
const dateText = (year: number, month: number, day: number) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
};
const parts = (value: string) => {
  const m = DATE.exec(value);
  return m ? (m.slice(1).map(Number) as [number, number, number]) : null;
};

/** Last calendar month on the schedule's clock at `now`: what a monthly pay run asks for. */
export function lastMonth(now: number, timeZone: string): HoursPeriodValues {
  const { year, month } = wallClock(now, timeZone);
  return { from: dateText(year, month - 1, 1), until: dateText(year, month, 0) };
}

/**
 * [from, to) as ISO instants: midnight of the first day to midnight after the last, where the
 * schedule is (a day over a clock change is 23 or 25 hours, as it was lived). Null when a date
 * is not one.
 */
export function periodInstants(values: HoursPeriodValues, timeZone: string): { from: string; to: string } | null {
  const from = parts(values.from);
  const until = parts(values.until);
  if (!from || !until) return null;
  return {
    from: new Date(zonedMidnight(from[0], from[1], from[2], timeZone)).toISOString(),
    to: new Date(zonedMidnight(until[0], until[1], until[2] + 1, timeZone)).toISOString(),
  };
}

/** Days from the first to the last, both counted, by the calendar. */
const daysCovered = (values: HoursPeriodValues) => {
  const [a, b] = [parts(values.from), parts(values.until)];
  if (!a || !b) return Number.NaN;
  return (Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / 86_400_000 + 1;
};

/** The form's rules: real dates, the last not before the first, at most HOURS_PERIOD_MAX_DAYS days. */
export const hoursPeriodRules = {
  from: (value: string) => (parts(value) ? undefined : 'Pick the first day'),
  until: (value: string, values: HoursPeriodValues) => {
    if (!parts(value)) return 'Pick the last day';
    const days = daysCovered(values);
    if (days < 1) return 'The last day must not be before the first';
    return days > HOURS_PERIOD_MAX_DAYS ? `At most ${HOURS_PERIOD_MAX_DAYS} days` : undefined;
  },
};
