import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OVERRIDES_PER_SCHEDULE_MAX,
  ROTATIONS_PER_SCHEDULE_MAX,
  SCHEDULES_PER_USER_MAX,
  tooManyOverrides,
  tooManyRotations,
  tooManySchedules,
} from '../../src/schedules/limits.js';
import { callAs } from '../helpers/api.js';
import { createOverride, createRotation, createSchedule, SCHEDULES, scheduleTables } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * What one user and one schedule may hold, on PGlite and PostgreSQL (docs/api/limits.md):
 * each cap is a 422 naming what would be added and stores nothing;
 * ended overrides give way to new ones; a timeline or a user's shifts too busy to answer is a
 * 422 at `to`.
 */
const NOW = new Date('2025-06-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = await t.createUser({ full_name: 'Schedule Owner' });
});
afterAll(async () => {
  await t?.close();
});

const valueError = (loc: (string | number)[], message: string) => ({
  detail: [{ loc, msg: `Value error, ${message}`, type: 'value_error' }],
});
const iso = (ms: number) => new Date(ms).toISOString();

describe('count caps', () => {
  it(`refuses rotation ${ROTATIONS_PER_SCHEDULE_MAX + 1} of a schedule: 422 at the body, nothing stored`, async () => {
    const schedule = await createSchedule(t, owner, { name: 'Many layers', time_zone: 'UTC' });
    const rotation = { name: 'layer', user_ids: [owner.id], shift_unit: 'hours', shift_count: 8, starts_at: '2025-01-01T00:00:00Z' };
    for (let i = 0; i < ROTATIONS_PER_SCHEDULE_MAX; i++) await createRotation(t, owner, schedule.id, rotation);
    const before = await scheduleTables(t);
    const res = await callAs(t, owner, 'POST', `${SCHEDULES}/${schedule.id}/rotations`, rotation);
    expect([res.statusCode, body(res)]).toEqual([422, valueError(['body'], tooManyRotations)]);
    expect(tooManyRotations).toBe('A schedule has at most 20 rotations');
    expect(await scheduleTables(t)).toEqual(before);
  });

  it(`holds ${OVERRIDES_PER_SCHEDULE_MAX} overrides that have not ended, and lets the ones that ended first give way`, async () => {
    const schedule = await createSchedule(t, owner, { name: 'Many overrides', time_zone: 'UTC' });
    const ahead = (i: number) => ({
      kind: 'add',
      user_id: owner.id,
      starts_at: iso(NOW.getTime() + i * HOUR),
      ends_at: iso(NOW.getTime() + (i + 1) * HOUR),
    });
    const made = [];
    for (let i = 0; i < OVERRIDES_PER_SCHEDULE_MAX; i++) made.push(await createOverride(t, owner, schedule.id, ahead(i)));
    const before = await scheduleTables(t);
    const refused = await callAs(t, owner, 'POST', `${SCHEDULES}/${schedule.id}/overrides`, ahead(500));
    expect([refused.statusCode, body(refused)]).toEqual([422, valueError(['body'], tooManyOverrides)]);
    expect(tooManyOverrides).toBe('A schedule has at most 200 overrides that have not ended');
    expect(await scheduleTables(t)).toEqual(before);

    // Two of them moved into the past: the one that ended first gives way, then the other.
    const [first, second] = made;
    for (const [override, endedDaysAgo] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const ends = NOW.getTime() - endedDaysAgo * DAY;
      const moved = await callAs(t, owner, 'PATCH', `${SCHEDULES}/${schedule.id}/overrides/${override.id}`, {
        starts_at: iso(ends - HOUR),
        ends_at: iso(ends),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const ids = async () =>
      (await t.db.selectFrom('schedule_overrides').select('id').where('schedule_id', '=', schedule.id).execute()).map((o) => o.id);
    const newer = await createOverride(t, owner, schedule.id, ahead(501));
    let stored = await ids();
    expect(stored).toHaveLength(OVERRIDES_PER_SCHEDULE_MAX);
    expect(stored).not.toContain(second.id);
    expect(stored).toContain(first.id);
    expect(stored).toContain(newer.id);
    await createOverride(t, owner, schedule.id, ahead(502));
    stored = await ids();
    expect(stored).toHaveLength(OVERRIDES_PER_SCHEDULE_MAX);
    expect(stored).not.toContain(first.id);
    const none = await callAs(t, owner, 'POST', `${SCHEDULES}/${schedule.id}/overrides`, ahead(503));
    expect([none.statusCode, body(none)]).toEqual([422, valueError(['body'], tooManyOverrides)]);
  });

  it(`refuses schedule ${SCHEDULES_PER_USER_MAX + 1} of one owner, and takes one again once one is deleted`, async () => {
    const prolific = await t.createUser({ full_name: 'Prolific' });
    const made = [];
    for (let i = 0; i < SCHEDULES_PER_USER_MAX; i++) made.push(await createSchedule(t, prolific, { name: `Mine ${i}`, time_zone: 'UTC' }));
    const before = await scheduleTables(t);
    const refused = await callAs(t, prolific, 'POST', `${SCHEDULES}/`, { name: 'One more', time_zone: 'UTC' });
    expect([refused.statusCode, body(refused)]).toEqual([422, valueError(['body'], tooManySchedules)]);
    expect(tooManySchedules).toBe('A user owns at most 100 schedules');
    expect(await scheduleTables(t)).toEqual(before);
    // Counted per owner: anyone else still creates theirs; superusers, who administer everyone's, are not counted.
    await createSchedule(t, owner, { name: 'Not theirs', time_zone: 'UTC' });
    await sql`UPDATE users SET is_superuser = true WHERE id = ${prolific.id}`.execute(t.db);
    await createSchedule(t, prolific, { name: 'As a superuser', time_zone: 'UTC' });
    await sql`UPDATE users SET is_superuser = false WHERE id = ${prolific.id}`.execute(t.db);
    for (const schedule of made.slice(0, 2))
      expect((await callAs(t, prolific, 'DELETE', `${SCHEDULES}/${schedule.id}`)).statusCode).toBe(200);
    await createSchedule(t, prolific, { name: 'Room again', time_zone: 'UTC' });
  });

  it('refuses more than 100 people in a rotation and more than 20 active-hours rules, at the field', async () => {
    const schedule = await createSchedule(t, owner, { name: 'Wide', time_zone: 'UTC' });
    const rotation = { name: 'r', user_ids: [owner.id], shift_unit: 'days', shift_count: 1, starts_at: '2025-01-01T00:00:00Z' };
    const rule = { days: [1], start: '09:00', end: '10:00' };
    const before = await scheduleTables(t);
    for (const [payload, loc] of [
      [{ ...rotation, user_ids: Array(101).fill(owner.id) }, ['body', 'user_ids']],
      [{ ...rotation, active_hours: Array(21).fill(rule) }, ['body', 'active_hours']],
    ] as const) {
      const res = await callAs(t, owner, 'POST', `${SCHEDULES}/${schedule.id}/rotations`, payload);
      expect(res.statusCode).toBe(422);
      expect(body(res).detail).toContainEqual(expect.objectContaining({ loc, type: 'too_long' }));
    }
    expect(await scheduleTables(t)).toEqual(before);
  });
});

describe('busy spans', () => {
  it('answers a timeline up to 20,000 entries and a user\'s shifts up to 5,000; a busier span is a 422 at "to"', async () => {
    // One person on call for a minute every 15 minutes, through four rotations of 20 rules each:
    // 80 shifts and 240 timeline entries a day.
    const busy = await t.createUser({ full_name: 'Busy' });
    await shareTeam(t, owner, [busy], 'responder');
    const schedule = await createSchedule(t, owner, { name: 'Busy', time_zone: 'UTC' });
    const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    for (let r = 0; r < 4; r++) {
      const rules = Array.from({ length: 20 }, (_, i) => {
        const start = (r * 20 + i) * 15;
        return { days: [1, 2, 3, 4, 5, 6, 7], start: clock(start), end: clock(start + 1) };
      });
      await createRotation(t, owner, schedule.id, {
        name: `r${r}`,
        user_ids: [busy.id],
        shift_unit: 'days',
        shift_count: 1,
        starts_at: '2025-01-01T00:00:00Z',
        active_hours: rules,
      });
    }
    const span = (days: number) => `from=2025-06-02T00:00:00Z&to=${iso(Date.parse('2025-06-02T00:00:00Z') + days * DAY)}`;
    const timeline = await callAs(t, owner, 'GET', `${SCHEDULES}/${schedule.id}/timeline?${span(30)}`);
    expect(timeline.statusCode).toBe(200);
    expect(body(timeline).count).toBe(30 * 160);
    const tooLong = await callAs(t, owner, 'GET', `${SCHEDULES}/${schedule.id}/timeline?${span(90)}`);
    expect([tooLong.statusCode, body(tooLong)]).toEqual([
      422,
      valueError(['query', 'to'], 'more than 20000 entries between from and to: ask a shorter span'),
    ]);

    const shifts = await callAs(t, busy, 'GET', `/api/v1/users/me/shifts?${span(30)}`);
    expect(body(shifts).count).toBe(30 * 80);
    const tooMany = await callAs(t, busy, 'GET', `/api/v1/users/me/shifts?${span(90)}`);
    expect([tooMany.statusCode, body(tooMany)]).toEqual([
      422,
      valueError(['query', 'to'], 'more than 5000 entries between from and to: ask a shorter span'),
    ]);
  });
});
