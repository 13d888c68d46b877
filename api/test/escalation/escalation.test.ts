import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { emailLevels, givePolicy } from '../helpers/policies.js';
import { body, createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * Escalation through an integration's policy of email levels: who each level emails, the timer
 * that escalates alerts left unacknowledged (on a clock the tests move), and the repeat window
 * that keeps two escalates in a row from climbing two levels. Levels of users and schedules:
 * escalationThroughSchedules.test.ts.
 */
const ALERTS = '/api/v1/alert';
const INTEGRATIONS = '/api/v1/integration';

let t: TestApp;
const clock = new TestClock();
let owner: TestUser;

/** Email levels, each given `after` minutes (null: by hand only), the timer stopping at level `max`. */
interface EmailPolicy {
  contacts: string[][];
  after: number | null;
  max: number;
}
const policyBody = ({ contacts, after, max }: EmailPolicy) => ({ levels: emailLevels(contacts, after), max_level: max });

const readAlert = async (id: string) => body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${id}` }));
const escalate = (id: string) => t.app.inject({ method: 'POST', url: `${ALERTS}/escalate/${id}` });
const tick = () => t.parts.escalations.tick();

/**
 * An integration with `policy`, its contacts confirmed (a superuser's bypass: a contact receives
 * alerts only once confirmed, which contactConfirmation.test.ts covers), and one new alert of it
 * (ingested now, on the test clock).
 */
async function alertUnder(policy: EmailPolicy): Promise<{ integration: TestIntegration; alertId: string; title: string }> {
  const integration = await createIntegration(t, owner);
  await givePolicy(t, owner, integration.id, policyBody(policy));
  for (const email of new Set(policy.contacts.flat())) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${INTEGRATIONS}/${integration.id}/contacts/confirm`,
      headers: t.superuser.auth,
      payload: { email },
    });
    expect(body(res), res.body).toMatchObject({ email, status: 'confirmed' });
  }
  const title = `Replica lag ${randomUUID().slice(0, 8)}`;
  const answer = body(await send(t, integration, { action: 'trigger', title, dedup_key: title }));
  return { integration, alertId: answer.alerts[0].alert_id, title };
}

/** The escalation emails of one alert's level, once the queue has sent them. */
async function escalationMails(title: string, level: number, expected: number) {
  await t.parts.notifications.flush();
  const match = (m: { subject: string }) => m.subject.includes(`[ESCALATED L${level}]`) && m.subject.includes(title);
  if (expected > 0) await t.mail.waitFor(match);
  const deadline = Date.now() + 10_000;
  while (t.mail.messages.filter(match).length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return t.mail.messages.filter(match);
}

beforeAll(async () => {
  // The app's own timer is slowed right down: these tests tick by hand.
  t = await createTestApp({ notifications: { ...testConfig().notifications, escalationCheckMs: 3_600_000 } }, { now: clock.now });
  owner = await t.createUser();
});
afterAll(async () => {
  await t?.close();
});

describe('the escalation timer', () => {
  const policy = { contacts: [['first@example.com'], ['second@example.com', 'third@example.com']], after: 5, max: 2 };

  it('escalates an alert left unacknowledged level by level, emails each level saying who is next, and stops at the top', async () => {
    const { alertId, title } = await alertUnder(policy);
    const created = await readAlert(alertId);
    expect(new Date(created.next_escalation_at).getTime()).toBe(clock.now().getTime() + 5 * 60_000);

    clock.advanceMinutes(4);
    expect(await tick()).toBe(0);
    expect((await readAlert(alertId)).state).toBe('open');

    clock.advanceMinutes(1);
    expect(await tick()).toBe(1);
    expect(await readAlert(alertId)).toMatchObject({ state: 'escalated', escalation_level: 1 });
    const [first, ...none] = await escalationMails(title, 1, 1);
    expect(none).toEqual([]);
    expect(first?.to).toEqual(['first@example.com']);
    expect(first?.text).toContain(
      // A policy's addresses are its owner's to read: counted, not named.
      'Notified next: if nobody acknowledges it within 5 minutes, level 2: 2 external addresses.',
    );
    expect(first?.text).toContain(`http://console.test/actions/${alertId}?t=`);

    clock.advanceMinutes(5);
    expect(await tick()).toBe(1);
    expect(await readAlert(alertId)).toMatchObject({ state: 'escalated', escalation_level: 2, next_escalation_at: null });
    const second = await escalationMails(title, 2, 2);
    expect(second.flatMap((m) => m.to).sort()).toEqual(['second@example.com', 'third@example.com']);
    expect(second[0]?.text).toContain('This is the last level of automatic escalation');

    clock.advanceMinutes(30);
    expect(await tick()).toBe(0);
    expect((await readAlert(alertId)).escalation_level).toBe(2);
    const events = body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${alertId}/events`, headers: owner.auth })).data;
    expect(events.map((e: { via: string; actor_id: string | null }) => [e.via, e.actor_id])).toEqual([
      ['policy', null],
      ['policy', null],
    ]);
  });

  it('an acknowledged alert is not escalated', async () => {
    const { alertId } = await alertUnder(policy);
    clock.advanceMinutes(2);
    await t.app.inject({ method: 'POST', url: `${ALERTS}/acknowledge/${alertId}` });
    expect((await readAlert(alertId)).next_escalation_at).toBeNull();
    clock.advanceMinutes(10);
    expect(await tick()).toBe(0);
    expect(await readAlert(alertId)).toMatchObject({ state: 'acknowledged', escalation_level: 0 });
  });

  it('a resolve from the monitoring tool stops it too', async () => {
    const { integration, alertId, title } = await alertUnder(policy);
    await send(t, integration, { action: 'resolve', title, dedup_key: title });
    clock.advanceMinutes(10);
    expect(await tick()).toBe(0);
    expect(await readAlert(alertId)).toMatchObject({ state: 'closed', next_escalation_at: null });
  });

  it('an escalation by hand notifies the next level and restarts the wait', async () => {
    const { alertId, title } = await alertUnder(policy);
    clock.advanceMinutes(2);
    expect((await escalate(alertId)).statusCode).toBe(200);
    expect((await escalationMails(title, 1, 1))[0]?.to).toEqual(['first@example.com']);
    clock.advanceMinutes(4);
    expect(await tick()).toBe(0);
    clock.advanceMinutes(1);
    expect(await tick()).toBe(1);
    expect((await readAlert(alertId)).escalation_level).toBe(2);
  });

  it('two timers at once (two API replicas) escalate an alert once', async () => {
    const { alertId, title } = await alertUnder(policy);
    clock.advanceMinutes(5);
    const [a, b] = await Promise.all([tick(), tick()]);
    expect(a + b).toBe(1);
    expect((await readAlert(alertId)).escalation_level).toBe(1);
    expect(await escalationMails(title, 1, 1)).toHaveLength(1);
  });

  it('runs by itself in every API process', async () => {
    const own = await createTestApp({ notifications: { ...testConfig().notifications, escalationCheckMs: 100 } }, { now: clock.now });
    try {
      const user = await own.createUser();
      const integration = await createIntegration(own, user);
      await givePolicy(own, user, integration.id, policyBody({ contacts: [], after: 1, max: 1 }));
      const answer = body(await send(own, integration, { action: 'trigger', title: 'Alone', dedup_key: 'alone' }));
      clock.advanceMinutes(1);
      // No tick() here: the process's own timer escalates it, and the superusers hear of it.
      const mail = await own.mail.waitFor((m) => m.subject.includes('[ESCALATED L1]'), 20_000);
      expect(mail.to).toEqual([own.superuser.email]);
      expect(body(await own.app.inject({ method: 'GET', url: `${ALERTS}/${answer.alerts[0].alert_id}` })).escalation_level).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe('who an escalation reaches', () => {
  it('without contacts, every active superuser and nobody else', async () => {
    const extra = await t.createUser({ is_superuser: true });
    const retired = await t.createUser({ is_superuser: true });
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${retired.id}`, headers: t.superuser.auth, payload: { is_active: false } });
    const res = await t.app.inject({
      method: 'POST',
      url: `${ALERTS}/`,
      headers: owner.auth,
      payload: { title: `Manual ${randomUUID()}` },
    });
    const alert = body(res);
    clock.advanceMinutes(2);
    await escalate(alert.id);
    const mails = await escalationMails(alert.title, 1, 2);
    expect(mails.flatMap((m) => m.to).sort()).toEqual([t.superuser.email, extra.email].sort());
    expect(mails[0]?.text).toContain('Notified next: if someone escalates it again, level 2:');
    expect(mails.some((m) => m.to.includes(owner.email) || m.to.includes(retired.email))).toBe(false);
  });

  it('past the last level of contacts, the last level again', async () => {
    const { alertId, title } = await alertUnder({ contacts: [['only@example.com']], after: null, max: 3 });
    await escalate(alertId);
    clock.advanceMinutes(2);
    await escalate(alertId);
    expect((await escalationMails(title, 2, 1))[0]?.to).toEqual(['only@example.com']);
  });
});

describe('the repeat window', () => {
  it('a second escalate within the window is ignored, not doubled; after it, it counts', async () => {
    const { alertId, title } = await alertUnder({ contacts: [['a@example.com'], ['b@example.com']], after: null, max: 3 });
    expect(body(await escalate(alertId))).toMatchObject({ state: 'escalated', escalation_level: 1 });
    clock.advance(30_000);
    const again = await escalate(alertId);
    expect(again.statusCode).toBe(200);
    expect(body(again)).toMatchObject({ state: 'escalated', escalation_level: 1 });
    expect(await escalationMails(title, 2, 0)).toEqual([]);
    expect(await escalationMails(title, 1, 1)).toHaveLength(1);
    clock.advance(31_000);
    expect(body(await escalate(alertId)).escalation_level).toBe(2);
    expect((await escalationMails(title, 2, 1))[0]?.to).toEqual(['b@example.com']);
    const events = body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${alertId}/events`, headers: owner.auth }));
    expect(events.count).toBe(2);
  });
});
