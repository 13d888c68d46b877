import { expect, it } from 'vitest';
import { type RotationDef, rotationShifts } from '../../src/oncall/rotation.js';
import { onCallAt, type ScheduleDef } from '../../src/oncall/schedule.js';
import { describePure } from '../helpers/pure.js';

// Fixed cases for the spring and autumn changes, computed by hand (offsets in the comments).

const rotation = (fields: Partial<RotationDef> & Pick<RotationDef, 'startsAt'>): RotationDef => ({
  id: 'r',
  userIds: ['ana', 'ben', 'cai'],
  handoffTime: '09:00',
  shiftLength: { unit: 'days', count: 1 },
  activeHours: [],
  ...fields,
});

/** The shifts as [user, start, end, length in hours]. */
function shifts(def: RotationDef, zone: string, from: string, to: string) {
  return rotationShifts(def, zone, from, to).map((s) => [s.userId, s.start, s.end, (Date.parse(s.end) - Date.parse(s.start)) / 3_600_000]);
}

const schedule = (zone: string, def: RotationDef): ScheduleDef => ({ id: 's', timeZone: zone, rotations: [def], overrides: [] });

describePure('DST: a daily 09:00 hand-off stays at 09:00 local, so the shift over a change lasts 23 h or 25 h', () => {
  it('Europe/Berlin, spring (2025-03-30, 02:00 CET → 03:00 CEST)', () => {
    const def = rotation({ startsAt: '2025-03-28T08:00:00Z' }); // Fri 09:00 CET
    expect(shifts(def, 'Europe/Berlin', '2025-03-28T08:00:00Z', '2025-03-31T07:00:00Z')).toEqual([
      ['ana', '2025-03-28T08:00:00.000Z', '2025-03-29T08:00:00.000Z', 24],
      ['ben', '2025-03-29T08:00:00.000Z', '2025-03-30T07:00:00.000Z', 23], // Sat 09:00 CET → Sun 09:00 CEST
      ['cai', '2025-03-30T07:00:00.000Z', '2025-03-31T07:00:00.000Z', 24],
    ]);
  });

  it('Europe/Berlin, autumn (2025-10-26, 03:00 CEST → 02:00 CET)', () => {
    const def = rotation({ startsAt: '2025-10-25T07:00:00Z' }); // Sat 09:00 CEST
    expect(shifts(def, 'Europe/Berlin', '2025-10-25T07:00:00Z', '2025-10-27T08:00:00Z')).toEqual([
      ['ana', '2025-10-25T07:00:00.000Z', '2025-10-26T08:00:00.000Z', 25],
      ['ben', '2025-10-26T08:00:00.000Z', '2025-10-27T08:00:00.000Z', 24],
    ]);
  });

  it('America/New_York, spring (2025-03-09) and autumn (2025-11-02), daily and weekly', () => {
    const daily = rotation({ startsAt: '2025-03-08T14:00:00Z' }); // Sat 09:00 EST
    expect(shifts(daily, 'America/New_York', '2025-03-08T14:00:00Z', '2025-03-10T13:00:00Z')).toEqual([
      ['ana', '2025-03-08T14:00:00.000Z', '2025-03-09T13:00:00.000Z', 23],
      ['ben', '2025-03-09T13:00:00.000Z', '2025-03-10T13:00:00.000Z', 24],
    ]);
    const autumn = rotation({ startsAt: '2025-11-01T13:00:00Z' }); // Sat 09:00 EDT
    expect(shifts(autumn, 'America/New_York', '2025-11-01T13:00:00Z', '2025-11-02T14:00:00Z')).toEqual([
      ['ana', '2025-11-01T13:00:00.000Z', '2025-11-02T14:00:00.000Z', 25],
    ]);
    const weekly = rotation({ startsAt: '2025-03-03T14:00:00Z', shiftLength: { unit: 'weeks', count: 1 } }); // Mon 09:00 EST
    expect(shifts(weekly, 'America/New_York', '2025-03-03T14:00:00Z', '2025-03-17T13:00:00Z')).toEqual([
      ['ana', '2025-03-03T14:00:00.000Z', '2025-03-10T13:00:00.000Z', 167],
      ['ben', '2025-03-10T13:00:00.000Z', '2025-03-17T13:00:00.000Z', 168],
    ]);
    const weeklyAutumn = rotation({ startsAt: '2025-10-27T13:00:00Z', shiftLength: { unit: 'weeks', count: 1 } });
    expect(shifts(weeklyAutumn, 'America/New_York', '2025-10-27T13:00:00Z', '2025-11-03T14:00:00Z')).toEqual([
      ['ana', '2025-10-27T13:00:00.000Z', '2025-11-03T14:00:00.000Z', 169],
    ]);
  });

  it('Australia/Lord_Howe, whose clocks move by 30 minutes (+10:30 ↔ +11)', () => {
    const spring = rotation({ startsAt: '2025-10-03T22:30:00Z' }); // Sat 4 Oct 09:00 +10:30
    expect(shifts(spring, 'Australia/Lord_Howe', '2025-10-03T22:30:00Z', '2025-10-05T22:00:00Z')).toEqual([
      ['ana', '2025-10-03T22:30:00.000Z', '2025-10-04T22:00:00.000Z', 23.5],
      ['ben', '2025-10-04T22:00:00.000Z', '2025-10-05T22:00:00.000Z', 24],
    ]);
    const autumn = rotation({ startsAt: '2025-04-04T22:00:00Z' }); // Sat 5 Apr 09:00 +11
    expect(shifts(autumn, 'Australia/Lord_Howe', '2025-04-04T22:00:00Z', '2025-04-05T22:30:00Z')).toEqual([
      ['ana', '2025-04-04T22:00:00.000Z', '2025-04-05T22:30:00.000Z', 24.5],
    ]);
  });

  it('UTC: every daily shift is 24 h and every weekly one 168 h', () => {
    const daily = rotation({ startsAt: '2025-03-28T09:00:00Z' });
    const lengths = shifts(daily, 'UTC', '2025-03-28T09:00:00Z', '2025-11-03T09:00:00Z').map((s) => s[3]);
    expect(new Set(lengths)).toEqual(new Set([24]));
    expect(lengths).toHaveLength(220);
    const weekly = rotation({ startsAt: '2025-03-03T09:00:00Z', shiftLength: { unit: 'weeks', count: 1 } });
    expect(new Set(shifts(weekly, 'UTC', '2025-03-03T09:00:00Z', '2025-11-03T09:00:00Z').map((s) => s[3]))).toEqual(new Set([168]));
  });
});

describePure('DST: a hand-off time the clocks skip or repeat', () => {
  it('skipped (Berlin 02:30 on 2025-03-30): happens at 03:30 CEST, the skipped time read in the offset before the jump', () => {
    const def = rotation({ startsAt: '2025-03-29T00:00:00Z', handoffTime: '02:30' });
    expect(shifts(def, 'Europe/Berlin', '2025-03-29T00:00:00Z', '2025-04-01T00:30:00Z')).toEqual([
      ['ana', '2025-03-29T01:30:00.000Z', '2025-03-30T01:30:00.000Z', 24], // Sat 02:30 CET → Sun 03:30 CEST
      ['ben', '2025-03-30T01:30:00.000Z', '2025-03-31T00:30:00.000Z', 23], // → Mon 02:30 CEST
      ['cai', '2025-03-31T00:30:00.000Z', '2025-04-01T00:30:00.000Z', 24],
    ]);
    // 03:15 CEST, after the jump but before 03:30: still the previous turn.
    expect(onCallAt(schedule('Europe/Berlin', def), '2025-03-30T03:15:00+02:00')).toEqual(['ana']);
  });

  it('skipped (New York 02:30 on 2025-03-09): at 03:30 EDT', () => {
    const def = rotation({ startsAt: '2025-03-08T07:30:00Z', handoffTime: '02:30' }); // Sat 02:30 EST
    expect(shifts(def, 'America/New_York', '2025-03-08T07:30:00Z', '2025-03-10T06:30:00Z')).toEqual([
      ['ana', '2025-03-08T07:30:00.000Z', '2025-03-09T07:30:00.000Z', 24],
      ['ben', '2025-03-09T07:30:00.000Z', '2025-03-10T06:30:00.000Z', 23],
    ]);
  });

  it('repeated (Berlin 02:30 on 2025-10-26): at its first occurrence, 02:30 CEST', () => {
    const def = rotation({ startsAt: '2025-10-25T00:00:00Z', handoffTime: '02:30' });
    expect(shifts(def, 'Europe/Berlin', '2025-10-25T00:00:00Z', '2025-10-27T01:30:00Z')).toEqual([
      ['ana', '2025-10-25T00:30:00.000Z', '2025-10-26T00:30:00.000Z', 24],
      ['ben', '2025-10-26T00:30:00.000Z', '2025-10-27T01:30:00.000Z', 25],
    ]);
    // The second 02:15 (CET) is well inside ben's turn.
    expect(onCallAt(schedule('Europe/Berlin', def), '2025-10-26T02:15:00+01:00')).toEqual(['ben']);
  });

  it('repeated (New York 01:30 on 2025-11-02): at 01:30 EDT; Lord Howe 01:45 on 2025-04-06: at 01:45 +11', () => {
    const newYork = rotation({ startsAt: '2025-11-01T05:30:00Z', handoffTime: '01:30' });
    expect(shifts(newYork, 'America/New_York', '2025-11-01T05:30:00Z', '2025-11-03T06:30:00Z')).toEqual([
      ['ana', '2025-11-01T05:30:00.000Z', '2025-11-02T05:30:00.000Z', 24],
      ['ben', '2025-11-02T05:30:00.000Z', '2025-11-03T06:30:00.000Z', 25],
    ]);
    const lordHowe = rotation({ startsAt: '2025-04-04T14:45:00Z', handoffTime: '01:45' }); // Sat 5 Apr 01:45 +11
    expect(shifts(lordHowe, 'Australia/Lord_Howe', '2025-04-04T14:45:00Z', '2025-04-06T15:15:00Z')).toEqual([
      ['ana', '2025-04-04T14:45:00.000Z', '2025-04-05T14:45:00.000Z', 24],
      ['ben', '2025-04-05T14:45:00.000Z', '2025-04-06T15:15:00.000Z', 24.5],
    ]);
  });

  it('Lord Howe 02:15 on 2025-10-05 (skipped 02:00–02:30): at 02:45 +11', () => {
    const def = rotation({ startsAt: '2025-10-03T15:45:00Z', handoffTime: '02:15' }); // Sat 4 Oct 02:15 +10:30
    expect(shifts(def, 'Australia/Lord_Howe', '2025-10-03T15:45:00Z', '2025-10-05T15:15:00Z')).toEqual([
      ['ana', '2025-10-03T15:45:00.000Z', '2025-10-04T15:45:00.000Z', 24],
      ['ben', '2025-10-04T15:45:00.000Z', '2025-10-05T15:15:00.000Z', 23.5],
    ]);
  });

  it('a skipped local day (Pacific/Apia, 2011-12-30): that turn has no length, so its person is passed over', () => {
    const def = rotation({ startsAt: '2011-12-28T19:00:00Z' }); // Wed 28 Dec 09:00 -10
    expect(shifts(def, 'Pacific/Apia', '2011-12-28T19:00:00Z', '2011-12-31T19:00:00Z')).toEqual([
      ['ana', '2011-12-28T19:00:00.000Z', '2011-12-29T19:00:00.000Z', 24],
      ['ben', '2011-12-29T19:00:00.000Z', '2011-12-30T19:00:00.000Z', 24], // Thu 09:00 -10 → Sat 09:00 +14
      ['ana', '2011-12-30T19:00:00.000Z', '2011-12-31T19:00:00.000Z', 24],
    ]);
  });
});

describePure('DST: hours rotations and active hours', () => {
  it('an hours rotation hands off every N elapsed hours, so its wall-clock hand-off moves with the change', () => {
    const def = rotation({ startsAt: '2025-03-29T07:00:00Z', shiftLength: { unit: 'hours', count: 12 } }); // 08:00 CET
    expect(shifts(def, 'Europe/Berlin', '2025-03-29T07:00:00Z', '2025-03-30T19:00:00Z')).toEqual([
      ['ana', '2025-03-29T07:00:00.000Z', '2025-03-29T19:00:00.000Z', 12], // 08:00 → 20:00 CET
      ['ben', '2025-03-29T19:00:00.000Z', '2025-03-30T07:00:00.000Z', 12], // → 09:00 CEST
      ['cai', '2025-03-30T07:00:00.000Z', '2025-03-30T19:00:00.000Z', 12], // → 21:00 CEST
    ]);
  });

  it('weekdays 09:00–17:00 stay 09:00–17:00 local on either side of the change', () => {
    const def = rotation({
      userIds: ['ana'],
      startsAt: '2025-03-27T08:00:00Z',
      activeHours: [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
    });
    expect(shifts(def, 'Europe/Berlin', '2025-03-28T00:00:00Z', '2025-04-01T00:00:00Z')).toEqual([
      ['ana', '2025-03-28T08:00:00.000Z', '2025-03-28T16:00:00.000Z', 8], // Fri, CET
      ['ana', '2025-03-31T07:00:00.000Z', '2025-03-31T15:00:00.000Z', 8], // Mon, CEST
    ]);
  });

  it('a window past midnight runs into the next day, across the autumn change too (9 h that night)', () => {
    const def = rotation({
      userIds: ['ana'],
      startsAt: '2025-10-20T13:00:00Z',
      activeHours: [{ days: [5, 6], start: '22:00', end: '06:00' }],
    });
    expect(shifts(def, 'America/New_York', '2025-10-31T00:00:00Z', '2025-11-03T00:00:00Z')).toEqual([
      ['ana', '2025-11-01T02:00:00.000Z', '2025-11-01T10:00:00.000Z', 8], // Fri 22:00 → Sat 06:00 EDT
      ['ana', '2025-11-02T02:00:00.000Z', '2025-11-02T11:00:00.000Z', 9], // Sat 22:00 EDT → Sun 06:00 EST
    ]);
  });

  it('a window inside the skipped hour is empty that day; 00:00–00:00 is the whole day (23 h on the spring day)', () => {
    const skipped = rotation({
      userIds: ['ana'],
      startsAt: '2025-03-20T08:00:00Z',
      activeHours: [{ days: [7], start: '02:00', end: '03:00' }],
    });
    expect(shifts(skipped, 'Europe/Berlin', '2025-03-29T00:00:00Z', '2025-04-07T00:00:00Z')).toEqual([
      ['ana', '2025-04-06T00:00:00.000Z', '2025-04-06T01:00:00.000Z', 1], // the next Sunday, CEST
    ]);
    const wholeDay = rotation({
      userIds: ['ana'],
      startsAt: '2025-03-20T08:00:00Z',
      activeHours: [{ days: [7], start: '00:00', end: '00:00' }],
    });
    // Split where the daily 09:00 turn hands ana over to ana again: two shifts that meet.
    expect(shifts(wholeDay, 'Europe/Berlin', '2025-03-29T00:00:00Z', '2025-03-31T00:00:00Z')).toEqual([
      ['ana', '2025-03-29T23:00:00.000Z', '2025-03-30T07:00:00.000Z', 8],
      ['ana', '2025-03-30T07:00:00.000Z', '2025-03-30T22:00:00.000Z', 15],
    ]);
  });
});
