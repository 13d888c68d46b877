import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { OverrideDef } from '../../src/oncall/overrides.js';
import { compileSchedule, onCallAt, onCallNowAndNext, type ScheduleDef, timeline, userShifts } from '../../src/oncall/schedule.js';
import { scheduleArb, USERS } from '../helpers/oncallArbitraries.js';
import { DAY } from '../helpers/oncallReference.js';
import { describePure } from '../helpers/pure.js';

// Property tests of a schedule: rotations (with active hours) and overrides combined, around a
// real offset change of each case's zone. The timeline is built from each rotation's list of
// shifts, onCallAt from the O(1) turn arithmetic: the two must agree everywhere.

const RUNS = { numRuns: 80 };

/** A range of up to 3 weeks around the case's pivot, and instants to probe in and near it. */
const caseArb = scheduleArb.chain((c) =>
  fc.record({
    c: fc.constant(c),
    from: fc.integer({ min: c.where.pivot - 12 * DAY, max: c.where.pivot + 2 * DAY }),
    length: fc.integer({ min: 1, max: 21 * DAY }),
    probes: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
  }),
);

const iso = (ms: number) => new Date(ms).toISOString();
const withoutOverrides = (schedule: ScheduleDef): ScheduleDef => ({ ...schedule, overrides: [] });

/** The overrides' meaning, applied to the rotations' set the obvious way, one by one. */
function applyByHand(base: string[], overrides: OverrideDef[], t: number): string[] {
  const onCall = new Set(base);
  const inForce = overrides
    .filter((o) => new Date(o.start).getTime() <= t && t < new Date(o.end).getTime())
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id.localeCompare(b.id));
  for (const o of inForce) {
    if (o.kind === 'add') onCall.add(o.userId);
    if (o.kind === 'remove') onCall.delete(o.userId);
    if (o.kind === 'replace' && o.replacesUserId && onCall.has(o.replacesUserId)) {
      onCall.delete(o.replacesUserId);
      onCall.add(o.userId);
    }
  }
  return [...onCall].sort();
}

describePure('schedule (properties)', () => {
  it('timeline tiles [from, to) with segments whose neighbours differ, and onCallAt agrees with it at every segment and probe', () => {
    fc.assert(
      fc.property(caseArb, ({ c, from, length, probes }) => {
        const to = from + length;
        const segments = timeline(c.schedule, iso(from), iso(to));
        const compiled = compileSchedule(c.schedule);
        expect(segments[0]?.start).toBe(iso(from));
        expect(segments.at(-1)?.end).toBe(iso(to));
        segments.forEach((segment, i) => {
          expect(Date.parse(segment.end)).toBeGreaterThan(Date.parse(segment.start));
          const next = segments[i + 1];
          if (next) {
            expect(next.start).toBe(segment.end);
            expect(next.userIds).not.toEqual(segment.userIds);
          }
          // The set holds from a segment's first millisecond to its last.
          expect(compiled.onCallAt(Date.parse(segment.start))).toEqual(segment.userIds);
          expect(compiled.onCallAt(Date.parse(segment.end) - 1)).toEqual(segment.userIds);
        });
        for (const p of probes) {
          const t = from + Math.floor(p * (length - 1));
          const holding = segments.find((s) => Date.parse(s.start) <= t && t < Date.parse(s.end));
          expect(onCallAt(c.schedule, new Date(t))).toEqual(holding?.userIds);
        }
      }),
      RUNS,
    );
  });

  it('overrides replace, add and remove exactly within their span, later ones acting on earlier ones', () => {
    fc.assert(
      fc.property(caseArb, ({ c, from, length, probes }) => {
        const base = compileSchedule(withoutOverrides(c.schedule));
        const full = compileSchedule(c.schedule);
        // Probe each override's edges (half-open spans) as well as points in the range.
        const instants = [...probes.map((p) => from + Math.floor(p * length))];
        for (const o of c.schedule.overrides) {
          for (const edge of [new Date(o.start).getTime(), new Date(o.end).getTime()]) instants.push(edge - 1, edge);
        }
        for (const t of instants) {
          expect(full.onCallAt(t), iso(t)).toEqual(applyByHand(base.onCallAt(t), c.schedule.overrides, t));
        }
      }),
      RUNS,
    );
  });

  it('"next" is the next change: the set holds until then and differs at it, as the timeline shows', () => {
    fc.assert(
      fc.property(caseArb, ({ c, from }) => {
        const horizonDays = 20;
        const now = onCallNowAndNext(c.schedule, new Date(from), { horizonDays });
        const segments = timeline(c.schedule, iso(from), iso(from + horizonDays * DAY + 1));
        expect(now.userIds).toEqual(segments[0]?.userIds);
        const second = segments[1];
        if (!second) expect(now.next).toBeNull();
        else expect(now.next).toEqual({ at: second.start, userIds: second.userIds });
      }),
      RUNS,
    );
  });

  it("a user's shifts are exactly the instants the user is on call, merged, across schedules", () => {
    const twoSchedules = fc.tuple(caseArb, scheduleArb, fc.constantFrom(...USERS));
    fc.assert(
      fc.property(twoSchedules, ([{ c, from, length, probes }, other, userId]) => {
        const schedules = [c.schedule, { ...other.schedule, id: 'other' }];
        const to = from + length;
        const shifts = userShifts(schedules, userId, iso(from), iso(to));
        for (const [i, shift] of shifts.entries()) {
          expect(Date.parse(shift.start)).toBeGreaterThanOrEqual(from);
          expect(Date.parse(shift.end)).toBeLessThanOrEqual(to);
          const schedule = schedules.find((s) => s.id === shift.scheduleId) as ScheduleDef;
          expect(onCallAt(schedule, shift.start)).toContain(userId);
          // Merged: a shift of the same schedule never starts where the previous one ended.
          const previous = shifts
            .slice(0, i)
            .filter((s) => s.scheduleId === shift.scheduleId)
            .at(-1);
          if (previous) expect(Date.parse(shift.start)).toBeGreaterThan(Date.parse(previous.end));
          if (i > 0) expect(Date.parse(shift.start)).toBeGreaterThanOrEqual(Date.parse(shifts[i - 1]?.start as string));
        }
        for (const p of probes) {
          const t = from + Math.floor(p * (length - 1));
          for (const schedule of schedules) {
            const inShift = shifts.some((s) => s.scheduleId === schedule.id && Date.parse(s.start) <= t && t < Date.parse(s.end));
            expect(inShift).toBe(onCallAt(schedule, new Date(t)).includes(userId));
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
