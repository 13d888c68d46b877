import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { INTEGRATIONS } from '../helpers/integrations.js';
import { POLICIES } from '../helpers/policies.js';
import { SCHEDULES } from '../helpers/schedules.js';
import { changeSettings } from '../helpers/settings.js';
import { createTeam, TEAMS } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Every permission cell of docs/api/teams.md: each role of team A (admin, responder,
 * observer), the admin of another team B, and a superuser, against each action on team A's
 * things. A stranger's answer is the 404 of an unknown id; a member without the role, 403.
 */
type Actor = 'admin' | 'responder' | 'observer' | 'other' | 'superuser';
const ACTORS: Actor[] = ['admin', 'responder', 'observer', 'other', 'superuser'];

let t: TestApp;
const users = {} as Record<Actor, TestUser>;
const a = {} as { team: string; integration: string; policy: string; schedule: string };
let bIntegration: string;

beforeAll(async () => {
  t = await createTestApp();
  users.superuser = t.superuser;
  for (const actor of ['admin', 'responder', 'observer', 'other'] as const) users[actor] = await t.createUser({ full_name: actor });
  a.team = (
    await createTeam(t, users.admin, 'Team A', [
      [users.responder, 'responder'],
      [users.observer, 'observer'],
    ])
  ).id;
  const b = await createTeam(t, users.other, 'Team B');
  const make = async (user: TestUser, team: string) => ({
    integration: answered(await callAs(t, user, 'POST', `${INTEGRATIONS}/`, { title: 'Prometheus', team_id: team })).id,
    policy: answered(
      await callAs(t, user, 'POST', `${POLICIES}/`, {
        name: 'Ops',
        team_id: team,
        levels: [{ delay_minutes: 5, targets: { user_ids: [user.id] } }],
      }),
    ).id,
    schedule: answered(await callAs(t, user, 'POST', `${SCHEDULES}/`, { name: 'Primary', time_zone: 'UTC', team_id: team })).id,
  });
  Object.assign(a, await make(users.admin, a.team));
  bIntegration = (await make(users.other, b.id)).integration;
  await changeSettings(t, { require_signed_links: true });
});
afterAll(() => t?.close());

/** What each actor gets, in ACTORS' order. */
type Cells = [number, number, number, number, number];
const cells = (admin: number, responder: number, observer: number, other: number, superuser = admin): Cells => [
  admin,
  responder,
  observer,
  other,
  superuser,
];

const newAlert = async () =>
  answered(await callAs(t, users.admin, 'POST', `${ALERTS}/`, { title: 'Disk full', team_id: a.team })).id as string;

const ACTIONS: { name: string; expected: Cells; call: (user: TestUser) => Promise<{ statusCode: number; body: string }> }[] = [
  { name: 'read the team', expected: cells(200, 200, 200, 404), call: (u) => callAs(t, u, 'GET', `${TEAMS}/${a.team}`) },
  {
    name: 'rename the team',
    expected: cells(200, 403, 403, 404),
    call: (u) => callAs(t, u, 'PATCH', `${TEAMS}/${a.team}`, { name: 'Team A' }),
  },
  {
    name: 'invite to the team',
    expected: cells(200, 403, 403, 404),
    call: (u) => callAs(t, u, 'POST', `${TEAMS}/${a.team}/invites`, { email: `new-${u.id}@example.com`, role: 'observer' }),
  },
  {
    name: 'read an integration',
    expected: cells(200, 200, 200, 404),
    call: (u) => callAs(t, u, 'GET', `${INTEGRATIONS}/${a.integration}`),
  },
  {
    name: 'change an integration',
    expected: cells(200, 403, 403, 404),
    call: (u) => callAs(t, u, 'PATCH', `${INTEGRATIONS}/${a.integration}`, { title: 'Prometheus' }),
  },
  {
    name: 'rotate its ingest key',
    expected: cells(200, 403, 403, 404),
    call: (u) => callAs(t, u, 'POST', `${INTEGRATIONS}/${a.integration}/ingest-key`),
  },
  {
    name: 'list its heartbeats',
    expected: cells(200, 200, 200, 404),
    call: (u) => callAs(t, u, 'GET', `${INTEGRATIONS}/${a.integration}/heartbeats`),
  },
  {
    name: 'add a heartbeat',
    expected: cells(200, 403, 403, 404),
    call: (u) => callAs(t, u, 'POST', `${INTEGRATIONS}/${a.integration}/heartbeats`, { name: `cron ${u.id}`, interval_minutes: 5 }),
  },
  {
    name: 'create an integration in the team',
    expected: cells(200, 403, 403, 422),
    call: (u) => callAs(t, u, 'POST', `${INTEGRATIONS}/`, { title: 'More', team_id: a.team }),
  },
  { name: 'read a policy', expected: cells(200, 200, 200, 404), call: (u) => callAs(t, u, 'GET', `${POLICIES}/${a.policy}`) },
  {
    name: 'change a policy',
    expected: cells(200, 403, 403, 404),
    call: (u) => callAs(t, u, 'PATCH', `${POLICIES}/${a.policy}`, { name: 'Ops' }),
  },
  { name: 'read a schedule', expected: cells(200, 200, 200, 404), call: (u) => callAs(t, u, 'GET', `${SCHEDULES}/${a.schedule}`) },
  {
    name: 'change a schedule',
    expected: cells(200, 403, 403, 404),
    call: (u) => callAs(t, u, 'PATCH', `${SCHEDULES}/${a.schedule}`, { name: 'Primary' }),
  },
  {
    name: 'add an override',
    expected: cells(200, 403, 403, 404),
    call: (u) =>
      callAs(t, u, 'POST', `${SCHEDULES}/${a.schedule}/overrides`, {
        kind: 'add',
        user_id: users.responder.id,
        starts_at: '2030-01-01T00:00:00Z',
        ends_at: '2030-01-01T01:00:00Z',
      }),
  },
  {
    name: 'create an alert in the team',
    expected: cells(200, 200, 403, 422),
    call: (u) => callAs(t, u, 'POST', `${ALERTS}/`, { title: 'By hand', team_id: a.team }),
  },
  {
    name: "read an alert's history",
    expected: cells(200, 200, 200, 404),
    call: async (u) => callAs(t, u, 'GET', `${ALERTS}/${await newAlert()}/events`),
  },
  // Signed links are required: only who responds for the team acts without one.
  {
    name: 'acknowledge an alert without a link',
    expected: cells(200, 200, 403, 403),
    call: async (u) => callAs(t, u, 'POST', `${ALERTS}/acknowledge/${await newAlert()}`),
  },
  {
    name: 'delete an alert',
    expected: cells(200, 403, 403, 404),
    call: async (u) => callAs(t, u, 'DELETE', `${ALERTS}/${await newAlert()}`),
  },
];

describe('team permissions: role × action on team A', () => {
  for (const action of ACTIONS) {
    it(`${action.name}: ${ACTORS.map((actor, i) => `${actor} ${action.expected[i]}`).join(', ')}`, async () => {
      const got: number[] = [];
      for (const actor of ACTORS) got.push((await action.call(users[actor])).statusCode);
      expect(got).toEqual(action.expected);
    });
  }

  it('a bulk action acts only on the alerts of teams where the caller responds', async () => {
    for (const [actor, outcome] of [
      ['admin', 'changed'],
      ['responder', 'changed'],
      ['observer', 'not_found'],
      ['other', 'not_found'],
    ] as const) {
      const id = await newAlert();
      const res = answered(await callAs(t, users[actor], 'POST', `${ALERTS}/bulk`, { action: 'close', ids: [id] }));
      expect(res.results[0].outcome, actor).toBe(outcome);
    }
  });

  it("lists show each member their teams' things and nobody else's", async () => {
    for (const actor of ACTORS) {
      const ids = answered(await callAs(t, users[actor], 'GET', `${INTEGRATIONS}/?limit=100`)).data.map((i: { id: string }) => i.id);
      expect(ids.includes(a.integration), actor).toBe(actor !== 'other');
      expect(ids.includes(bIntegration), actor).toBe(actor === 'other' || actor === 'superuser');
    }
    const filtered = answered(await callAs(t, t.superuser, 'GET', `${INTEGRATIONS}/?team_id=${a.team}`));
    expect(filtered.data.every((i: { team_id: string }) => i.team_id === a.team)).toBe(true);
    expect(filtered.count).toBe(filtered.data.length);
  });

  it("records the team's changes in its audit log, read by its admin without another team's", async () => {
    const entries = answered(await callAs(t, users.admin, 'GET', `/api/v1/audit-log/?team_id=${a.team}&limit=200`)).data;
    const actions = new Set(entries.map((e: { action: string }) => e.action));
    for (const action of ['team.created', 'team_member.added', 'integration.created', 'escalation_policy.created', 'schedule.created']) {
      expect(actions.has(action), action).toBe(true);
    }
    expect(entries.every((e: { team_id: string }) => e.team_id === a.team)).toBe(true);
    expect((await callAs(t, users.admin, 'GET', '/api/v1/audit-log/')).statusCode).toBe(403);
  });

  it('a member of team A reaches nothing of team B, whatever their role in A', async () => {
    for (const actor of ['admin', 'responder', 'observer'] as const) {
      expect((await callAs(t, users[actor], 'GET', `${INTEGRATIONS}/${bIntegration}`)).statusCode, actor).toBe(404);
      expect((await callAs(t, users[actor], 'DELETE', `${INTEGRATIONS}/${bIntegration}`)).statusCode, actor).toBe(404);
    }
  });
});
