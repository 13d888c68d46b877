import { expect, it } from 'vitest';
import { csvCell, writeCsv } from '../../src/calendars/csv.js';
import { escapeText, FOLD_OCTETS, foldLine, utcStamp, writeCalendar } from '../../src/calendars/ical.js';
import { describePure } from '../helpers/pure.js';

// The iCalendar writer (RFC 5545) and the CSV writer, on their own: what the feeds and the
// hours export rely on, checked by the rules rather than by a sample.

const octets = (line: string) => new TextEncoder().encode(line).length;
/** RFC 5545 §3.1: a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describePure('iCalendar TEXT, lines and times', () => {
  it('escapes backslash, semicolon, comma and every newline; drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tkept, bell\u0007 and del\u007f gone')).toBe('tab\tkept\\, bell and del gone');
  });

  it('folds at 75 octets, never inside a UTF-8 character, and unfolds to the same line', () => {
    for (const line of [`SUMMARY:${'x'.repeat(200)}`, `SUMMARY:${'é'.repeat(100)}`, `SUMMARY:${'🚨 on call '.repeat(20)}`]) {
      const folded = foldLine(line);
      const parts = folded.split('\r\n');
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(FOLD_OCTETS);
      for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
      // Each part is whole UTF-8: decoding and encoding again changes nothing.
      for (const part of parts) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part);
      expect(unfold(folded)).toBe(line);
    }
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
  });

  it('writes UTC times in form 2, with a Z', () => {
    expect(utcStamp(Date.parse('2025-03-30T07:00:00Z'))).toBe('20250330T070000Z');
  });

  it('writes a calendar of CRLF lines with each event whole', () => {
    const text = writeCalendar({
      name: 'Ops, night; watch',
      timeZone: 'Europe/Berlin',
      stamp: Date.parse('2025-03-01T00:00:00Z'),
      events: [
        {
          uid: 'abc@vigil.test',
          start: Date.parse('2025-03-29T08:00:00Z'),
          end: Date.parse('2025-03-30T07:00:00Z'),
          summary: 'Ann on call',
          description: `Line one\nline two ${'long '.repeat(30)}`,
          url: 'http://vigil.test/oncall/schedules/1',
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(FOLD_OCTETS);
    const lines = unfold(text).split('\r\n');
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Vigil//On-call calendar//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(lines).toContain('X-WR-CALNAME:Ops\\, night\\; watch');
    expect(lines).toContain('X-WR-TIMEZONE:Europe/Berlin');
    const event = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    expect(event).toEqual([
      'BEGIN:VEVENT',
      'UID:abc@vigil.test',
      'DTSTAMP:20250301T000000Z',
      'DTSTART:20250329T080000Z',
      'DTEND:20250330T070000Z',
      'SUMMARY:Ann on call',
      `DESCRIPTION:Line one\\nline two ${'long '.repeat(30)}`,
      'URL:http://vigil.test/oncall/schedules/1',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]);
  });
});

describePure('CSV cells safe in a spreadsheet', () => {
  it('prefixes a cell a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}SUM(A1)`).startsWith(`'${start}`) || csvCell(`${start}SUM(A1)`).startsWith(`"'${start}`)).toBe(true);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('Ann Example')).toBe('Ann Example');
    // Numbers are written as numbers.
    expect(csvCell(12)).toBe('12');
  });

  it('quotes commas, quotes and line breaks, and ends each row with CRLF', () => {
    expect(
      writeCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });
});
