import { expect, it } from 'vitest';
import type { OverrideDef } from '../../src/oncall/overrides.js';
import type { RotationDef } from '../../src/oncall/rotation.js';
import { onCallAt, onCallNowAndNext, type ScheduleDef, timeline, userShifts } from '../../src/oncall/schedule.js';
import { describePure } from '../helpers/pure.js';

// Fixed cases of a schedule: overrides' precedence, "now and next", a user's shifts, bad input.

const daily = (fields: Partial<RotationDef> = {}): RotationDef => ({
  id: 'r',
  userIds: ['ana', 'ben'],
  startsAt: '2025-06-02T07:00:00Z', // Mon 09:00 CEST
  handoffTime: '09:00',
  shiftLength: { unit: 'days', count: 1 },
  activeHours: [],
  ...fields,
});

let made = 0;
const override = (kind: OverrideDef['kind'], userId: string, start: string, end: string, replacesUserId?: string): OverrideDef => ({
  id: `o${++made}`,
  kind,
  userId,
  ...(replacesUserId ? { replacesUserId } : {}),
  start: `2025-06-03T${start}:00Z`,
  end: `2025-06-03T${end}:00Z`,
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, made)).toISOString(),
});

const schedule = (rotations: RotationDef[], overrides: OverrideDef[] = []): ScheduleDef => ({
  id: 'sched',
  timeZone: 'Europe/Berlin',
  rotations,
  overrides,
});

// 2025-06-03 (Tue) is ben's day from 07:00Z: on call at hh:mm UTC that day.
const at = (s: ScheduleDef, hhmm: string) => onCallAt(s, `2025-06-03T${hhmm}:00Z`);

describePure('overrides', () => {
  it('replace puts B where A is on call, only within its half-open span', () => {
    const s = schedule([daily()], [override('replace', 'cai', '10:00', '12:00', 'ben')]);
    expect([at(s, '09:59'), at(s, '10:00'), at(s, '11:59'), at(s, '12:00')]).toEqual([['ben'], ['cai'], ['cai'], ['ben']]);
  });

  it('replace does nothing where A is not on call; add adds; remove removes', () => {
    const s = schedule([daily()], [override('replace', 'cai', '10:00', '12:00', 'ana'), override('add', 'dee', '11:00', '13:00')]);
    expect([at(s, '10:30'), at(s, '11:30'), at(s, '13:00')]).toEqual([['ben'], ['ben', 'dee'], ['ben']]);
    const removed = schedule([daily()], [override('remove', 'ben', '10:00', '12:00')]);
    expect([at(removed, '10:30'), at(removed, '12:00')]).toEqual([[], ['ben']]);
  });

  it('the later override acts on the earlier ones: replace ben→cai, then remove cai', () => {
    const s = schedule([daily()], [override('replace', 'cai', '10:00', '12:00', 'ben'), override('remove', 'cai', '11:00', '13:00')]);
    expect(timeline(s, '2025-06-03T09:00:00Z', '2025-06-03T14:00:00Z')).toEqual([
      { start: '2025-06-03T09:00:00.000Z', end: '2025-06-03T10:00:00.000Z', userIds: ['ben'] },
      { start: '2025-06-03T10:00:00.000Z', end: '2025-06-03T11:00:00.000Z', userIds: ['cai'] },
      { start: '2025-06-03T11:00:00.000Z', end: '2025-06-03T12:00:00.000Z', userIds: [] },
      { start: '2025-06-03T12:00:00.000Z', end: '2025-06-03T14:00:00.000Z', userIds: ['ben'] },
    ]);
    // Made the other way round, the removal finds no cai and the replacement stands.
    const [replace, remove] = s.overrides as [OverrideDef, OverrideDef];
    const swapped = schedule(
      [daily()],
      [
        { ...replace, createdAt: remove.createdAt },
        { ...remove, createdAt: replace.createdAt },
      ],
    );
    expect(at(swapped, '11:30')).toEqual(['cai']);
  });

  it('takes Dates and ISO instants in any offset alike (fractions of a second too)', () => {
    const s = schedule([daily()], [override('add', 'cai', '10:00', '11:00')]);
    const answers = [
      '2025-06-03T10:30:00Z',
      '2025-06-03T12:30:00+02:00',
      '2025-06-03T05:30:00.250-05:00',
      new Date(Date.UTC(2025, 5, 3, 10, 30)),
    ];
    for (const instant of answers) expect(onCallAt(s, instant), String(instant)).toEqual(['ben', 'cai']);
    expect(onCallAt(s, '2025-06-03T10:59:59.999Z')).toEqual(['ben', 'cai']);
    expect(onCallAt(s, '2025-06-03T11:00:00.000Z')).toEqual(['ben']);
  });

  it('the set is the union of the rotations (a person on two layers counts once), sorted', () => {
    const s = schedule([daily(), daily({ id: 'r2', userIds: ['zoe', 'ben'] })]);
    expect(at(s, '12:00')).toEqual(['ben']);
    expect(onCallAt(s, '2025-06-02T12:00:00Z')).toEqual(['ana', 'zoe']);
  });
});

describePure('now and next', () => {
  it('gives the set now and the next hand-off to someone else, skipping a hand-off to the same person', () => {
    const s = schedule([daily({ userIds: ['ana', 'ana', 'ben'] })]);
    expect(onCallNowAndNext(s, '2025-06-02T12:00:00+02:00')).toEqual({
      at: '2025-06-02T10:00:00.000Z',
      userIds: ['ana'],
      next: { at: '2025-06-04T07:00:00.000Z', userIds: ['ben'] },
    });
  });

  it('before the first hand-off nobody is on call, and next is the first hand-off; one person always on call has no next', () => {
    expect(onCallNowAndNext(schedule([daily()]), '2025-06-01T00:00:00Z').next).toEqual({
      at: '2025-06-02T07:00:00.000Z',
      userIds: ['ana'],
    });
    const alone = onCallNowAndNext(schedule([daily({ userIds: ['ana'] })]), '2025-06-05T00:00:00Z');
    expect(alone).toEqual({ at: '2025-06-05T00:00:00.000Z', userIds: ['ana'], next: null });
  });

  it('sees the end of active hours and the start of an override as changes', () => {
    const office = daily({ userIds: ['ana'], activeHours: [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }] });
    expect(onCallNowAndNext(schedule([office]), '2025-06-03T10:00:00Z').next).toEqual({ at: '2025-06-03T15:00:00.000Z', userIds: [] });
    const covered = schedule([daily({ userIds: ['ana'] })], [override('add', 'ben', '20:00', '21:00')]);
    expect(onCallNowAndNext(covered, '2025-06-03T10:00:00Z').next).toEqual({ at: '2025-06-03T20:00:00.000Z', userIds: ['ana', 'ben'] });
  });
});

describePure("a user's shifts", () => {
  it('lists each stretch on call per schedule, merged across hand-offs back to the same person, by start', () => {
    const primary = { ...schedule([daily({ userIds: ['ana', 'ana', 'ben'] })]), id: 'primary' };
    const secondary = {
      ...schedule([daily({ userIds: ['ben', 'ana'], handoffTime: '18:00', startsAt: '2025-06-02T16:00:00Z' })]),
      id: 'secondary',
    };
    expect(userShifts([secondary, primary], 'ana', '2025-06-02T00:00:00Z', '2025-06-05T00:00:00Z')).toEqual([
      { scheduleId: 'primary', start: '2025-06-02T07:00:00.000Z', end: '2025-06-04T07:00:00.000Z' },
      { scheduleId: 'secondary', start: '2025-06-03T16:00:00.000Z', end: '2025-06-04T16:00:00.000Z' },
    ]);
  });
});

describePure('bad definitions are refused with a RangeError that says what is wrong', () => {
  const now = '2025-06-03T10:00:00Z';
  it.each([
    ['an unknown zone', { ...schedule([daily()]), timeZone: 'Mars/Olympus' }, /unknown time zone/],
    ['a hand-off time not HH:mm', schedule([daily({ handoffTime: '9:00' })]), /HH:mm/],
    ['24:00 as a hand-off time', schedule([daily({ handoffTime: '24:00' })]), /HH:mm/],
    ['a shift count of 0', schedule([daily({ shiftLength: { unit: 'days', count: 0 } })]), /positive integer/],
    ['an unknown unit', schedule([daily({ shiftLength: { unit: 'months', count: 1 } as never })]), /unknown shift unit/],
    ['a start without an offset', schedule([daily({ startsAt: '2025-06-02T09:00:00' })]), /offset/],
    ['a date that does not exist', schedule([daily({ startsAt: '2025-02-30T09:00:00Z' })]), /offset/],
    ['a weekday 8', schedule([daily({ activeHours: [{ days: [8], start: '09:00', end: '17:00' }] })]), /ISO weekday/],
    ['a replace without whom it replaces', schedule([daily()], [override('replace', 'cai', '10:00', '11:00')]), /replacesUserId/],
  ])('%s', (_, s, message) => {
    expect(() => onCallAt(s, now)).toThrow(RangeError);
    expect(() => onCallAt(s, now)).toThrow(message);
  });

  it('a timeline whose end is not after its start', () => {
    expect(() => timeline(schedule([daily()]), now, now)).toThrow(/from < to/);
  });
});
