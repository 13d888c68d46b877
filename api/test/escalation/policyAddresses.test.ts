import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TOKEN_HEADER } from '../../src/links/linkAccess.js';
import { signLinkToken } from '../../src/links/linkTokens.js';
import { callAs } from '../helpers/api.js';
import { send } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { createPolicy } from '../helpers/policies.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * A policy's external addresses are read by its owner and superusers only (docs/api/security.md):
 * anyone else, a stranger who just signed up included, reads the policy with its
 * addresses counted, on every route that answers a policy, its levels or its contacts: the
 * policy itself, an integration's contacts, and who the public alert page says is reached next.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let ben: TestUser;
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
  it('are read by its owner and superusers; anyone else reads the policy with them counted, not named', async () => {
    for (const reader of [owner, t.superuser]) {
      expect(body(await callAs(t, reader, 'GET', `/api/v1/escalation-policies/${policy.id}`)).levels).toEqual(shownLevels());
      const listed = body(await callAs(t, reader, 'GET', '/api/v1/escalation-policies/?limit=100')).data.find(
        (p: { id: string }) => p.id === policy.id,
      );
      expect(listed.levels).toEqual(shownLevels());
    }
    const one = await callAs(t, stranger, 'GET', `/api/v1/escalation-policies/${policy.id}`);
    const list = await callAs(t, stranger, 'GET', '/api/v1/escalation-policies/?limit=100');
    expect(body(one).levels).toEqual([
      { delay_minutes: 10, targets: { user_ids: [ben.id], schedule_ids: [], emails: [], hidden_email_count: 2 } },
      { delay_minutes: null, targets: { user_ids: [], schedule_ids: [], emails: [], hidden_email_count: 1 } },
    ]);
    expect(body(list).data.find((p: { id: string }) => p.id === policy.id)).toEqual(body(one));
    expectNoAddress(one.body);
    expectNoAddress(list.body);
  });

  it("are not in the answers or the contacts of a stranger's integration using the policy", async () => {
    const integration = await createIntegration(t, stranger, 'Borrowed policy');
    const patched = await callAs(t, stranger, 'PATCH', `/api/v1/integration/${integration.id}`, { escalation_policy_id: policy.id });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(body(patched).escalation_policy_id).toBe(policy.id);
    const reads = [
      patched,
      await callAs(t, stranger, 'GET', `/api/v1/integration/${integration.id}`),
      await callAs(t, stranger, 'GET', '/api/v1/integration/'),
      await callAs(t, stranger, 'GET', `/api/v1/integration/${integration.id}/contacts`),
    ];
    for (const res of reads) {
      expect(res.statusCode).toBe(200);
      expectNoAddress(res.body);
    }
    expect(body(reads[3]!)).toEqual({ data: [], count: 0 });
    // Guessing an address finds nothing either: the same 404 as an address the policy does not name.
    const guess = await callAs(t, stranger, 'POST', `/api/v1/integration/${integration.id}/contacts/resend`, { email: 'lead@example.com' });
    expect(guess.statusCode).toBe(404);
    expect(body(guess)).toEqual({ detail: 'Contact not found' });

    // A superuser reads the same integration's contacts whole.
    const contacts = body(await callAs(t, t.superuser, 'GET', `/api/v1/integration/${integration.id}/contacts`));
    expect(contacts.data.map((c: { email: string }) => c.email)).toEqual(ADDRESSES);
  });

  it("are read by the owner through their own integration's contacts", async () => {
    const integration = await createIntegration(t, owner, 'Own policy');
    const patched = await callAs(t, owner, 'PATCH', `/api/v1/integration/${integration.id}`, { escalation_policy_id: policy.id });
    expect(patched.statusCode, patched.body).toBe(200);
    const contacts = body(await callAs(t, owner, 'GET', `/api/v1/integration/${integration.id}/contacts`));
    expect(contacts.data.map((c: { email: string }) => c.email)).toEqual(ADDRESSES);
  });

  it('are never named on the public alert page, nor are the emails of the people it reaches', async () => {
    const integration = await createIntegration(t, stranger, 'Phishing attempt');
    await callAs(t, stranger, 'PATCH', `/api/v1/integration/${integration.id}`, { escalation_policy_id: policy.id });
    // One address confirmed it takes the stranger's alerts (here by a superuser): it is reached.
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

  it("are not in the stranger's alert history or notifications: users by name, others as an external address", async () => {
    const integration = await createIntegration(t, stranger, 'Reading the history');
    await callAs(t, stranger, 'PATCH', `/api/v1/integration/${integration.id}`, { escalation_policy_id: policy.id });
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
    const seen = await recipients(stranger);
    expect(seen.list).toEqual([
      'escalation An external address',
      'escalation An external address',
      'escalation Ben Example',
      'new_alert stranger@evil.example',
    ]);
    expectNoAddress(seen.text);
    expect(seen.text).not.toContain('ben.private@example.com');
    expect((await recipients(t.superuser)).list).toEqual([
      'escalation ben.private@example.com',
      'escalation lead@example.com',
      'escalation noc@example.com',
      'new_alert stranger@evil.example',
    ]);

    const history = async (who: TestUser) =>
      body(await callAs(t, who, 'GET', `/api/v1/alert/${alertId}/events`)).data.map((e: { recipient: string | null }) => e.recipient);
    expect(await history(stranger)).toContain('Ben Example');
    expect(JSON.stringify(await history(stranger))).not.toContain('@example.com');
    expect(await history(t.superuser)).toContain('ben.private@example.com');
  });
});
