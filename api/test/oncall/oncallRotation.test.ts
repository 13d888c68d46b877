import fc from 'fast-check';
import { IANAZone } from 'luxon';
import { expect, it, vi } from 'vitest';
import { compileActiveHours } from '../../src/oncall/activeHours.js';
import { compileRotation, type RotationDef, rotationShifts, rotationTurnAt } from '../../src/oncall/rotation.js';
import { zoneNamed } from '../../src/oncall/zoneTime.js';
import { rotationArb, rulesArb, whereArb, zoneArb } from '../helpers/oncallArbitraries.js';
import { DAY, HOUR, offsetAt, ReferenceRotation, referenceActive, wallIsPlain, wallOf } from '../helpers/oncallReference.js';
import { describePure } from '../helpers/pure.js';

// Property tests of one rotation's arithmetic against the walking reference (helpers/oncallReference.ts),
// in every IANA zone, each case placed just before a real offset change of its zone.

const RUNS = { numRuns: 120 };

const rotationCaseArb = (options?: { activeHours?: boolean }) =>
  whereArb.chain((where) =>
    fc.record({
      where: fc.constant(where),
      def: rotationArb(where, 'r', options),
      // Instants from a day before the rotation's start to 30 days after it.
      probes: fc.array(fc.integer({ min: -DAY, max: 30 * DAY }), { minLength: 1, maxLength: 8 }),
    }),
  );

/** Enough hand-offs to cover three weeks past the start, whatever the shift length. */
function handoffCount(def: RotationDef): number {
  const { unit, count } = def.shiftLength;
  const hours = count * (unit === 'hours' ? 1 : unit === 'days' ? 24 : 24 * 7);
  return Math.min(60, Math.ceil((21 * 24) / hours) + 1);
}

describePure('rotation arithmetic (properties)', () => {
  it('hands off where the reference does: days/weeks at the hand-off wall time on every step-th local day, hours every N elapsed hours', () => {
    fc.assert(
      fc.property(rotationCaseArb(), ({ where, def }) => {
        const compiled = compileRotation(def, zoneNamed(where.zone));
        const reference = new ReferenceRotation(def, where.zone);
        expect(compiled.handoff(0)).toBeGreaterThanOrEqual(new Date(def.startsAt).getTime());
        for (let k = 0; k <= handoffCount(def); k++) {
          const at = compiled.handoff(k);
          expect(at, `hand-off ${k}`).toBe(reference.handoff(k));
          if (def.shiftLength.unit === 'hours') {
            expect(at).toBe(new Date(def.startsAt).getTime() + k * def.shiftLength.count * HOUR);
          } else if (wallIsPlain(reference.dateOf(k), def.handoffTime, where.zone)) {
            // Not in a skipped or repeated hour: the local clock reads the hand-off time, on the day due.
            const wall = wallOf(at, where.zone);
            expect(wall.clock).toBe(def.handoffTime);
            expect(wall.date.equals(reference.dateOf(k))).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('finds the turn at any instant in O(1) as walking every hand-off from the start does; the turn is userIds[index mod n]', () => {
    fc.assert(
      fc.property(rotationCaseArb(), ({ where, def, probes }) => {
        const compiled = compileRotation(def, zoneNamed(where.zone));
        const reference = new ReferenceRotation(def, where.zone);
        for (const probe of probes) {
          const t = new Date(def.startsAt).getTime() + probe;
          const index = reference.turnIndexAt(t);
          expect(compiled.turnIndexAt(t)).toBe(index);
          const turn = rotationTurnAt(def, where.zone, new Date(t));
          if (index < 0) expect(turn).toBeNull();
          else {
            expect(turn).toEqual({
              index,
              userId: reference.userOf(index),
              start: new Date(reference.handoff(index)).toISOString(),
              end: new Date(reference.handoff(index + 1)).toISOString(),
            });
          }
        }
      }),
      RUNS,
    );
  });

  it('tiles time with turns in order: no gap, no overlap, each index once, the first to userIds[0]', () => {
    fc.assert(
      fc.property(rotationCaseArb(), fc.nat(40 * DAY), fc.integer({ min: 1, max: 20 * DAY }), ({ where, def }, fromOffset, span) => {
        const compiled = compileRotation(def, zoneNamed(where.zone));
        const reference = new ReferenceRotation(def, where.zone);
        const from = new Date(def.startsAt).getTime() - 2 * DAY + fromOffset;
        const to = from + span;
        const first = compiled.handoff(0);
        const turns = compiled.turnsBetween(from, to);
        if (to <= first) {
          expect(turns).toEqual([]);
          return;
        }
        expect(turns[0]?.start).toBeLessThanOrEqual(Math.max(from, first));
        expect(turns[0]?.end).toBeGreaterThan(Math.max(from, first));
        if (from <= first) expect(turns[0]).toMatchObject({ index: 0, userId: def.userIds[0], start: first });
        expect(turns.at(-1)?.end).toBeGreaterThanOrEqual(to);
        turns.forEach((turn, i) => {
          expect(turn.end).toBeGreaterThan(turn.start);
          expect(turn.userId).toBe(reference.userOf(turn.index));
          if (def.shiftLength.unit === 'hours') expect(turn.end - turn.start).toBe(def.shiftLength.count * HOUR);
          const next = turns[i + 1];
          if (!next) return;
          expect(next.start).toBe(turn.end);
          // Only a turn of no length (a skipped local day, as Samoa's 2011-12-30) is left out.
          for (let skipped = turn.index + 1; skipped < next.index; skipped++) {
            expect(reference.handoff(skipped + 1)).toBe(reference.handoff(skipped));
          }
        });
        // The clipped shifts cover exactly [max(from, first), to).
        const shifts = rotationShifts(def, where.zone, new Date(from), new Date(to));
        expect(shifts[0]?.start).toBe(new Date(Math.max(from, first)).toISOString());
        expect(shifts.at(-1)?.end).toBe(new Date(to).toISOString());
        for (const [i, shift] of shifts.entries()) if (i > 0) expect(shift.start).toBe(shifts[i - 1]?.end);
      }),
      RUNS,
    );
  });

  it('with active hours: on call exactly when the turn holds and an active window (resolved by the reference) holds', () => {
    fc.assert(
      fc.property(rotationCaseArb({ activeHours: true }), ({ where, def, probes }) => {
        const compiled = compileRotation(def, zoneNamed(where.zone));
        const reference = new ReferenceRotation(def, where.zone);
        const from = new Date(def.startsAt).getTime() - DAY;
        const shifts = compiled.shiftsBetween(from, from + 32 * DAY);
        for (const probe of probes) {
          const t = new Date(def.startsAt).getTime() + probe;
          const index = reference.turnIndexAt(t);
          const expected = index >= 0 && referenceActive(def.activeHours, where.zone, t) ? reference.userOf(index) : null;
          expect(compiled.memberAt(t)).toBe(expected);
          const holding = shifts.filter((s) => s.start <= t && t < s.end);
          expect(holding.map((s) => s.userId)).toEqual(expected === null ? [] : [expected]);
        }
      }),
      RUNS,
    );
  });

  it('active hours away from any offset change: active exactly when the local wall clock is inside a rule', () => {
    const farFromChanges = fc
      .record({ zone: zoneArb, t: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }) })
      .filter(({ zone, t }) => offsetAt(t - 3 * DAY, zone) === offsetAt(t + 3 * DAY, zone));
    fc.assert(
      fc.property(
        farFromChanges.chain((c) => fc.record({ c: fc.constant(c), rules: rulesArb({ zone: c.zone, pivot: c.t, changeClocks: [0, 0] }) })),
        ({ c, rules }) => {
          const wall = wallOf(c.t, c.zone);
          const previousWeekday = wall.weekday === 1 ? 7 : wall.weekday - 1;
          const inside = rules.some((rule) => {
            const [start, end] = [rule.start, rule.end].map((text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3)));
            const s = start as number;
            const e = end as number;
            if (e > s) return rule.days.includes(wall.weekday) && s <= wall.minutes && wall.minutes < e;
            // Past midnight (or 24 h when start = end): from start on a listed day into the next day.
            return (rule.days.includes(wall.weekday) && wall.minutes >= s) || (rule.days.includes(previousWeekday) && wall.minutes < e);
          });
          expect(compileActiveHours(rules, zoneNamed(c.zone)).isActiveAt(c.t)).toBe(rules.length === 0 || inside);
        },
      ),
      RUNS,
    );
  });
});

describePure('rotation arithmetic (cost)', () => {
  it('finds the turn of a rotation started 80 years ago with a handful of offset lookups, not one per day since', () => {
    const offsetLookups = vi.spyOn(IANAZone.prototype, 'offset');
    try {
      const def: RotationDef = {
        id: 'old',
        userIds: ['ana', 'ben', 'cai'],
        startsAt: '1950-01-02T08:00:00Z',
        handoffTime: '09:00',
        shiftLength: { unit: 'days', count: 1 },
        activeHours: [],
      };
      // A zone no other test asks, so nothing is remembered yet.
      const compiled = compileRotation(def, zoneNamed('America/Argentina/Ushuaia'));
      const at = Date.parse('2030-06-15T12:00:00Z');
      const index = compiled.turnIndexAt(at);
      expect(index).toBeGreaterThan(29_000);
      expect(compiled.handoff(index)).toBeLessThanOrEqual(at);
      expect(compiled.handoff(index + 1)).toBeGreaterThan(at);
      expect(offsetLookups.mock.calls.length).toBeLessThan(100);
    } finally {
      offsetLookups.mockRestore();
    }
  });

  it('sweeps 90 days of a rotation with 20 active-hours rules new to its zone with a few hundred offset lookups, not two an hour', () => {
    const offsetLookups = vi.spyOn(IANAZone.prototype, 'offset');
    try {
      const rules = Array.from({ length: 20 }, (_, i) => ({
        days: [1, 2, 3, 4, 5, 6, 7],
        start: `${String(i).padStart(2, '0')}:00`,
        end: `${String(i).padStart(2, '0')}:30`,
      }));
      const def: RotationDef = {
        id: 'busy',
        userIds: ['ana', 'ben'],
        startsAt: '2031-01-01T00:00:00Z',
        handoffTime: '09:00',
        shiftLength: { unit: 'hours', count: 1 },
        activeHours: rules,
      };
      // Zones and a span no other test asks: one without offset changes, one with its spring change in it.
      const from = Date.parse('2031-03-01T00:00:00Z');
      const shifts = compileRotation(def, zoneNamed('America/Argentina/Catamarca')).onCallSpans(from, from + 90 * DAY);
      expect(shifts).toHaveLength(90 * 20);
      const oslo = compileRotation(def, zoneNamed('Europe/Oslo')).onCallSpans(from, from + 90 * DAY);
      expect(oslo.length).toBeGreaterThan(90 * 19);
      // Remembered per day: about 2 lookups a day and zone, and a few hours' worth around the change
      // (remembered per hour: 8,600 for the two).
      expect(offsetLookups.mock.calls.length).toBeLessThan(600);
    } finally {
      offsetLookups.mockRestore();
    }
  });
});
