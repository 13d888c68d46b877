import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMethodCreate } from '../../src/contactMethods/schema.js';
import { EMAIL_QUEUE, jobSchemaOf } from '../../src/notifications/jobQueue.js';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { callAs } from '../helpers/api.js';
import { codeOf, createMethod, METHODS, setRules, verifyMethod } from '../helpers/contactMethods.js';
import { eventually } from '../helpers/eventually.js';
import { HookReceiver, type ReceivedHook } from '../helpers/hookReceiver.js';
import { notificationsOf, reach } from '../helpers/notifications.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * Alerts reach users through their notification rules and contact methods, through the durable
 * queue, on PGlite and PostgreSQL: a signed webhook survives its receiver's outage (500s, then
 * refused connections) and arrives exactly once, as does a Slack-compatible post; a Slack-compatible body and ntfy's headers
 * reach receivers that check them; a rule's delayed notification is skipped when the alert was
 * acknowledged first (a clock the test moves) and sent when it was not.
 */
let t: TestApp;
let clock: TestClock;
let receiver: HookReceiver;

/** A method made and verified with the code it received (read by the receiver). */
async function verifiedMethod(user: TestUser, fields: ContactMethodCreate) {
  const method = await createMethod(t, user, fields);
  await verifyMethod(t, user, method.id, await codeOf(t, receiver, user, method.id, (h) => /code is \d{6}/.test(h.body)));
  return method;
}

/** The queue's jobs that still hold the notification: created, waiting to retry or running. */
async function unfinishedJobs(notificationId: string): Promise<number> {
  const jobs = sql.table(`${await jobSchemaOf(t.db)}.job`);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${jobs}
    WHERE name = ${EMAIL_QUEUE} AND state IN ('created', 'retry', 'active') AND data->'notificationIds' ? ${notificationId}`.execute(t.db);
  return rows[0]?.n ?? 0;
}

/** Once no job holds the notification, nothing can deliver it again: the receiver has all it will get. */
const queueDoneWith = (notificationId: string) =>
  eventually(
    () => unfinishedJobs(notificationId),
    (n) => n === 0,
    'the queue done with the notification',
  );

const deliveriesOf = (hooks: ReceivedHook[], id: string) => hooks.filter((h) => h.headers['x-vigil-delivery'] === id);

beforeAll(async () => {
  clock = new TestClock();
  t = await createTestApp({}, { now: clock.now });
  receiver = await new HookReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

describe('webhook delivery', () => {
  it("survives the receiver's outage and arrives exactly once, signed, with every attempt recorded", async () => {
    const user = await t.createUser();
    const hook = await verifiedMethod(user, { kind: 'webhook', label: 'ops-hook', target: receiver.url('/ops') });
    receiver.secret = hook.secret;
    await setRules(t, user, [{ contact_method_id: hook.id, delay_minutes: 0 }]);
    const alert = await createAlert(t, user, { severity: 'critical' });

    receiver.mode = 'error';
    expect(await reach(t, [user.id], alert.id)).toBe(1);
    const webhookRow = async () => (await notificationsOf(t, user, alert.id)).find((n) => n.channel === 'webhook');
    // One failed attempt, one refused retry, then the one taken: each backoff step doubles the
    // wait, so the outage is kept to the fewest attempts that show all three outcomes.
    const failing = await eventually(webhookRow, (n) => (n?.attempts ?? 0) >= 1, 'a failed attempt');
    expect(failing).toMatchObject({ status: 'pending', method_label: 'ops-hook', recipient: receiver.url('/ops') });
    expect(failing?.last_error).toBe(`HTTP 500 from 127.0.0.1:${receiver.port}: receiver down for maintenance`);
    const id = failing?.id ?? '';
    expect(deliveriesOf(receiver.accepted, id)).toEqual([]);
    expect(await unfinishedJobs(id)).toBe(1);

    // Now it refuses connections.
    const before = failing?.attempts ?? 0;
    await receiver.down();
    // A retry that was already under way may still meet the 500: wait for one refused.
    const refused = await eventually(
      webhookRow,
      (n) => (n?.attempts ?? 0) > before && /ECONNREFUSED/.test(n?.last_error ?? ''),
      'an attempt while refused',
    );
    expect(refused?.last_error).toBe(`could not reach 127.0.0.1:${receiver.port}: ECONNREFUSED`);
    receiver.mode = 'ok';
    await receiver.up();

    const sent = await eventually(webhookRow, (n) => n?.status === 'sent', 'sent after the outage');
    expect(sent?.attempts).toBeGreaterThanOrEqual(before + 2);
    expect(sent?.last_error).toBeNull();
    // Nothing more arrives later: the queue is done with it.
    await queueDoneWith(id);
    const arrived = deliveriesOf(receiver.accepted, id);
    expect(arrived).toHaveLength(1);
    const [delivery] = arrived;
    expect(delivery?.signatureValid).toBe(true);
    expect(delivery?.headers['x-vigil-event']).toBe('alert.escalation');
    const payload = JSON.parse(delivery?.body ?? '{}');
    expect(payload).toMatchObject({
      event: 'alert.escalation',
      delivery_id: id,
      level: 1,
      alert: { id: alert.id, title: alert.title, severity: 'critical', state: 'open' },
    });
    expect(payload.action_url).toMatch(new RegExp(`^http://console.test/actions/${alert.id}\\?t=`));
    // Every attempt the receiver saw failed but the one it accepted.
    expect(deliveriesOf(receiver.attempts, id).length).toBeLessThanOrEqual(sent?.attempts ?? 0);
  });

  it('a signature made with another secret does not verify', async () => {
    const user = await t.createUser();
    const hook = await verifiedMethod(user, { kind: 'webhook', label: 'rotated', target: receiver.url('/rotated') });
    await setRules(t, user, [{ contact_method_id: hook.id, delay_minutes: 0 }]);
    const renewed = body(await callAs(t, user, 'POST', `${METHODS}/${hook.id}/secret`));
    receiver.secret = hook.secret;
    const alert = await createAlert(t, user, { severity: 'critical' });
    await reach(t, [user.id], alert.id);
    const stale = await receiver.waitFor((h) => h.path === '/rotated' && h.body.includes(alert.id));
    expect(stale.signatureValid).toBe(false);
    receiver.secret = renewed.secret;
    const alert2 = await createAlert(t, user, { severity: 'critical' });
    await reach(t, [user.id], alert2.id);
    expect((await receiver.waitFor((h) => h.path === '/rotated' && h.body.includes(alert2.id))).signatureValid).toBe(true);
  });
});

describe('Slack-compatible and ntfy delivery', () => {
  it('posts {text, blocks} that Slack, Mattermost and Rocket.Chat accept', async () => {
    const user = await t.createUser();
    const slack = await verifiedMethod(user, { kind: 'slack', label: 'team chat', target: receiver.url('/services/T0/B0/abcdefgh') });
    await setRules(t, user, [{ contact_method_id: slack.id, delay_minutes: 0 }]);
    const alert = await createAlert(t, user, { severity: 'high' });
    await reach(t, [user.id], alert.id, 2);
    const hook = await receiver.waitFor((h) => h.path === '/services/T0/B0/abcdefgh' && h.body.includes(alert.title));
    expect(hook.headers['content-type']).toBe('application/json');
    const message = JSON.parse(hook.body);
    // The shape every one of them takes: a text, and Slack's blocks beside it.
    expect(Object.keys(message).sort()).toEqual(['blocks', 'text']);
    expect(message.text).toMatch(
      new RegExp(
        `^Escalated to level 2: \\[HIGH\\] ${alert.title}\\n<http://console.test/actions/${alert.id}\\?t=[^|>]+\\|Acknowledge, escalate or close>$`,
      ),
    );
    expect(message.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: message.text } }]);
    const [row] = (
      await eventually(
        () => notificationsOf(t, user, alert.id),
        (ns) => ns.some((n) => n.channel === 'slack' && n.status === 'sent'),
        'sent',
      )
    ).filter((n) => n.channel === 'slack');
    // The URL is a credential: the list shows its host and last characters.
    expect(row).toMatchObject({ method_label: 'team chat', recipient: `http://127.0.0.1:${receiver.port}/…efgh`, attempts: 1 });
  });

  it("survives the chat server's outage too and posts exactly once", async () => {
    const user = await t.createUser();
    const slack = await verifiedMethod(user, { kind: 'slack', label: 'outage chat', target: receiver.url('/services/T1/B1/zyxwvuts') });
    await setRules(t, user, [{ contact_method_id: slack.id, delay_minutes: 0 }]);
    const alert = await createAlert(t, user, { severity: 'critical' });
    receiver.mode = 'error';
    expect(await reach(t, [user.id], alert.id)).toBe(1);
    const slackRow = async () => (await notificationsOf(t, user, alert.id)).find((n) => n.channel === 'slack');
    const failing = await eventually(slackRow, (n) => (n?.attempts ?? 0) >= 1, 'a failed attempt');
    expect(failing?.status).toBe('pending');
    const id = failing?.id ?? '';
    receiver.mode = 'ok';
    const sent = await eventually(slackRow, (n) => n?.status === 'sent', 'sent after the outage');
    expect(sent?.last_error).toBeNull();
    await queueDoneWith(id);
    const arrived = deliveriesOf(receiver.accepted, id);
    expect(arrived).toHaveLength(1);
    expect(JSON.parse(arrived[0]?.body ?? '{}').text).toContain(alert.title);
    // The receiver saw every failed attempt and the one it took, no more.
    expect(deliveriesOf(receiver.attempts, id).length).toBeLessThanOrEqual(sent?.attempts ?? 0);
  });

  it('publishes to an ntfy topic with Title, Priority, Tags, Click and the access token', async () => {
    const user = await t.createUser();
    const ntfy = await verifiedMethod(user, {
      kind: 'ntfy',
      label: 'phone',
      target: receiver.url('/'),
      topic: 'vigil-ops',
      access_token: 'tk_secret_1234',
    });
    await setRules(t, user, [{ contact_method_id: ntfy.id, delay_minutes: 0 }]);
    const alert = await createAlert(t, user, { severity: 'critical' });
    await reach(t, [user.id], alert.id);
    const hook = await receiver.waitFor((h) => h.path === '/vigil-ops' && String(h.headers.title ?? '').includes(alert.title));
    expect(hook.headers).toMatchObject({
      title: `Escalated to level 1: [CRITICAL] ${alert.title}`,
      priority: '5',
      tags: 'rotating_light,vigil',
      authorization: 'Bearer tk_secret_1234',
    });
    expect(String(hook.headers.click)).toMatch(new RegExp(`^http://console.test/actions/${alert.id}\\?t=`));
    expect(hook.body).toBe(`Escalated to level 1: [CRITICAL] ${alert.title}`);
  });
});

describe('notification rules', () => {
  it('a delayed rule is skipped when the alert was acknowledged first, and sent when it was not', async () => {
    const user = await t.createUser();
    const now = await verifiedMethod(user, { kind: 'webhook', label: 'at once', target: receiver.url('/now') });
    const later = await verifiedMethod(user, { kind: 'webhook', label: 'after 5', target: receiver.url('/later') });
    await setRules(t, user, [
      { contact_method_id: now.id, delay_minutes: 0 },
      { contact_method_id: later.id, delay_minutes: 5 },
    ]);
    const handled = await createAlert(t, user, { severity: 'critical' });
    const unhandled = await createAlert(t, user, { severity: 'critical' });
    expect(await reach(t, [user.id], handled.id)).toBe(2);
    expect(await reach(t, [user.id], unhandled.id)).toBe(2);
    await receiver.waitFor((h) => h.path === '/now' && h.body.includes(handled.id));
    await receiver.waitFor((h) => h.path === '/now' && h.body.includes(unhandled.id));

    // Four minutes on, nothing delayed is due.
    clock.advanceMinutes(4);
    await t.parts.notifications.flush();
    expect((await callAs(t, user, 'POST', `${ALERTS}/acknowledge/${handled.id}`)).statusCode).toBe(200);
    clock.advanceMinutes(2);
    await t.parts.notifications.flush();

    await receiver.waitFor((h) => h.path === '/later' && h.body.includes(unhandled.id));
    const skipped = await eventually(
      () => notificationsOf(t, user, handled.id),
      (ns) => ns.some((n) => n.method_label === 'after 5' && n.status === 'skipped'),
      'the delayed one skipped',
    );
    expect(skipped.find((n) => n.method_label === 'after 5')).toMatchObject({
      status: 'skipped',
      skipped_reason: 'acknowledged',
      attempts: 0,
    });
    expect(receiver.accepted.filter((h) => h.path === '/later' && h.body.includes(handled.id))).toEqual([]);
    const sent = await eventually(
      () => notificationsOf(t, user, unhandled.id),
      (ns) => ns.some((n) => n.method_label === 'after 5' && n.status === 'sent'),
      'the delayed one sent',
    );
    const byMethod = sent.filter((n) => n.method_label !== null).map((n) => [n.method_label, n.status]);
    expect(byMethod.sort()).toEqual([
      ['after 5', 'sent'],
      ['at once', 'sent'],
    ]);
  });

  it('queueUserNotifications: no rules is the account email; unverified methods are skipped, with the account email as fallback; inactive users get nothing', async () => {
    const plain = await t.createUser();
    const halfway = await t.createUser();
    const inactive = await t.createUser();
    const unverified = body(
      await callAs(t, halfway, 'POST', METHODS, { kind: 'webhook', label: 'not yet', target: receiver.url('/never') }),
    );
    await setRules(t, halfway, [{ contact_method_id: unverified.id, delay_minutes: 0 }]);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', inactive.id).execute();
    const alert = await createAlert(t, t.superuser, { severity: 'critical' });

    expect(await reach(t, [plain.id, halfway.id, inactive.id], alert.id)).toBe(2);
    const rows = await eventually(
      () => notificationsOf(t, t.superuser, alert.id),
      (ns) => ns.filter((n) => n.channel === 'email' && n.status === 'sent').length === 3,
      'emails sent',
    );
    const escalation = rows.filter((n) => n.recipient !== t.superuser.email);
    expect(escalation.map((n) => [n.channel, n.recipient, n.method_label, n.status, n.skipped_reason]).sort()).toEqual(
      [
        ['email', plain.email, null, 'sent', null],
        ['email', halfway.email, null, 'sent', null],
        ['webhook', receiver.url('/never'), 'not yet', 'skipped', 'unverified'],
      ].sort(),
    );
    expect(receiver.attempts.filter((h) => h.path === '/never')).toEqual([]);
  });
});
