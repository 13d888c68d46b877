import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMethodKind } from '../../src/db/schema.js';
import { answered, callAs } from '../helpers/api.js';
import { RULES } from '../helpers/contactMethods.js';
import { createPolicy, POLICIES } from '../helpers/policies.js';
import { createOverride, createRotation, createSchedule, SCHEDULES } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Who a policy or schedule reaches and whether an alert would wake each, on PGlite and
 * PostgreSQL: a verified ntfy, SMS or voice method a rule uses wakes; email and webhooks do not,
 * nor an SMS method while no provider sends SMS, nor a phone method no rule uses, nor a
 * deactivated account. A policy counts its schedules' rotations and overrides not ended; a
 * stranger to the team gets 404.
 */
let t: TestApp;
let owner: TestUser;
const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus'] as const;
const people = {} as Record<(typeof NAMES)[number], TestUser>;
const HOUR = 3_600_000;

/** A verified method of the user's (written as verification leaves it), used by a rule when `ruled`. */
async function method(user: TestUser, kind: ContactMethodKind, target: string, ruled = true) {
  const row = await t.db
    .insertInto('contact_methods')
    .values({
      user_id: user.id,
      kind,
      label: `${kind} ${target}`,
      target,
      topic: kind === 'ntfy' ? 'alerts' : null,
      secret: null,
      verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (ruled) {
    const { rules } = answered(await callAs(t, user, 'GET', RULES));
    const mine = rules.map((r: { contact_method_id: string; delay_minutes: number }) => ({
      contact_method_id: r.contact_method_id,
      delay_minutes: r.delay_minutes,
    }));
    answered(await callAs(t, user, 'PUT', RULES, { rules: [...mine, { contact_method_id: row.id, delay_minutes: 0 }] }));
  }
}

const reasons = (answer: { users: { email: string; wakeable: boolean; reason: string | null }[] }) =>
  Object.fromEntries(answer.users.map((u) => [NAMES.find((k) => people[k].email === u.email), u.reason]));

let scheduleId: string;
let policyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ full_name: 'Owner' });
  for (const name of NAMES) people[name] = await t.createUser({ email: `${name}@reach.test`, full_name: name });
  const { ann, bob, cat, dan, eve, fay, gus } = people;
  await shareTeam(t, owner, Object.values(people));
  await method(ann, 'ntfy', 'https://ntfy.sh');
  await method(cat, 'email', 'cat@reach.test');
  await method(cat, 'webhook', 'https://hooks.example.com/cat');
  await method(dan, 'sms', '+14155550100');
  await method(eve, 'ntfy', 'https://ntfy.sh', false);
  await method(fay, 'ntfy', 'https://ntfy.sh');
  await method(gus, 'voice', '+14155550101');
  answered(await callAs(t, t.superuser, 'PATCH', `/api/v1/users/${fay.id}`, { is_active: false }));

  const schedule = await createSchedule(t, owner, { name: 'Primary', time_zone: 'UTC' });
  scheduleId = schedule.id;
  await createRotation(t, owner, scheduleId, {
    name: 'Week',
    user_ids: [ann.id, bob.id],
    shift_unit: 'weeks',
    shift_count: 1,
    starts_at: '2025-01-06T00:00:00Z',
  });
  const now = Date.now();
  await createOverride(t, owner, scheduleId, {
    kind: 'add',
    user_id: cat.id,
    starts_at: new Date(now + HOUR).toISOString(),
    ends_at: new Date(now + 2 * HOUR).toISOString(),
  });
  // Ended: eve is on call in this schedule no more.
  await t.db
    .insertInto('schedule_overrides')
    .values({
      schedule_id: scheduleId,
      kind: 'add',
      user_id: eve.id,
      replaces_user_id: null,
      starts_at: new Date(now - 2 * HOUR),
      ends_at: new Date(now - HOUR),
      created_at: new Date(now - 3 * HOUR),
    })
    .execute();
  const policy = await createPolicy(t, owner, {
    name: 'Ops',
    levels: [
      { delay_minutes: 15, targets: { user_ids: [dan.id], schedule_ids: [scheduleId] } },
      { delay_minutes: null, targets: { user_ids: [fay.id, gus.id] } },
    ],
  });
  policyId = policy.id;
});
afterAll(async () => t?.close());

describe('reachability', () => {
  it("names a schedule's rotation members and the people of overrides not ended", async () => {
    const answer = answered(await callAs(t, owner, 'GET', `${SCHEDULES}/${scheduleId}/reachability`));
    expect(answer.count).toBe(3);
    // Those who cannot be woken first, by email.
    expect(answer.users).toEqual([
      { id: people.bob.id, name: 'bob', email: 'bob@reach.test', wakeable: false, reason: 'no_verified_method' },
      { id: people.cat.id, name: 'cat', email: 'cat@reach.test', wakeable: false, reason: 'only_email' },
      { id: people.ann.id, name: 'ann', email: 'ann@reach.test', wakeable: true, reason: null },
    ]);
  });

  it("names a policy's people and its schedules'; SMS and voice wake only while a provider sends them", async () => {
    const url = `${POLICIES}/${policyId}/reachability`;
    expect(reasons(answered(await callAs(t, owner, 'GET', url)))).toEqual({
      bob: 'no_verified_method',
      cat: 'only_email',
      dan: 'provider_missing',
      fay: 'inactive',
      gus: 'provider_missing',
      ann: null,
    });

    const gateway = { url: 'https://sms.example.com/send', body_template: '{"to":"{{to}}","text":"{{text}}"}' };
    answered(await callAs(t, t.superuser, 'PUT', '/api/v1/notification-providers/sms_gateway', gateway));
    // A gateway sends texts, not calls.
    expect(reasons(answered(await callAs(t, owner, 'GET', url)))).toMatchObject({ dan: null, gus: 'provider_missing' });

    const twilio = { account_sid: `AC${'a'.repeat(32)}`, auth_token: 'twilio-auth-token', from_number: '+15005550006' };
    answered(await callAs(t, t.superuser, 'PUT', '/api/v1/notification-providers/twilio', twilio));
    expect(reasons(answered(await callAs(t, owner, 'GET', url)))).toMatchObject({ dan: null, gus: null });
  });

  it('says a phone method no rule uses does not wake', async () => {
    const { eve } = people;
    const schedule = await createSchedule(t, owner, { name: 'Eve only', time_zone: 'UTC' });
    await createRotation(t, owner, schedule.id, {
      name: 'Eve',
      user_ids: [eve.id],
      shift_unit: 'days',
      shift_count: 1,
      starts_at: '2025-01-06T00:00:00Z',
    });
    const answer = answered(await callAs(t, owner, 'GET', `${SCHEDULES}/${schedule.id}/reachability`));
    expect(answer.users).toMatchObject([{ email: 'eve@reach.test', wakeable: false, reason: 'not_in_rules' }]);
  });

  it('is 404 to a user outside the team, as an unknown id', async () => {
    const stranger = await t.createUser();
    for (const url of [`${POLICIES}/${policyId}/reachability`, `${SCHEDULES}/${scheduleId}/reachability`]) {
      const res = await callAs(t, stranger, 'GET', url);
      expect(res.statusCode).toBe(404);
    }
  });
});
