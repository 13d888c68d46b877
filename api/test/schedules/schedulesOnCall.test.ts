import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../helpers/api.js';
import { createOverride, createRotation, createSchedule, SCHEDULES } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * "Who is on call", the timeline and a user's shifts through the API, on PGlite and
 * PostgreSQL: the stored schedule handed to the arithmetic of api/src/oncall/ (proved on its
 * own by the oncall*.test.ts properties). Fixed cases: a hand-off, overrides in the order they
 * were made, Berlin's spring change (2025-03-30, 02:00 → 03:00).
 */
const NOW = new Date('2025-06-01T12:00:00Z');
let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let cai: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  [ann, ben, cai] = [await t.createUser(), await t.createUser(), await t.createUser()];
  await shareTeam(t, ann, [ben, cai]);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, user: TestUser = ann) => {
  const res = await callAs(t, user, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return body(res);
};
const sorted = (...users: TestUser[]) => users.map((u) => u.id).sort();

/** A daily rotation ann → ben handing off at `handoff` in `zone`, the first hand-off at `startsAt`. */
async function dailyAnnBen(name: string, zone: string, handoff: string, startsAt: string) {
  const schedule = await createSchedule(t, ann, { name, time_zone: zone });
  await createRotation(t, ann, schedule.id, {
    name: 'daily',
    user_ids: [ann.id, ben.id],
    shift_unit: 'days',
    shift_count: 1,
    handoff_time: handoff,
    starts_at: startsAt,
  });
  return schedule;
}

describe('who is on call, now and next', () => {
  it('answers the person on shift and the next hand-off; without `at`, at the app clock', async () => {
    const schedule = await dailyAnnBen('UTC daily', 'UTC', '09:00', '2025-05-31T09:00:00Z');
    const onCall = await get(`${SCHEDULES}/${schedule.id}/on-call`);
    expect(onCall).toEqual({
      schedule_id: schedule.id,
      at: '2025-06-01T12:00:00.000Z',
      user_ids: [ben.id],
      next: { at: '2025-06-02T09:00:00.000Z', user_ids: [ann.id] },
    });
    // Before the first hand-off nobody is on call; the first hand-off is the next change.
    const before = await get(`${SCHEDULES}/${schedule.id}/on-call?at=${encodeURIComponent('2025-05-31T08:59:59+00:00')}`);
    expect(before).toMatchObject({ user_ids: [], next: { at: '2025-05-31T09:00:00.000Z', user_ids: [ann.id] } });
    // Another user reads it too.
    expect((await get(`${SCHEDULES}/${schedule.id}/on-call?at=2025-06-02T09:00:00Z`, cai)).user_ids).toEqual([ann.id]);
  });

  it('answers many schedules in one request, in the order asked, each as its own route would', async () => {
    const berlin = await dailyAnnBen('Many: Berlin', 'Europe/Berlin', '09:00', '2025-05-31T09:00:00+02:00');
    const utc = await dailyAnnBen('Many: UTC', 'UTC', '18:00', '2025-05-30T18:00:00Z');
    const at = encodeURIComponent('2025-06-01T16:00:00+00:00');
    const many = await get(`${SCHEDULES}/on-call?schedule_id=${utc.id}&schedule_id=${berlin.id}&at=${at}`, cai);
    expect(many.count).toBe(2);
    expect(many.data).toEqual([
      await get(`${SCHEDULES}/${utc.id}/on-call?at=${at}`),
      await get(`${SCHEDULES}/${berlin.id}/on-call?at=${at}`),
    ]);
    expect(many.data.map((d: { schedule_id: string }) => d.schedule_id)).toEqual([utc.id, berlin.id]);
    // One id alone is a list too; an id of a schedule gone since is left out, not an error.
    const gone = '00000000-0000-4000-8000-000000000000';
    const one = await get(`${SCHEDULES}/on-call?schedule_id=${berlin.id}&schedule_id=${gone}`);
    expect(one.data.map((d: { schedule_id: string }) => d.schedule_id)).toEqual([berlin.id]);
    // No id, a malformed one, or more than 100: 422 naming the parameter; nobody signed in: 401.
    for (const query of ['', '?schedule_id=nope', `?${Array.from({ length: 101 }, () => `schedule_id=${berlin.id}`).join('&')}`]) {
      const res = await callAs(t, ann, 'GET', `${SCHEDULES}/on-call${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(body(res).detail)).toContain('schedule_id');
    }
    expect((await t.app.inject({ method: 'GET', url: `${SCHEDULES}/on-call?schedule_id=${berlin.id}` })).statusCode).toBe(401);
  });

  it('follows an override across the hand-off, and overrides apply in the order they were made', async () => {
    const schedule = await dailyAnnBen('With overrides', 'UTC', '09:00', '2025-05-31T09:00:00Z');
    // ben is on call 2025-06-01 09:00 → 06-02 09:00. cai takes ben's 08:00–10:00 on the 2nd, over the hand-off.
    await createOverride(t, ann, schedule.id, {
      kind: 'replace',
      user_id: cai.id,
      replaces_user_id: ben.id,
      starts_at: '2025-06-02T08:00:00Z',
      ends_at: '2025-06-02T10:00:00Z',
    });
    const at = (iso: string) => get(`${SCHEDULES}/${schedule.id}/on-call?at=${iso}`);
    expect(await at('2025-06-02T07:00:00Z')).toMatchObject({
      user_ids: [ben.id],
      next: { at: '2025-06-02T08:00:00.000Z', user_ids: [cai.id] },
    });
    // At the hand-off ann takes over: the replace no longer finds ben, so cai is off.
    expect(await at('2025-06-02T08:30:00Z')).toMatchObject({
      user_ids: [cai.id],
      next: { at: '2025-06-02T09:00:00.000Z', user_ids: [ann.id] },
    });

    // Made later, a removal of cai over 08:30–09:00 wins where they meet.
    await createOverride(t, ann, schedule.id, {
      kind: 'remove',
      user_id: cai.id,
      starts_at: '2025-06-02T08:30:00Z',
      ends_at: '2025-06-02T09:00:00Z',
    });
    expect(await at('2025-06-02T08:15:00Z')).toMatchObject({ user_ids: [cai.id], next: { at: '2025-06-02T08:30:00.000Z', user_ids: [] } });
    // An add puts a second person on call.
    await createOverride(t, ann, schedule.id, {
      kind: 'add',
      user_id: cai.id,
      starts_at: '2025-06-02T12:00:00Z',
      ends_at: '2025-06-02T13:00:00Z',
    });
    expect((await at('2025-06-02T12:30:00Z')).user_ids).toEqual(sorted(ann, cai));

    const timeline = await get(`${SCHEDULES}/${schedule.id}/timeline?from=2025-06-02T07:00:00Z&to=2025-06-02T14:00:00Z`);
    expect(timeline).toEqual({
      count: 6,
      data: [
        { start: '2025-06-02T07:00:00.000Z', end: '2025-06-02T08:00:00.000Z', user_ids: [ben.id] },
        { start: '2025-06-02T08:00:00.000Z', end: '2025-06-02T08:30:00.000Z', user_ids: [cai.id] },
        { start: '2025-06-02T08:30:00.000Z', end: '2025-06-02T09:00:00.000Z', user_ids: [] },
        { start: '2025-06-02T09:00:00.000Z', end: '2025-06-02T12:00:00.000Z', user_ids: [ann.id] },
        { start: '2025-06-02T12:00:00.000Z', end: '2025-06-02T13:00:00.000Z', user_ids: sorted(ann, cai) },
        { start: '2025-06-02T13:00:00.000Z', end: '2025-06-02T14:00:00.000Z', user_ids: [ann.id] },
      ],
    });
  });
});

describe('Europe/Berlin, spring forward on 2025-03-30', () => {
  it('hands off at 09:00 on the clock on both sides of the change: the shift over it lasts 23 hours', async () => {
    const schedule = await dailyAnnBen('Berlin daily', 'Europe/Berlin', '09:00', '2025-03-28T09:00:00+01:00');
    // 09:00 CET on the 29th is 08:00Z; 09:00 CEST on the 30th is 07:00Z.
    const onCall = await get(`${SCHEDULES}/${schedule.id}/on-call?at=${encodeURIComponent('2025-03-30T08:30:00+02:00')}`);
    expect(onCall).toMatchObject({ user_ids: [ben.id], next: { at: '2025-03-30T07:00:00.000Z', user_ids: [ann.id] } });
    const timeline = await get(`${SCHEDULES}/${schedule.id}/timeline?from=2025-03-29T00:00:00Z&to=2025-03-31T00:00:00Z`);
    expect(timeline.data).toEqual([
      { start: '2025-03-29T00:00:00.000Z', end: '2025-03-29T08:00:00.000Z', user_ids: [ann.id] },
      { start: '2025-03-29T08:00:00.000Z', end: '2025-03-30T07:00:00.000Z', user_ids: [ben.id] },
      { start: '2025-03-30T07:00:00.000Z', end: '2025-03-31T00:00:00.000Z', user_ids: [ann.id] },
    ]);
    const benShift = timeline.data[1];
    expect(Date.parse(benShift.end) - Date.parse(benShift.start)).toBe(23 * 3_600_000);
  });

  it('moves a hand-off in the skipped hour (02:30) to as much later as the jump: 03:30 CEST', async () => {
    const schedule = await dailyAnnBen('Berlin 02:30', 'Europe/Berlin', '02:30', '2025-03-28T02:30:00+01:00');
    const onCall = await get(`${SCHEDULES}/${schedule.id}/on-call?at=${encodeURIComponent('2025-03-30T03:15:00+02:00')}`);
    // 03:15 CEST: the previous turn still holds; the hand-off is at 03:30 CEST = 01:30Z.
    expect(onCall).toMatchObject({ next: { at: '2025-03-30T01:30:00.000Z' } });
    expect(onCall.user_ids).toEqual([ben.id]);
  });
});

describe('the example of docs/oncall/schedules-api.md', () => {
  it('a weekly Monday 09:00 hand-off in Berlin: 08:00Z before the spring change, 07:00Z after it', async () => {
    const schedule = await createSchedule(t, ann, { name: 'Database primary', time_zone: 'Europe/Berlin' });
    await createRotation(t, ann, schedule.id, {
      name: 'Weekly',
      user_ids: [ann.id, ben.id],
      shift_unit: 'weeks',
      shift_count: 1,
      handoff_time: '09:00',
      starts_at: '2025-03-24T09:00:00+01:00',
      active_hours: [],
    });
    await createOverride(t, ann, schedule.id, {
      kind: 'replace',
      user_id: cai.id,
      replaces_user_id: ben.id,
      starts_at: '2025-04-01T13:00:00+02:00',
      ends_at: '2025-04-01T18:00:00+02:00',
    });
    const onCall = await get(`${SCHEDULES}/${schedule.id}/on-call?at=2025-03-31T08:30:00%2B02:00`);
    expect(onCall).toEqual({
      schedule_id: schedule.id,
      at: '2025-03-31T06:30:00.000Z',
      user_ids: [ann.id],
      next: { at: '2025-03-31T07:00:00.000Z', user_ids: [ben.id] },
    });
    const timeline = await get(`${SCHEDULES}/${schedule.id}/timeline?from=2025-03-24T00:00:00Z&to=2025-04-07T00:00:00Z`);
    // ann's week over the change lasts 167 hours; ben's Tuesday afternoon is cai's.
    expect(timeline.data.map((s: { start: string; user_ids: string[] }) => [s.start, s.user_ids])).toEqual([
      ['2025-03-24T00:00:00.000Z', []],
      ['2025-03-24T08:00:00.000Z', [ann.id]],
      ['2025-03-31T07:00:00.000Z', [ben.id]],
      ['2025-04-01T11:00:00.000Z', [cai.id]],
      ['2025-04-01T16:00:00.000Z', [ben.id]],
    ]);
  });
});

describe("a user's own shifts", () => {
  it('lists the stretches the caller is on call across schedules, an add override included, by start', async () => {
    const berlin = await dailyAnnBen('Shifts Berlin', 'Europe/Berlin', '09:00', '2025-03-28T09:00:00+01:00');
    const other = await createSchedule(t, ben, { name: 'Shifts other', time_zone: 'UTC' });
    await createOverride(t, ben, other.id, {
      kind: 'add',
      user_id: cai.id,
      starts_at: '2025-03-29T10:00:00Z',
      ends_at: '2025-03-29T11:00:00Z',
    });

    const mine = await get('/api/v1/users/me/shifts?from=2025-03-29T00:00:00Z&to=2025-03-31T00:00:00Z', ben);
    const inBerlin = mine.data.filter((s: { schedule_id: string }) => s.schedule_id === berlin.id);
    expect(inBerlin).toEqual([
      { schedule_id: berlin.id, schedule_name: 'Shifts Berlin', start: '2025-03-29T08:00:00.000Z', end: '2025-03-30T07:00:00.000Z' },
    ]);
    const cais = await get('/api/v1/users/me/shifts?from=2025-03-29T00:00:00Z&to=2025-03-31T00:00:00Z', cai);
    expect(cais).toEqual({
      count: 1,
      data: [{ schedule_id: other.id, schedule_name: 'Shifts other', start: '2025-03-29T10:00:00.000Z', end: '2025-03-29T11:00:00.000Z' }],
    });
  });
});
