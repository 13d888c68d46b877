// A small iCalendar (RFC 5545) writer: a VCALENDAR of VEVENTs with times in UTC, no more. Lines
// end in CRLF and are folded at 75 octets (never inside a UTF-8 character); TEXT values escape
// `\`, `;`, `,` and newlines (§3.3.11). docs/decisions/0094-calendar-feeds.md says why no library.

/** The longest content line in octets, before its CRLF (§3.1). */
export const FOLD_OCTETS = 75;

export interface CalendarEvent {
  /** Stable across fetches, so a calendar updates the event rather than adding another. */
  uid: string;
  start: number;
  end: number;
  summary: string;
  description?: string;
  url?: string;
}

export interface Calendar {
  name: string;
  description?: string;
  /** The zone a client may show it in (X-WR-TIMEZONE); the times themselves are UTC. */
  timeZone?: string;
  /** When it was made: every event's DTSTAMP. */
  stamp: number;
  events: readonly CalendarEvent[];
}

/** A TEXT value: backslash, semicolon, comma and newlines escaped; other control characters dropped. */
export function escapeText(value: string): string {
  const kept = [...value.replace(/\r\n?/g, '\n')].filter((char) => !isDropped(char.charCodeAt(0))).join('');
  return kept.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
}

/** Control characters TEXT may not hold (§3.3.11): all but the tab and the line feed (escaped). */
const isDropped = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;

/** UTC date-time form 2 (§3.3.5): 20250330T070000Z. */
export function utcStamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

const encoder = new TextEncoder();

/** A content line folded at FOLD_OCTETS: each continuation starts with one space (which counts). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= FOLD_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const room = parts.length === 0 ? FOLD_OCTETS : FOLD_OCTETS - 1;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    // A URI value, not TEXT: not escaped (our URLs hold no control characters).
    ...(event.url ? [`URL:${event.url}`] : []),
    // On call is not busy: a shift must not block the person's free/busy time.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole calendar as text, CRLF after every line, the last included. */
export function writeCalendar(calendar: Calendar): string {
  const stamp = utcStamp(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vigil//On-call calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...(calendar.description ? [`X-WR-CALDESC:${escapeText(calendar.description)}`] : []),
    ...(calendar.timeZone ? [`X-WR-TIMEZONE:${escapeText(calendar.timeZone)}`] : []),
    // RFC 7986 and its older spelling: how often a client should fetch again.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
