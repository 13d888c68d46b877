import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../helpers/api.js';
import { createIntegration, INTEGRATIONS } from '../helpers/integrations.js';
import { createPolicy, level, POLICIES } from '../helpers/policies.js';
import { createSchedule } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * /api/v1/escalation-policies: create, read, list, change, delete; who may do what (as
 * schedules: everyone reads, the owner and superusers change); what is refused (422 at its
 * place, 409 while in use); integrations taking one (PATCH).
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  other = await t.createUser();
  // A responder of the owner's team: a target of its policies, not changing them.
  await shareTeam(t, owner, [other], 'responder');
});
afterAll(async () => {
  await t?.close();
});

describe('escalation policies', () => {
  it('creates one owned by the caller, with every kind of target, defaults filled and addresses lower-cased', async () => {
    const schedule = await createSchedule(t, owner, { name: `Ops ${randomUUID().slice(0, 6)}`, time_zone: 'Europe/Berlin' });
    const policy = await createPolicy(t, owner, {
      name: 'Payments',
      description: 'Day and night',
      levels: [
        level({ user_ids: [other.id], schedule_ids: [schedule.id] }, 10),
        level({ emails: ['Lead@Example.com', 'lead@example.com'] }, null),
      ],
    });
    expect(policy).toMatchObject({
      owner_id: owner.id,
      name: 'Payments',
      description: 'Day and night',
      repeat: 0,
      max_level: null,
      integration_count: 0,
      levels: [
        { delay_minutes: 10, targets: { user_ids: [other.id], schedule_ids: [schedule.id], emails: [] } },
        { delay_minutes: null, targets: { user_ids: [], schedule_ids: [], emails: ['lead@example.com'] } },
      ],
    });
    // Every signed-in user reads it (another's addresses counted, not named: policyAddresses.test.ts), and finds it in the list.
    expect(body(await callAs(t, other, 'GET', `${POLICIES}/${policy.id}`))).toEqual({
      ...policy,
      levels: [policy.levels[0], { delay_minutes: null, targets: { user_ids: [], schedule_ids: [], emails: [], hidden_email_count: 1 } }],
    });
    const list = body(await callAs(t, other, 'GET', `${POLICIES}/?limit=100`));
    expect(list.data.map((p: { id: string }) => p.id)).toContain(policy.id);
    expect(list.count).toBeGreaterThanOrEqual(1);
  });

  it('pages the list by name with skip and limit', async () => {
    const prefix = `zz-${randomUUID().slice(0, 6)}`;
    for (const n of ['b', 'a', 'c']) await createPolicy(t, owner, { name: `${prefix}-${n}`, levels: [level({})] });
    const all = body(await callAs(t, owner, 'GET', `${POLICIES}/?limit=100`));
    const ours = all.data.filter((p: { name: string }) => p.name.startsWith(prefix)).map((p: { name: string }) => p.name);
    expect(ours).toEqual([`${prefix}-a`, `${prefix}-b`, `${prefix}-c`]);
    const page = body(await callAs(t, owner, 'GET', `${POLICIES}/?skip=1&limit=1`));
    expect(page.data).toHaveLength(1);
    expect(page.data[0].id).toBe(all.data[1].id);
    expect(page.count).toBe(all.count);
  });

  it('the owner and a superuser change it; anyone else gets 403 and nothing changes', async () => {
    const policy = await createPolicy(t, owner, { name: 'Mine', levels: [level({ user_ids: [owner.id] })] });
    const refused = await callAs(t, other, 'PATCH', `${POLICIES}/${policy.id}`, { name: 'Theirs' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toEqual({ detail: "The user doesn't have enough privileges" });
    expect((await callAs(t, other, 'DELETE', `${POLICIES}/${policy.id}`)).statusCode).toBe(403);

    const renamed = await callAs(t, owner, 'PATCH', `${POLICIES}/${policy.id}`, { name: 'Renamed', repeat: 2, max_level: 4 });
    expect(body(renamed)).toMatchObject({ name: 'Renamed', repeat: 2, max_level: 4, levels: policy.levels });
    const levels = [level({ user_ids: [other.id] }, 5), level({ user_ids: [owner.id] }, 5)];
    const bySuperuser = body(await callAs(t, t.superuser, 'PATCH', `${POLICIES}/${policy.id}`, { levels }));
    expect(bySuperuser.levels.map((l: { targets: { user_ids: string[] } }) => l.targets.user_ids)).toEqual([[other.id], [owner.id]]);
    expect(new Date(bySuperuser.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(policy.updated_at).getTime());
  });

  it.each([
    ['no levels', { name: 'x', levels: [] }, ['body', 'levels']],
    ['eleven levels', { name: 'x', levels: Array(11).fill(level({})) }, ['body', 'levels']],
    ['an empty name', { name: '', levels: [level({})] }, ['body', 'name']],
    ['a delay of 0', { name: 'x', levels: [level({}, 0)] }, ['body', 'levels', 0, 'delay_minutes']],
    ['a delay past a week', { name: 'x', levels: [level({}, 10081)] }, ['body', 'levels', 0, 'delay_minutes']],
    ['a repeat of 11', { name: 'x', repeat: 11, levels: [level({})] }, ['body', 'repeat']],
    ['a negative repeat', { name: 'x', repeat: -1, levels: [level({})] }, ['body', 'repeat']],
    ['a max_level of 0', { name: 'x', max_level: 0, levels: [level({})] }, ['body', 'max_level']],
    ['a max_level past every level of every repeat', { name: 'x', max_level: 111, levels: [level({})] }, ['body', 'max_level']],
    ['no name', { levels: [level({})] }, ['body', 'name']],
    ['a bad address', { name: 'x', levels: [level({ emails: ['nope'] })] }, ['body', 'levels', 0, 'targets', 'emails', 0]],
    ['a malformed user id', { name: 'x', levels: [level({ user_ids: ['nope'] })] }, ['body', 'levels', 0, 'targets', 'user_ids', 0]],
    ['an unknown field', { name: 'x', levels: [level({ teams: [] })] }, ['body', 'levels', 0, 'targets', 'teams']],
  ])('refuses %s with a 422 at its place', async (_, payload, loc) => {
    const res = await callAs(t, owner, 'POST', `${POLICIES}/`, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(body(res).detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
  });

  it('refuses unknown user and schedule ids with a 422 naming each, and stores nothing', async () => {
    const before = body(await callAs(t, owner, 'GET', `${POLICIES}/?limit=1`)).count;
    const ghost = randomUUID();
    const res = await callAs(t, owner, 'POST', `${POLICIES}/`, {
      name: 'Ghosts',
      levels: [level({ user_ids: [owner.id, ghost] }), level({ schedule_ids: [ghost] })],
    });
    expect(res.statusCode).toBe(422);
    expect(body(res).detail).toEqual([
      { loc: ['body', 'levels', 0, 'targets', 'user_ids', 1], msg: 'Value error, no member of the team with this id', type: 'value_error' },
    ]);
    const schedules = await callAs(t, owner, 'POST', `${POLICIES}/`, { name: 'Ghosts', levels: [level({ schedule_ids: [ghost] })] });
    expect(body(schedules).detail).toEqual([
      {
        loc: ['body', 'levels', 0, 'targets', 'schedule_ids', 0],
        msg: 'Value error, no schedule of the team with this id',
        type: 'value_error',
      },
    ]);
    expect(body(await callAs(t, owner, 'GET', `${POLICIES}/?limit=1`)).count).toBe(before);
    const policy = await createPolicy(t, owner, { name: 'Real', levels: [level({})] });
    const patch = await callAs(t, owner, 'PATCH', `${POLICIES}/${policy.id}`, { levels: [level({ user_ids: [ghost] })] });
    expect(patch.statusCode).toBe(422);
  });

  it('a refused change leaves the policy as it was', async () => {
    const policy = await createPolicy(t, owner, { name: 'Steady', max_level: 2, levels: [level({ emails: ['ops@example.com'] }, 5)] });
    for (const patch of [{ max_level: 111 }, { levels: [level({ emails: ['nope'] })] }, { levels: [level({}, 0)] }, { repeat: 11 }]) {
      const res = await callAs(t, owner, 'PATCH', `${POLICIES}/${policy.id}`, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
    }
    expect(body(await callAs(t, owner, 'GET', `${POLICIES}/${policy.id}`))).toEqual(policy);
  });

  it('an unknown policy is 404; a login is needed', async () => {
    expect(body(await callAs(t, owner, 'GET', `${POLICIES}/${randomUUID()}`))).toEqual({ detail: 'Escalation policy not found' });
    expect((await t.app.inject({ method: 'GET', url: `${POLICIES}/` })).statusCode).toBe(401);
  });

  it('many integrations share one; deleting it is refused (409) while one uses it', async () => {
    const policy = await createPolicy(t, owner, { name: 'Shared', levels: [level({ user_ids: [other.id] })] });
    const first = await createIntegration(t, owner, 'First');
    const second = body(await callAs(t, owner, 'POST', `${INTEGRATIONS}/`, { title: 'Second', escalation_policy_id: policy.id }));
    expect(second.escalation_policy_id).toBe(policy.id);
    const patched = await callAs(t, owner, 'PATCH', `${INTEGRATIONS}/${first.id}`, { escalation_policy_id: policy.id });
    expect(body(patched)).toMatchObject({ escalation_policy_id: policy.id, title: 'First' });
    expect(body(await callAs(t, owner, 'GET', `${POLICIES}/${policy.id}`)).integration_count).toBe(2);

    const refused = await callAs(t, owner, 'DELETE', `${POLICIES}/${policy.id}`);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toEqual({ detail: 'This escalation policy is used by 2 integrations: give them another policy first' });
    await callAs(t, owner, 'PATCH', `${INTEGRATIONS}/${first.id}`, { escalation_policy_id: null });
    expect(body(await callAs(t, owner, 'DELETE', `${POLICIES}/${policy.id}`)).detail).toBe(
      'This escalation policy is used by 1 integration: give it another policy first',
    );
    await callAs(t, owner, 'DELETE', `${INTEGRATIONS}/${second.id}`);
    expect(body(await callAs(t, owner, 'DELETE', `${POLICIES}/${policy.id}`))).toEqual({
      message: 'Escalation policy deleted successfully',
    });
    expect((await callAs(t, owner, 'GET', `${POLICIES}/${policy.id}`)).statusCode).toBe(404);
  });

  it('an integration refuses an unknown policy id with a 422', async () => {
    const integration = await createIntegration(t, owner, 'Lonely');
    const res = await callAs(t, owner, 'PATCH', `${INTEGRATIONS}/${integration.id}`, { escalation_policy_id: randomUUID() });
    expect(res.statusCode).toBe(422);
    expect(body(res).detail).toEqual([
      { loc: ['body', 'escalation_policy_id'], msg: 'Value error, no escalation policy of the team with this id', type: 'value_error' },
    ]);
    const created = await callAs(t, owner, 'POST', `${INTEGRATIONS}/`, { title: 'x', escalation_policy_id: randomUUID() });
    expect(created.statusCode).toBe(422);
  });
});
