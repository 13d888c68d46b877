// How on-call times read in the console: in the schedule's own time zone, so a hand-off shows
// at the hour the team agreed on whatever the viewer's zone.

const formats = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formats.set(key, format);
  }
  return format;
};

/** "Fri 28 Nov, 09:00". */
export const formatWhen = (instant: string | number, timeZone: string) =>
  formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );

/** "Fri 28 Nov, 09:00 – Fri 5 Dec, 09:00". */
export const formatSpan = (start: string | number, end: string | number, timeZone: string) =>
  `${formatWhen(start, timeZone)} – ${formatWhen(end, timeZone)}`;

/** "Fri 28" for a day line. */
export const formatDay = (instant: number, timeZone: string) =>
  formatter(timeZone, { weekday: 'short', day: 'numeric' }).format(new Date(instant));

/** "28 Nov". */
export const formatDate = (instant: number, timeZone: string) =>
  formatter(timeZone, { day: 'numeric', month: 'short' }).format(new Date(instant));

/** A list of names: "Ann", "Ann and Ben", "Ann, Ben and Cai". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
