import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TOKEN_HEADER } from '../../src/links/linkAccess.js';
import { signLinkToken } from '../../src/links/linkTokens.js';
import { callAs } from '../helpers/api.js';
import { send } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { createPolicy } from '../helpers/policies.js';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * A policy's external addresses are read by its team's admins and superusers only
 * (docs/api/security.md, docs/api/teams.md): the team's other members read the policy with its
 * addresses counted, on every route that answers a policy, its levels or its contacts; a
 * stranger who just signed up reads nothing of it and cannot use it. The public alert page says
 * who is reached next by name and count only.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let ben: TestUser;
let reader: TestUser;
let policy: { id: string };

const ADDRESSES = ['lead@example.com', 'noc@example.com', 'cto@example.com'];
/** No address of the policy anywhere in an answer. */
const expectNoAddress = (text: string) => {
  for (const address of ADDRESSES) expect(text).not.toContain(address);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ full_name: 'Olga Owner' });
  ben = await t.createUser({ email: 'ben.private@example.com', full_name: 'Ben Example' });
  reader = await t.createUser({ full_name: 'Rita Reader' });
  await shareTeam(t, owner, [ben], 'responder');
  await shareTeam(t, owner, [reader], 'observer');
  // Anyone can sign up while sign-up is open.
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/signup',
    payload: { email: 'stranger@evil.example', password: 'stranger-password-1', full_name: 'Stranger' },
  });
  expect(signup.statusCode, signup.body).toBe(200);
  const token = await t.login('stranger@evil.example', 'stranger-password-1');
  stranger = { id: body(signup).id, email: 'stranger@evil.example', password: '', token, auth: { authorization: `Bearer ${token}` } };
  policy = await createPolicy(t, owner, {
    name: 'Payments',
    levels: [
      { delay_minutes: 10, targets: { user_ids: [ben.id], emails: ['lead@example.com', 'noc@example.com'] } },
      { delay_minutes: null, targets: { emails: ['cto@example.com'] } },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

/** The policy's levels as its owner or a superuser reads them. */
const shownLevels = () => [
  {
    delay_minutes: 10,
    targets: { user_ids: [ben.id], schedule_ids: [], emails: ['lead@example.com', 'noc@example.com'], hidden_email_count: 0 },
  },
  { delay_minutes: null, targets: { user_ids: [], schedule_ids: [], emails: ['cto@example.com'], hidden_email_count: 0 } },
];

describe("a policy's external addresses", () => {
  it("are read by its team's admins and superusers; its other members read them counted, a stranger nothing", async () => {
    for (const admin of [owner, t.superuser]) {
      expect(body(await callAs(t, admin, 'GET', `/api/v1/escalation-policies/${policy.id}`)).levels).toEqual(shownLevels());
      const listed = body(await callAs(t, admin, 'GET', '/api/v1/escalation-policies/?limit=100')).data.find(
        (p: { id: string }) => p.id === policy.id,
      );
      expect(listed.levels).toEqual(shownLevels());
    }
    for (const member of [ben, reader]) {
      const one = await callAs(t, member, 'GET', `/api/v1/escalation-policies/${policy.id}`);
      const list = await callAs(t, member, 'GET', '/api/v1/escalation-policies/?limit=100');
      expect(body(one).levels).toEqual([
        { delay_minutes: 10, targets: { user_ids: [ben.id], schedule_ids: [], emails: [], hidden_email_count: 2 } },
        { delay_minutes: null, targets: { user_ids: [], schedule_ids: [], emails: [], hidden_email_count: 1 } },
      ]);
      expect(body(list).data.find((p: { id: string }) => p.id === policy.id)).toEqual(body(one));
      expectNoAddress(one.body);
      expectNoAddress(list.body);
    }
    const strangers = [
      await callAs(t, stranger, 'GET', `/api/v1/escalation-policies/${policy.id}`),
      await callAs(t, stranger, 'GET', '/api/v1/escalation-policies/?limit=100'),
    ];
    expect(strangers[0]?.statusCode).toBe(404);
    expect(body(strangers[1]!).data.some((p: { id: string }) => p.id === policy.id)).toBe(false);
    for (const res of strangers) expectNoAddress(res.body);
  });

  it("cannot be borrowed by a stranger's integration, nor read through the team's integration by a member", async () => {
    const borrowed = await createIntegration(t, stranger, 'Borrowed policy');
    const patched = await callAs(t, stranger, 'PATCH', `/api/v1/integration/${borrowed.id}`, { escalation_policy_id: policy.id });
    expect(patched.statusCode).toBe(422);
    expectNoAddress(patched.body);
    expect(body(await callAs(t, stranger, 'GET', `/api/v1/integration/${borrowed.id}`)).escalation_policy_id).toBeNull();

    const integration = await createIntegration(t, owner, 'Team integration');
    expect((await callAs(t, owner, 'PATCH', `/api/v1/integration/${integration.id}`, { escalation_policy_id: policy.id })).statusCode).toBe(
      200,
    );
    const reads = [
      await callAs(t, reader, 'GET', `/api/v1/integration/${integration.id}`),
      await callAs(t, reader, 'GET', '/api/v1/integration/'),
      await callAs(t, reader, 'GET', `/api/v1/integration/${integration.id}/contacts`),
    ];
    for (const res of reads) {
      expect(res.statusCode).toBe(200);
      expectNoAddress(res.body);
    }
    expect(body(reads[2]!)).toEqual({ data: [], count: 0 });
    // Asking again is the admins' to do: a lesser member is refused before any address is looked at.
    const guess = await callAs(t, reader, 'POST', `/api/v1/integration/${integration.id}/contacts/resend`, { email: 'lead@example.com' });
    expect(guess.statusCode).toBe(403);
    expect((await callAs(t, stranger, 'GET', `/api/v1/integration/${integration.id}/contacts`)).statusCode).toBe(404);

    for (const admin of [owner, t.superuser]) {
      const contacts = body(await callAs(t, admin, 'GET', `/api/v1/integration/${integration.id}/contacts`));
      expect(contacts.data.map((c: { email: string }) => c.email)).toEqual(ADDRESSES);
    }
  });

  it('are never named on the public alert page, nor are the emails of the people it reaches', async () => {
    const integration = await createIntegration(t, owner, 'Public page');
    await callAs(t, owner, 'PATCH', `/api/v1/integration/${integration.id}`, { escalation_policy_id: policy.id });
    // One address confirmed it takes the team's alerts (here by a superuser): it is reached.
    const confirmed = await callAs(t, t.superuser, 'POST', `/api/v1/integration/${integration.id}/contacts/confirm`, {
      email: 'lead@example.com',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const sent = await send(t, integration, { action: 'trigger', title: 'Please log in at https://evil.example/login', dedup_key: 'x' });
    expect(sent.statusCode, sent.body).toBe(202);
    const alertId = body(sent).alerts[0].alert_id;
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/alert/${alertId}` });
    expect(page.statusCode).toBe(200);
    expect(body(page).escalation_next).toMatchObject({ kind: 'timer', level: 1, recipients: ['Ben Example', '1 external address'] });
    expectNoAddress(page.body);
    expect(page.body).not.toContain('ben.private@example.com');
  });

  it("are not in an observer's alert history or notifications: users by name, others as an external address", async () => {
    const integration = await createIntegration(t, owner, 'Reading the history');
    await callAs(t, owner, 'PATCH', `/api/v1/integration/${integration.id}`, { escalation_policy_id: policy.id });
    await callAs(t, t.superuser, 'POST', `/api/v1/integration/${integration.id}/contacts/confirm`, { email: 'lead@example.com' });
    const sent = await send(t, integration, { action: 'trigger', title: 'Disk full', dedup_key: 'history' });
    const alertId = body(sent).alerts[0].alert_id;
    // Escalated by anyone: level 1 reaches Ben, the confirmed lead@, and records noc@ as skipped.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/alert/escalate/${alertId}` })).statusCode).toBe(200);
    // Ben acknowledges from the link his escalation email carried: the history records his address.
    const token = signLinkToken(t.config.secretKey, {
      alertId,
      recipient: 'ben.private@example.com',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const acked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/alert/acknowledge/${alertId}`,
      headers: { [LINK_TOKEN_HEADER]: token },
    });
    expect(acked.statusCode, acked.body).toBe(200);

    const recipients = async (who: TestUser) => {
      const res = await callAs(t, who, 'GET', `/api/v1/alert/${alertId}/notifications`);
      expect(res.statusCode).toBe(200);
      return {
        text: res.body,
        // A user reached is named by user_name, their address withheld (notificationPrivacy.test.ts).
        list: body(res)
          .data.map((n: { kind: string; recipient: string | null; user_name: string | null }) => `${n.kind} ${n.recipient ?? n.user_name}`)
          .sort(),
      };
    };
    const seen = await recipients(reader);
    expect(seen.list).toEqual([
      'escalation An external address',
      'escalation An external address',
      'escalation Ben Example',
      'new_alert Olga Owner',
    ]);
    expectNoAddress(seen.text);
    expect(seen.text).not.toContain('ben.private@example.com');
    expect((await recipients(t.superuser)).list).toEqual([
      'escalation ben.private@example.com',
      'escalation lead@example.com',
      'escalation noc@example.com',
      `new_alert ${owner.email}`,
    ]);

    const history = async (who: TestUser) =>
      body(await callAs(t, who, 'GET', `/api/v1/alert/${alertId}/events`)).data.map((e: { recipient: string | null }) => e.recipient);
    expect(await history(reader)).toContain('Ben Example');
    expect(JSON.stringify(await history(reader))).not.toContain('@example.com');
    expect(await history(t.superuser)).toContain('ben.private@example.com');
    expect((await callAs(t, stranger, 'GET', `/api/v1/alert/${alertId}/events`)).statusCode).toBe(404);
  });
});
