import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../helpers/api.js';
import { createRotation, createSchedule, SCHEDULES } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * The people in schedules, on PGlite and PostgreSQL: deleting a user who is on call is refused
 * (taking them out silently would renumber everyone's turns), deleting an owner takes their
 * schedules (the limits: schedulesLimits.test.ts).
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ full_name: 'Schedule Owner' });
});
afterAll(async () => {
  await t?.close();
});

describe('deleting a user who is on call', () => {
  it('is refused (409 naming the schedule) while they are in a rotation or a coming override, and then allowed', async () => {
    const member = await t.createUser({ full_name: 'On call' });
    await shareTeam(t, owner, [member], 'responder');
    const schedule = await createSchedule(t, owner, { name: 'Night watch', time_zone: 'UTC' });
    const rotation = await createRotation(t, owner, schedule.id, {
      name: 'r',
      user_ids: [owner.id, member.id],
      shift_unit: 'days',
      shift_count: 1,
      starts_at: '2025-01-01T00:00:00Z',
    });
    const refused = await callAs(t, t.superuser, 'DELETE', `/api/v1/users/${member.id}`);
    expect([refused.statusCode, body(refused)]).toEqual([
      409,
      { detail: 'The user is in rotations or overrides of the schedules "Night watch": take them out first' },
    ]);
    const bySelf = await callAs(t, member, 'DELETE', '/api/v1/users/me');
    expect(bySelf.statusCode).toBe(409);

    await callAs(t, owner, 'PATCH', `${SCHEDULES}/${schedule.id}/rotations/${rotation.id}`, { user_ids: [owner.id] });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const coming = body(
      await callAs(t, owner, 'POST', `${SCHEDULES}/${schedule.id}/overrides`, {
        kind: 'add',
        user_id: member.id,
        starts_at: future,
        ends_at: later,
      }),
    );
    expect((await callAs(t, t.superuser, 'DELETE', `/api/v1/users/${member.id}`)).statusCode).toBe(409);

    // An override that has ended is history: it goes with the user.
    await callAs(t, owner, 'PATCH', `${SCHEDULES}/${schedule.id}/overrides/${coming.id}`, {
      starts_at: '2024-01-01T00:00:00Z',
      ends_at: '2024-01-02T00:00:00Z',
    });
    const deleted = await callAs(t, t.superuser, 'DELETE', `/api/v1/users/${member.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(body(await callAs(t, owner, 'GET', `${SCHEDULES}/${schedule.id}/overrides`)).count).toBe(0);
  });

  it('keeps the schedules a deleted user made with their team', async () => {
    const leaving = await t.createUser({ full_name: 'Leaving' });
    await shareTeam(t, leaving, [owner], 'responder');
    const schedule = await createSchedule(t, leaving, { name: 'Leaving soon', time_zone: 'UTC' });
    await createRotation(t, leaving, schedule.id, {
      name: 'r',
      user_ids: [owner.id],
      shift_unit: 'days',
      shift_count: 1,
      starts_at: '2025-01-01T00:00:00Z',
    });
    expect((await callAs(t, t.superuser, 'DELETE', `/api/v1/users/${leaving.id}`)).statusCode).toBe(200);
    const kept = await callAs(t, owner, 'GET', `${SCHEDULES}/${schedule.id}`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(body(kept)).toMatchObject({ owner_id: null, rotations: [{ user_ids: [owner.id] }] });
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM team_members WHERE user_id = ${leaving.id}`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
  });
});
