import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toScheduleDef } from '../../bench/oncall/scheduleFixtures.js';
import { PLANTED_CHANGE_DAYS, plantedChangeAt, worstCaseFixture } from '../../bench/oncall/worstCase.js';
import { compileSchedule } from '../../src/oncall/schedule.js';
import { callAs } from '../helpers/api.js';
import { createOverride, createRotation, createSchedule, SCHEDULES } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, TEST_DB, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * The costliest schedule a user can store at the caps (bench/oncall/worstCase.ts: 20 rotations,
 * 18 of them of 100 members handing off hourly under 20 active-hours rules, 200 overrides),
 * stored through the API on PGlite and PostgreSQL. "Now and next" must sweep all 90 days to
 * find its one change; the answers are held against the schedule asked point by point (each
 * rotation's turn and active hours at the instant, the overrides one by one: onCallAt), and each
 * must come back in well under a second (stepping from change to change, it took minutes).
 */
const NOW = new Date('2026-03-10T10:17:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
let t: TestApp;
let a: TestUser;
let b: TestUser;
let scheduleId: string;
let both: string[];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  [a, b] = [await t.createUser(), await t.createUser()];
  await shareTeam(t, a, [b], 'responder');
  both = [a.id, b.id].sort();
  const fixture = worstCaseFixture(a.id, b.id, NOW.getTime());
  scheduleId = (await createSchedule(t, a, fixture.schedule)).id;
  for (const rotation of fixture.rotations) await createRotation(t, a, scheduleId, rotation);
  for (const override of fixture.overrides) await createOverride(t, a, scheduleId, override);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/** A GET as `user`, its answer and how long it took. */
async function timedGet(url: string, user: TestUser = a) {
  const started = performance.now();
  const res = await callAs(t, user, 'GET', url);
  const ms = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return { answer: body(res), ms };
}

describe('the worst case at the caps, through the API', () => {
  it('stores 20 rotations of 100 members with 20 rules each, and 200 overrides', async () => {
    const detail = body(await callAs(t, b, 'GET', `${SCHEDULES}/${scheduleId}`));
    expect(detail.rotations).toHaveLength(20);
    expect(detail.rotations.map((r: { user_ids: string[] }) => r.user_ids.length).sort()).toContain(100);
    expect(body(await callAs(t, b, 'GET', `${SCHEDULES}/${scheduleId}/overrides`)).count).toBe(200);
  });

  it('"now and next": both on call, and the one change 80 days ahead, as probing each instant finds', async () => {
    const planted = plantedChangeAt(NOW.getTime());
    const { answer, ms } = await timedGet(`${SCHEDULES}/${scheduleId}/on-call`);
    expect(answer).toEqual({
      schedule_id: scheduleId,
      at: NOW.toISOString(),
      user_ids: both,
      next: { at: iso(planted), user_ids: [a.id] },
    });
    expect(ms).toBeLessThan(1000);
    const many = await timedGet(`${SCHEDULES}/on-call?schedule_id=${scheduleId}`, b);
    expect(many.answer.data).toEqual([answer]);

    // Point by point: the set is both of them at every boundary of the first days and at probes
    // up to the change, a alone at the change, both again an hour later.
    const compiled = compileSchedule(worstCaseDefinition());
    const probes = [NOW.getTime(), planted - 1, planted + 60 * MINUTE];
    for (let m = 0; m < 3 * 24 * 60; m++) probes.push(NOW.getTime() + m * MINUTE);
    for (let i = 1; i < 500; i++) probes.push(NOW.getTime() + Math.floor((i / 500) * PLANTED_CHANGE_DAYS * DAY));
    for (const probe of probes) expect(compiled.onCallAt(probe), iso(probe)).toEqual(both);
    expect(compiled.onCallAt(planted)).toEqual([a.id]);
  });

  it("a 90-day timeline is its three segments, and each person's shifts follow it", async () => {
    const planted = plantedChangeAt(NOW.getTime());
    const span = `from=${iso(NOW.getTime())}&to=${iso(NOW.getTime() + 90 * DAY)}`;
    const { answer, ms } = await timedGet(`${SCHEDULES}/${scheduleId}/timeline?${span}`, b);
    expect(answer).toEqual({
      count: 3,
      data: [
        { start: NOW.toISOString(), end: iso(planted), user_ids: both },
        { start: iso(planted), end: iso(planted + 60 * MINUTE), user_ids: [a.id] },
        { start: iso(planted + 60 * MINUTE), end: iso(NOW.getTime() + 90 * DAY), user_ids: both },
      ],
    });
    expect(ms).toBeLessThan(1000);
    const shift = (start: number, end: number) => ({
      schedule_id: scheduleId,
      schedule_name: 'Worst case at the caps',
      start: iso(start),
      end: iso(end),
    });
    const ofA = await timedGet(`/api/v1/users/me/shifts?${span}`, a);
    expect(ofA.answer).toEqual({ count: 1, data: [shift(NOW.getTime(), NOW.getTime() + 90 * DAY)] });
    const ofB = await timedGet(`/api/v1/users/me/shifts?${span}`, b);
    expect(ofB.answer).toEqual({
      count: 2,
      data: [shift(NOW.getTime(), planted), shift(planted + 60 * MINUTE, NOW.getTime() + 90 * DAY)],
    });
    expect(Math.max(ofA.ms, ofB.ms)).toBeLessThan(1000);
  });

  // On PGlite a read resolves without a turn of the loop, so the turns counted are the ones the
  // computation lets go (without them: 2). On PostgreSQL every wait for the database turns it
  // anyway; `npm run bench:oncall` measures the loop there.
  it.skipIf(TEST_DB !== 'pglite')(
    'lets the event loop go while it computes: between the windows of a span, and between schedules',
    async () => {
      /** The turns of the event loop (setImmediate callbacks run) while a request is answered. */
      const turnsDuring = async (url: string, user: TestUser = a) => {
        let turns = 0;
        let answered = false;
        const turn = () => {
          if (answered) return;
          turns++;
          setImmediate(turn);
        };
        setImmediate(turn);
        await timedGet(url, user);
        answered = true;
        return turns;
      };
      // "Next" sweeps the 90 days in 9 windows (a day, 2, 4, 8, then 15 days each); a timeline or
      // a user's shifts of 90 days in 6.
      const span = `from=${iso(NOW.getTime())}&to=${iso(NOW.getTime() + 90 * DAY)}`;
      expect(await turnsDuring(`${SCHEDULES}/${scheduleId}/on-call`)).toBeGreaterThanOrEqual(8);
      expect(await turnsDuring(`${SCHEDULES}/${scheduleId}/timeline?${span}`)).toBeGreaterThanOrEqual(5);
      expect(await turnsDuring(`/api/v1/users/me/shifts?${span}`, b)).toBeGreaterThanOrEqual(5);
    },
  );
});

/** The stored schedule as the arithmetic reads it: the fixture, overrides in the order made. */
function worstCaseDefinition() {
  return toScheduleDef(worstCaseFixture(a.id, b.id, NOW.getTime()), scheduleId);
}
