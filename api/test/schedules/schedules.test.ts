import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ENOUGH_PRIVILEGES } from '../../src/schedules/service.js';
import { callAs } from '../helpers/api.js';
import { createRotation, createSchedule, SCHEDULES, scheduleTables } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Schedules, rotations and overrides through the API, on PGlite and PostgreSQL: CRUD, who may
 * change what, validation that names the field and stores nothing (deleting a user who is on
 * call and the limits: schedulesMembers.test.ts).
 */
let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ full_name: 'Schedule Owner' });
  other = await t.createUser({ full_name: 'Someone Else' });
  // A responder of the owner's team: in its rotations, not changing its schedules.
  await shareTeam(t, owner, [other], 'responder');
});
afterAll(async () => {
  await t?.close();
});

describe('schedules: CRUD', () => {
  it('creates, lists, reads, changes and deletes a schedule with its rotations and overrides', async () => {
    const created = await callAs(t, owner, 'POST', SCHEDULES, { name: 'Primary', time_zone: 'europe/berlin', description: 'DB team' });
    expect(created.statusCode, created.body).toBe(200);
    const schedule = body(created);
    // The zone as Intl names it.
    expect(schedule).toMatchObject({ name: 'Primary', time_zone: 'Europe/Berlin', owner_id: owner.id, description: 'DB team' });

    const rotation = await createRotation(t, owner, schedule.id, {
      name: 'Weekdays',
      user_ids: [owner.id, other.id, owner.id],
      shift_unit: 'weeks',
      shift_count: 1,
      handoff_time: '10:00',
      starts_at: '2025-03-03T00:00:00+01:00',
      active_hours: [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
    });
    expect(rotation).toMatchObject({ schedule_id: schedule.id, user_ids: [owner.id, other.id, owner.id], handoff_time: '10:00' });
    expect(rotation.starts_at).toBe('2025-03-02T23:00:00.000Z');

    const override = body(
      await callAs(t, owner, 'POST', `${SCHEDULES}/${schedule.id}/overrides`, {
        kind: 'replace',
        user_id: other.id,
        replaces_user_id: owner.id,
        starts_at: '2025-03-04T09:00:00+01:00',
        ends_at: '2025-03-04T12:00:00+01:00',
      }),
    );
    expect(override).toMatchObject({ kind: 'replace', user_id: other.id, replaces_user_id: owner.id, ends_at: '2025-03-04T11:00:00.000Z' });

    // Every signed-in user reads it.
    const detail = body(await callAs(t, other, 'GET', `${SCHEDULES}/${schedule.id}`));
    expect(detail.rotations.map((r: { id: string }) => r.id)).toEqual([rotation.id]);
    const list = body(await callAs(t, other, 'GET', `${SCHEDULES}/?limit=100`));
    expect(list.data.map((s: { id: string }) => s.id)).toContain(schedule.id);
    expect(list.count).toBe(list.data.length);
    expect(body(await callAs(t, other, 'GET', `${SCHEDULES}/${schedule.id}/rotations`))).toMatchObject({ count: 1 });
    expect(body(await callAs(t, other, 'GET', `${SCHEDULES}/${schedule.id}/overrides`))).toMatchObject({ count: 1, data: [override] });
    expect(body(await callAs(t, other, 'GET', `${SCHEDULES}/${schedule.id}/rotations/${rotation.id}`))).toEqual(rotation);
    expect(body(await callAs(t, other, 'GET', `${SCHEDULES}/${schedule.id}/overrides/${override.id}`))).toEqual(override);

    const renamed = await callAs(t, owner, 'PATCH', `${SCHEDULES}/${schedule.id}`, { name: 'Primary DB', description: null });
    expect(body(renamed)).toMatchObject({ name: 'Primary DB', description: null, time_zone: 'Europe/Berlin' });
    const reordered = await callAs(t, owner, 'PATCH', `${SCHEDULES}/${schedule.id}/rotations/${rotation.id}`, {
      user_ids: [other.id],
      shift_unit: 'days',
    });
    expect(body(reordered)).toMatchObject({ user_ids: [other.id], shift_unit: 'days', handoff_time: '10:00' });
    // A replace turned into a remove no longer names whom it replaced.
    const removal = await callAs(t, owner, 'PATCH', `${SCHEDULES}/${schedule.id}/overrides/${override.id}`, { kind: 'remove' });
    expect(body(removal)).toMatchObject({ kind: 'remove', replaces_user_id: null, created_at: override.created_at });

    expect((await callAs(t, owner, 'DELETE', `${SCHEDULES}/${schedule.id}/overrides/${override.id}`)).statusCode).toBe(200);
    expect((await callAs(t, owner, 'DELETE', `${SCHEDULES}/${schedule.id}/rotations/${rotation.id}`)).statusCode).toBe(200);
    expect(body(await callAs(t, owner, 'GET', `${SCHEDULES}/${schedule.id}`)).rotations).toEqual([]);
    const deleted = await callAs(t, owner, 'DELETE', `${SCHEDULES}/${schedule.id}`);
    expect(body(deleted)).toEqual({ message: 'Schedule deleted successfully' });
    const gone = await callAs(t, owner, 'GET', `${SCHEDULES}/${schedule.id}`);
    expect([gone.statusCode, body(gone)]).toEqual([404, { detail: 'Schedule not found' }]);
  });

  it('pages the list of schedules as the other lists do', async () => {
    for (const name of ['page-a', 'page-b', 'page-c']) await createSchedule(t, owner, { name, time_zone: 'UTC' });
    const all = body(await callAs(t, owner, 'GET', `${SCHEDULES}/`));
    const page = body(await callAs(t, owner, 'GET', `${SCHEDULES}/?skip=1&limit=1`));
    expect(page.count).toBe(all.count);
    expect(page.data).toEqual([all.data[1]]);
  });
});

describe('schedules: who may change them', () => {
  it('refuses a change by a user who neither owns the schedule nor is a superuser, and lets a superuser change it', async () => {
    const schedule = await createSchedule(t, owner, { name: 'Owned', time_zone: 'UTC' });
    const rotation = await createRotation(t, owner, schedule.id, {
      name: 'r',
      user_ids: [owner.id],
      shift_unit: 'days',
      shift_count: 1,
      starts_at: '2025-01-01T00:00:00Z',
    });
    const before = await scheduleTables(t);
    const attempts = [
      callAs(t, other, 'PATCH', `${SCHEDULES}/${schedule.id}`, { name: 'Mine now' }),
      callAs(t, other, 'DELETE', `${SCHEDULES}/${schedule.id}`),
      callAs(t, other, 'POST', `${SCHEDULES}/${schedule.id}/rotations`, {
        name: 'x',
        user_ids: [other.id],
        shift_unit: 'hours',
        shift_count: 8,
        starts_at: '2025-01-01T00:00:00Z',
      }),
      callAs(t, other, 'PATCH', `${SCHEDULES}/${schedule.id}/rotations/${rotation.id}`, { user_ids: [other.id] }),
      callAs(t, other, 'DELETE', `${SCHEDULES}/${schedule.id}/rotations/${rotation.id}`),
      callAs(t, other, 'POST', `${SCHEDULES}/${schedule.id}/overrides`, {
        kind: 'add',
        user_id: other.id,
        starts_at: '2025-01-01T00:00:00Z',
        ends_at: '2025-01-02T00:00:00Z',
      }),
    ];
    for (const res of await Promise.all(attempts)) expect([res.statusCode, body(res)]).toEqual([403, { detail: NOT_ENOUGH_PRIVILEGES }]);
    expect(await scheduleTables(t)).toEqual(before);

    const bySuperuser = await callAs(t, t.superuser, 'PATCH', `${SCHEDULES}/${schedule.id}`, { name: 'Renamed by admin' });
    expect(body(bySuperuser)).toMatchObject({ name: 'Renamed by admin', owner_id: owner.id });
    const anonymous = await t.app.inject({ method: 'GET', url: `${SCHEDULES}/${schedule.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('schedules: validation names the field and stores nothing', () => {
  it.each([
    ['bad zone', 'POST', '', { name: 'z', time_zone: 'Mars/Olympus_Mons' }, ['body', 'time_zone'], 'value_error'],
    [
      'extra field',
      'POST',
      '',
      { name: 'z', time_zone: 'UTC', owner_id: '00000000-0000-4000-8000-000000000000' },
      ['body', 'owner_id'],
      'extra_forbidden',
    ],
    [
      'bad time 9:00',
      'POST',
      '/rotations',
      { ...rotationBody(), handoff_time: '9:00' },
      ['body', 'handoff_time'],
      'string_pattern_mismatch',
    ],
    ['count 0', 'POST', '/rotations', { ...rotationBody(), shift_count: 0 }, ['body', 'shift_count'], 'greater_than_equal'],
    ['no users', 'POST', '/rotations', { ...rotationBody(), user_ids: [] }, ['body', 'user_ids'], 'too_short'],
    [
      'unknown user',
      'POST',
      '/rotations',
      { ...rotationBody(), user_ids: ['USER', '00000000-0000-4000-8000-000000000000'] },
      ['body', 'user_ids', 1],
      'value_error',
    ],
    [
      'start without offset',
      'POST',
      '/rotations',
      { ...rotationBody(), starts_at: '2025-03-30T09:00:00' },
      ['body', 'starts_at'],
      'date-time_parsing',
    ],
    [
      'active hours 25:00',
      'POST',
      '/rotations',
      { ...rotationBody(), active_hours: [{ days: [1], start: '25:00', end: '17:00' }] },
      ['body', 'active_hours', 0, 'start'],
      'string_pattern_mismatch',
    ],
    [
      'weekday 8',
      'POST',
      '/rotations',
      { ...rotationBody(), active_hours: [{ days: [8], start: '09:00', end: '17:00' }] },
      ['body', 'active_hours', 0, 'days', 0],
      'less_than_equal',
    ],
    [
      'end before start',
      'POST',
      '/overrides',
      { kind: 'add', user_id: 'USER', starts_at: '2025-03-30T12:00:00Z', ends_at: '2025-03-30T11:00:00Z' },
      ['body', 'ends_at'],
      'value_error',
    ],
    [
      'replace without whom',
      'POST',
      '/overrides',
      { kind: 'replace', user_id: 'USER', starts_at: '2025-03-30T10:00:00Z', ends_at: '2025-03-30T11:00:00Z' },
      ['body', 'replaces_user_id'],
      'value_error',
    ],
    [
      'unknown override user',
      'POST',
      '/overrides',
      { kind: 'add', user_id: '00000000-0000-4000-8000-000000000000', starts_at: '2025-03-30T10:00:00Z', ends_at: '2025-03-30T11:00:00Z' },
      ['body', 'user_id'],
      'value_error',
    ],
    ['bad zone on change', 'PATCH', '', { time_zone: 'Europe/Atlantis' }, ['body', 'time_zone'], 'value_error'],
    ['empty change', 'PATCH', '', {}, ['body'], 'too_short'],
  ])('%s: 422 at the field, nothing stored', async (_name, method, sub, payload, loc, type) => {
    const schedule = await createSchedule(t, owner, { name: 'Validated', time_zone: 'UTC' });
    const filled = JSON.parse(JSON.stringify(payload).replaceAll('USER', owner.id));
    const before = await scheduleTables(t);
    const url = method === 'POST' && sub === '' ? `${SCHEDULES}/` : `${SCHEDULES}/${schedule.id}${sub}`;
    const res = await callAs(t, owner, method, url, filled);
    expect(res.statusCode, res.body).toBe(422);
    expect(body(res).detail).toContainEqual(expect.objectContaining({ loc, type }));
    expect(await scheduleTables(t)).toEqual(before);
  });

  it('refuses a span the wrong way round or too long, and an instant without an offset', async () => {
    const schedule = await createSchedule(t, owner, { name: 'Spans', time_zone: 'UTC' });
    const cases: [string, (string | number)[]][] = [
      [`${SCHEDULES}/${schedule.id}/timeline?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z`, ['query', 'to']],
      [`${SCHEDULES}/${schedule.id}/timeline?from=2025-01-01T00:00:00Z&to=2025-04-02T00:00:01Z`, ['query', 'to']],
      [`${SCHEDULES}/${schedule.id}/timeline?from=2025-01-01T00:00:00Z`, ['query', 'to']],
      [`${SCHEDULES}/${schedule.id}/on-call?at=2025-03-30T09:00:00`, ['query', 'at']],
      ['/api/v1/users/me/shifts?from=2025-01-01T00:00:00Z&to=2025-06-01T00:00:00Z', ['query', 'to']],
    ];
    for (const [url, loc] of cases) {
      const res = await callAs(t, owner, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(body(res).detail[0].loc).toEqual(loc);
    }
  });
});

function rotationBody() {
  return {
    name: 'Primary',
    user_ids: ['USER'],
    shift_unit: 'days',
    shift_count: 1,
    handoff_time: '09:00',
    starts_at: '2025-03-01T09:00:00+01:00',
  };
}
