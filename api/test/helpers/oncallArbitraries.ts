import fc from 'fast-check';
import type { ActiveHoursRule } from '../../src/oncall/activeHours.js';
import type { OverrideDef } from '../../src/oncall/overrides.js';
import type { RotationDef, ShiftLength } from '../../src/oncall/rotation.js';
import type { ScheduleDef } from '../../src/oncall/schedule.js';
import { DAY, nextTransition, wallOf, wallToMs } from './oncallReference.js';

// Generators for the property tests. Runs are aimed at DST: each case is placed days before a
// real offset change of its zone, and hand-off / active-hours clocks are often drawn around the
// wall times of that change, so skipped and repeated hours are hit, not merely possible.

/** Zones with odd changes: 30-min DST, midnight changes, a skipped day, negative DST, 2 h DST… */
export const TRICKY_ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'America/Havana',
  'America/Santiago',
  'Asia/Tehran',
  'Antarctica/Troll',
  'Europe/Dublin',
  'Africa/Casablanca',
  'America/St_Johns',
  'Pacific/Chatham',
  'Asia/Gaza',
  'America/Scoresbysund',
  'America/Asuncion',
  'UTC',
];
export const ALL_ZONES = Intl.supportedValuesOf('timeZone');

export const zoneArb = fc.oneof(fc.constantFrom(...ALL_ZONES), fc.constantFrom(...TRICKY_ZONES));

export const USERS = ['ana', 'ben', 'cai', 'dee', 'eve'];

const clockText = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A place in time: a zone and a pivot instant (its next offset change within a year, if any). */
export interface Where {
  zone: string;
  pivot: number;
  /** Wall-clock minutes of the change, read in the offset before it and after it. */
  changeClocks: [number, number];
}

export const whereArb: fc.Arbitrary<Where> = fc
  .record({ zone: zoneArb, base: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }) })
  .map(({ zone, base }) => {
    const change = nextTransition(base, zone);
    const pivot = change !== null && change - base < 400 * DAY ? change : base;
    const before = wallOf(pivot - 60_000, zone).minutes + 1;
    return { zone, pivot, changeClocks: [before, wallOf(pivot, zone).minutes] as [number, number] };
  });

/** 'HH:mm': anywhere in the day, or in (mostly) or near the wall times the pivot's change skips or repeats. */
export const clockArb = (where: Where) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 1439 }).map(clockText) },
    {
      weight: 3,
      arbitrary: fc.integer({ min: Math.min(...where.changeClocks) - 15, max: Math.max(...where.changeClocks) + 15 }).map(clockText),
    },
  );

export const shiftLengthArb: fc.Arbitrary<ShiftLength> = fc.oneof(
  fc.record({ unit: fc.constant('hours' as const), count: fc.integer({ min: 1, max: 48 }) }),
  fc.record({ unit: fc.constant('days' as const), count: fc.integer({ min: 1, max: 7 }) }),
  fc.record({ unit: fc.constant('weeks' as const), count: fc.integer({ min: 1, max: 2 }) }),
);

export const rulesArb = (where: Where): fc.Arbitrary<ActiveHoursRule[]> =>
  fc.array(
    fc.record({
      days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      start: clockArb(where),
      end: fc.oneof(clockArb(where), fc.constant('24:00')),
    }),
    { maxLength: 3 },
  );

const stepDays = ({ unit, count }: ShiftLength) => (unit === 'weeks' ? 7 * count : unit === 'days' ? count : 1);

/**
 * A rotation starting up to 10 days before the pivot: at any instant, or at local midnight a
 * whole number of steps before the pivot's day, so that a hand-off falls on the day of the change.
 */
export const rotationArb = (where: Where, id: string, { activeHours = false } = {}): fc.Arbitrary<RotationDef> =>
  shiftLengthArb.chain((shiftLength) =>
    fc.record({
      id: fc.constant(id),
      userIds: fc.array(fc.constantFrom(...USERS), { minLength: 1, maxLength: 5 }),
      startsAt: fc
        .oneof(
          { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 * DAY }).map((before) => where.pivot - before) },
          {
            weight: 3,
            arbitrary: fc
              .integer({ min: 0, max: Math.floor(10 / stepDays(shiftLength)) })
              .map((steps) =>
                wallToMs(wallOf(where.pivot, where.zone).date.subtract({ days: steps * stepDays(shiftLength) }), '00:00', where.zone),
              ),
          },
        )
        .map((ms) => new Date(ms).toISOString()),
      handoffTime: clockArb(where),
      shiftLength: fc.constant(shiftLength),
      activeHours: activeHours ? rulesArb(where) : fc.constant([]),
    }),
  );

export const overrideArb = (where: Where, id: string): fc.Arbitrary<OverrideDef> =>
  fc
    .record({
      kind: fc.constantFrom('replace' as const, 'add' as const, 'remove' as const),
      userId: fc.constantFrom(...USERS),
      replacesUserId: fc.constantFrom(...USERS),
      startOffset: fc.integer({ min: -12 * DAY, max: 12 * DAY }),
      length: fc.integer({ min: 0, max: 5 * DAY }),
      made: fc.integer({ min: 0, max: 5 }),
    })
    .map(({ kind, userId, replacesUserId, startOffset, length, made }) => ({
      id,
      kind,
      userId,
      ...(kind === 'replace' ? { replacesUserId } : {}),
      start: new Date(where.pivot + startOffset).toISOString(),
      end: new Date(where.pivot + startOffset + length).toISOString(),
      createdAt: new Date(Date.UTC(2024, 0, 1) + made * DAY).toISOString(),
    }));

export interface ScheduleCase {
  where: Where;
  schedule: ScheduleDef;
}

export const scheduleArb: fc.Arbitrary<ScheduleCase> = whereArb.chain((where) =>
  fc
    .record({
      rotations: fc
        .array(fc.nat(), { minLength: 1, maxLength: 3 })
        .chain((ids) => fc.tuple(...ids.map((_, i) => rotationArb(where, `r${i}`, { activeHours: true })))),
      overrides: fc.array(fc.nat(), { maxLength: 4 }).chain((ids) => fc.tuple(...ids.map((_, i) => overrideArb(where, `o${i}`)))),
    })
    .map(({ rotations, overrides }) => ({ where, schedule: { id: 'sched', timeZone: where.zone, rotations, overrides } })),
);
