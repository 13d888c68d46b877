import { describe, expect, it } from 'vitest';
import { layoutTimeline } from './timelineLayout';
import { startOfZonedDay, zonedMidnight, zonedMidnights } from './zonedTime';

const at = (iso: string) => Date.parse(iso);
const H = 3_600_000;
const DAY = 24 * H;

describe('layoutTimeline', () => {
  const from = at('2025-03-24T00:00:00Z');
  const to = from + 4 * DAY;
  const base = { from, to, now: from + DAY, timeZone: 'UTC' };

  it('places each person on a lane of their own, in percent of the span, adjacent segments joined', () => {
    const layout = layoutTimeline({
      ...base,
      segments: [
        { start: '2025-03-24T00:00:00Z', end: '2025-03-25T00:00:00Z', user_ids: ['ann'] },
        { start: '2025-03-25T00:00:00Z', end: '2025-03-25T12:00:00Z', user_ids: ['ann', 'cai'] },
        { start: '2025-03-25T12:00:00Z', end: '2025-03-26T00:00:00Z', user_ids: ['ben'] },
        { start: '2025-03-26T00:00:00Z', end: '2025-03-28T00:00:00Z', user_ids: ['ann'] },
      ],
      people: ['ann', 'ben'],
    });
    expect(layout.lanes.map((l) => [l.userId, l.colour])).toEqual([
      ['ann', 0],
      ['ben', 1],
      ['cai', 2],
    ]);
    const ann = layout.lanes[0]!.bars;
    // Through the add (ann, cai) without a cut; back two days later.
    expect(ann.map((b) => [b.left, b.width])).toEqual([
      [0, 37.5],
      [50, 50],
    ]);
    expect(ann[0]).toMatchObject({ start: from, end: at('2025-03-25T12:00:00Z') });
    expect(layout.lanes[1]!.bars).toEqual([
      { start: at('2025-03-25T12:00:00Z'), end: at('2025-03-26T00:00:00Z'), left: 37.5, width: 12.5 },
    ]);
    expect(layout.now).toBe(25);
    expect(layout.days.map((d) => d.left)).toEqual([0, 25, 50, 75, 100]);
  });

  it('clips what reaches outside the span, and keeps when no one is on call as gaps', () => {
    const layout = layoutTimeline({
      ...base,
      segments: [
        { start: '2025-03-20T00:00:00Z', end: '2025-03-25T00:00:00Z', user_ids: ['ann'] },
        { start: '2025-03-25T00:00:00Z', end: '2025-03-26T00:00:00Z', user_ids: [] },
        { start: '2025-03-26T00:00:00Z', end: '2025-04-30T00:00:00Z', user_ids: ['ben'] },
        { start: '2025-05-01T00:00:00Z', end: '2025-05-02T00:00:00Z', user_ids: ['cai'] },
      ],
    });
    expect(layout.lanes.map((l) => l.userId)).toEqual(['ann', 'ben']);
    expect(layout.lanes[0]!.bars[0]).toMatchObject({ start: from, left: 0, width: 25 });
    expect(layout.lanes[1]!.bars[0]).toMatchObject({ end: to, left: 50, width: 50 });
    expect(layout.gaps).toEqual([{ start: from + DAY, end: from + 2 * DAY, left: 25, width: 25 }]);
  });

  it('places overrides that meet the span, by start; none outside it', () => {
    const layout = layoutTimeline({
      ...base,
      segments: [],
      overrides: [
        { id: 'o2', kind: 'add', user_id: 'cai', starts_at: '2025-03-26T00:00:00Z', ends_at: '2025-03-26T06:00:00Z' },
        {
          id: 'o1',
          kind: 'replace',
          user_id: 'cai',
          replaces_user_id: 'ben',
          starts_at: '2025-03-23T00:00:00Z',
          ends_at: '2025-03-24T12:00:00Z',
        },
        { id: 'old', kind: 'remove', user_id: 'ann', starts_at: '2025-03-01T00:00:00Z', ends_at: '2025-03-02T00:00:00Z' },
      ],
    });
    expect(layout.overrides).toEqual([
      { id: 'o1', kind: 'replace', userId: 'cai', replacesUserId: 'ben', start: from, end: from + 12 * H, left: 0, width: 12.5 },
      {
        id: 'o2',
        kind: 'add',
        userId: 'cai',
        replacesUserId: null,
        start: from + 2 * DAY,
        end: from + 2 * DAY + 6 * H,
        left: 50,
        width: 6.25,
      },
    ]);
  });

  it('colours wrap around the palette; now outside the span has no marker; an empty span is refused', () => {
    const people = Array.from({ length: 10 }, (_, i) => `u${i}`);
    const layout = layoutTimeline({
      ...base,
      now: to + 1,
      people,
      paletteSize: 8,
      segments: [{ start: '2025-03-24T00:00:00Z', end: '2025-03-25T00:00:00Z', user_ids: ['u9'] }],
    });
    expect(layout.lanes).toEqual([expect.objectContaining({ userId: 'u9', colour: 1 })]);
    expect(layout.now).toBeNull();
    expect(() => layoutTimeline({ ...base, to: from, segments: [] })).toThrow(RangeError);
  });
});

describe('midnights where the schedule is', () => {
  it('fall at 00:00 Berlin time across the spring change (a 23-hour day)', () => {
    const days = zonedMidnights(at('2025-03-29T00:00:00Z'), at('2025-04-01T00:00:00Z'), 'Europe/Berlin');
    expect(days.map((d) => new Date(d).toISOString())).toEqual([
      '2025-03-29T23:00:00.000Z',
      '2025-03-30T22:00:00.000Z',
      '2025-03-31T22:00:00.000Z',
    ]);
    expect(days[1]! - days[0]!).toBe(23 * H);
  });

  it('and across the autumn change (a 25-hour day), in New York, and over a month end', () => {
    expect(zonedMidnight(2025, 10, 27, 'Europe/Berlin') - zonedMidnight(2025, 10, 26, 'Europe/Berlin')).toBe(25 * H);
    expect(new Date(zonedMidnight(2025, 11, 2, 'America/New_York')).toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(new Date(zonedMidnight(2025, 1, 32, 'UTC')).toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(new Date(startOfZonedDay(at('2025-07-01T21:30:00Z'), 'Asia/Kolkata')).toISOString()).toBe('2025-07-01T18:30:00.000Z');
  });
});
