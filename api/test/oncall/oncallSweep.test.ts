import fc from 'fast-check';
import { expect, it } from 'vitest';
import { compileSchedule, onCallNowAndNext, type ScheduleDef, timeline, userShifts } from '../../src/oncall/schedule.js';
import { overrideArb, rotationArb, USERS, whereArb } from '../helpers/oncallArbitraries.js';
import { DAY } from '../helpers/oncallReference.js';
import { describePure } from '../helpers/pure.js';

// The sweep (oncall/sweep.ts, overrideProgram.ts, scheduleQuestions.ts) against the schedule
// computed point by point (each rotation's turn and active hours at the instant, then the
// overrides one by one: onCallAt) at every instant where anything starts or ends, over spans of
// up to 40 days (so across the windows a span is swept in): up to 6 rotations and 30 overrides
// among 5 people, so replace chains, adds over removes and overrides that cancel each other
// are common.

const manyArb = whereArb.chain((where) =>
  fc
    .record({
      rotations: fc
        .integer({ min: 1, max: 6 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rotationArb(where, `r${i}`, { activeHours: true })))),
      overrides: fc
        .integer({ min: 0, max: 30 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => overrideArb(where, `o${i}`)))),
      from: fc.integer({ min: where.pivot - 12 * DAY, max: where.pivot + 2 * DAY }),
      length: fc.integer({ min: 1, max: 40 * DAY }),
    })
    .map(({ rotations, overrides, from, length }) => ({
      schedule: { id: 'many', timeZone: where.zone, rotations, overrides } satisfies ScheduleDef,
      from,
      to: from + length,
    })),
);

const iso = (ms: number) => new Date(ms).toISOString();

/** The segments of [from, to), found by asking onCallAt at every instant a shift or override starts or ends. */
function byProbing(schedule: ScheduleDef, from: number, to: number) {
  const compiled = compileSchedule(schedule);
  const instants = new Set([from]);
  for (const rotation of compiled.rotations) for (const shift of rotation.shiftsBetween(from, to)) instants.add(shift.start).add(shift.end);
  for (const o of compiled.overrides) instants.add(o.start).add(o.end);
  const segments: { start: string; end: string; userIds: string[] }[] = [];
  for (const t of [...instants].filter((t) => t >= from && t < to).sort((a, b) => a - b)) {
    const userIds = compiled.onCallAt(t);
    const last = segments.at(-1);
    if (last && JSON.stringify(last.userIds) === JSON.stringify(userIds)) continue;
    if (last) last.end = iso(t);
    segments.push({ start: iso(t), end: iso(to), userIds });
  }
  return segments;
}

describePure('the sweep against the schedule probed at every change', () => {
  it('the timeline is exactly the probed segments', () => {
    fc.assert(
      fc.property(manyArb, ({ schedule, from, to }) => {
        expect(timeline(schedule, iso(from), iso(to))).toEqual(byProbing(schedule, from, to));
      }),
      { numRuns: 150 },
    );
  });

  it('"now and next" is the first two probed segments, across the windows "next" grows through', () => {
    fc.assert(
      fc.property(manyArb, ({ schedule, from }) => {
        const horizonDays = 20;
        const probed = byProbing(schedule, from, from + horizonDays * DAY + 1);
        const answer = onCallNowAndNext(schedule, iso(from), { horizonDays });
        expect(answer.userIds).toEqual(probed[0]?.userIds);
        expect(answer.next).toEqual(probed[1] ? { at: probed[1].start, userIds: probed[1].userIds } : null);
      }),
      { numRuns: 150 },
    );
  });

  it("a user's shifts are exactly the probed segments holding them, merged", () => {
    fc.assert(
      fc.property(manyArb, fc.constantFrom(...USERS), ({ schedule, from, to }, userId) => {
        const expected: { scheduleId: string; start: string; end: string }[] = [];
        for (const segment of byProbing(schedule, from, to)) {
          if (!segment.userIds.includes(userId)) continue;
          const last = expected.at(-1);
          if (last && last.end === segment.start) last.end = segment.end;
          else expected.push({ scheduleId: schedule.id, start: segment.start, end: segment.end });
        }
        expect(userShifts([schedule], userId, iso(from), iso(to))).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
