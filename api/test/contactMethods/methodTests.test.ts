import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMethodCreate, ContactMethodPublic } from '../../src/contactMethods/schema.js';
import { renderMethodTests } from '../../src/contactMethods/testMessages.js';
import { answered, callAs } from '../helpers/api.js';
import { codeOf, createMethod, METHODS, verifyMethod } from '../helpers/contactMethods.js';
import { eventually } from '../helpers/eventually.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * "Send a test" through a verified contact method, on PGlite and PostgreSQL: Vigil's words
 * reach a webhook (signed, event contact_method.test), a Slack-compatible URL, an ntfy topic and
 * an email address; the method's `last_test` tells how it went, a receiver's failure included;
 * an unverified method is refused and so is a sixth test in ten minutes, until the window moves.
 */
let t: TestApp;
let clock: TestClock;
let receiver: HookReceiver;

const testText = (account: string) =>
  `This is a test from Vigil (console.test) for ${account}: alerts sent through this contact method will arrive like this.`;

/** A method made and marked verified (how it got verified is contactMethods.test.ts's subject). */
async function verified(user: TestUser, fields: ContactMethodCreate) {
  const method = await createMethod(t, user, fields);
  await t.db.updateTable('contact_methods').set({ verified_at: clock.now() }).where('id', '=', method.id).execute();
  return method;
}

const sendTest = (user: TestUser, id: string) => callAs(t, user, 'POST', `${METHODS}/${id}/test`);
const methodOf = async (user: TestUser, id: string): Promise<ContactMethodPublic> =>
  answered(await callAs(t, user, 'GET', `${METHODS}/${id}`));
const testOutcome = (user: TestUser, id: string, done: (m: ContactMethodPublic) => boolean, what: string) =>
  eventually(() => methodOf(user, id), done, what);

beforeAll(async () => {
  clock = new TestClock();
  t = await createTestApp({}, { now: clock.now });
  receiver = await new HookReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

describe('send a test', () => {
  it('reaches a webhook signed, as event contact_method.test, and the method tells it was sent', async () => {
    const user = await t.createUser();
    const hook = await createMethod(t, user, { kind: 'webhook', label: 'ops-hook', target: receiver.url('/test-hook') });
    receiver.secret = hook.secret;
    await verifyMethod(t, user, hook.id, await codeOf(t, receiver, user, hook.id, (h) => h.path === '/test-hook'));
    expect((await methodOf(user, hook.id)).last_test).toBeNull();

    const res = await sendTest(user, hook.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'A test is on its way to ops-hook' });
    const arrived = await receiver.waitFor((h) => h.path === '/test-hook' && h.headers['x-vigil-event'] === 'contact_method.test');
    expect(arrived.signatureValid).toBe(true);
    const payload = JSON.parse(arrived.body);
    expect(payload).toMatchObject({ event: 'contact_method.test', text: testText(user.email) });
    expect(payload.delivery_id).toBe(arrived.headers['x-vigil-delivery']);

    const sent = await testOutcome(user, hook.id, (m) => m.last_test?.status === 'sent', 'the test sent');
    expect(sent.last_test).toMatchObject({ status: 'sent', error: null, requested_at: clock.now().toISOString() });
    const row = await t.db.selectFrom('notifications').selectAll().where('id', '=', payload.delivery_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'method_test', alert_id: null, user_id: user.id, channel: 'webhook', contact_method_id: hook.id });
  });

  it('reaches a Slack-compatible URL, an ntfy topic and an email address in the same words', async () => {
    const user = await t.createUser();
    const slack = await verified(user, { kind: 'slack', label: 'chat', target: receiver.url('/slack-test') });
    const ntfy = await verified(user, {
      kind: 'ntfy',
      label: 'phone',
      target: receiver.url('/ntfy'),
      topic: 'vigil-test',
      access_token: 'tk_abc',
    });
    const mail = await verified(user, { kind: 'email', label: 'inbox', target: 'inbox-test@example.com' });
    for (const m of [slack, ntfy, mail])
      expect(answered(await sendTest(user, m.id), 202).message).toBe(`A test is on its way to ${m.label}`);

    const slackPost = await receiver.waitFor((h) => h.path === '/slack-test');
    expect(JSON.parse(slackPost.body).text).toBe(testText(user.email));
    const push = await receiver.waitFor((h) => h.path === '/ntfy/vigil-test');
    expect(push.body).toBe(testText(user.email));
    expect(push.headers).toMatchObject({ title: 'Vigil test', authorization: 'Bearer tk_abc' });
    const email = await t.mail.waitFor((m) => m.to.includes('inbox-test@example.com'));
    expect(email.subject).toBe('Vigil - Test of a contact method');
    expect(email.text).toContain(`This is a test from Vigil (console.test) for ${user.email}.`);
    // The label is the user's words: never in what reaches the target.
    for (const text of [slackPost.body, push.body, email.text, email.subject]) expect(text).not.toContain('inbox');
  });

  it("shows a failing receiver's error on the method while retrying", async () => {
    const user = await t.createUser();
    const hook = await verified(user, { kind: 'slack', label: 'flaky', target: receiver.url('/flaky') });
    receiver.mode = 'error';
    try {
      answered(await sendTest(user, hook.id), 202);
      const failing = await testOutcome(user, hook.id, (m) => m.last_test?.error != null, 'a failed attempt');
      expect(failing.last_test?.status).toBe('pending');
      expect(failing.last_test?.error).toBe(`HTTP 500 from 127.0.0.1:${receiver.port}: receiver down for maintenance`);
    } finally {
      receiver.mode = 'ok';
    }
    await testOutcome(user, hook.id, (m) => m.last_test?.status === 'sent', 'sent once the receiver is back');
  });

  it('refuses an unverified method, and queues nothing', async () => {
    const user = await t.createUser();
    const hook = await createMethod(t, user, { kind: 'webhook', label: 'new', target: receiver.url('/unverified') });
    const res = await sendTest(user, hook.id);
    expect(res.statusCode).toBe(409);
    expect(body(res).detail).toMatch(/^Verify this contact method before sending it a test/);
    const rows = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', 'method_test')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("answers 404 for another user's method", async () => {
    const [owner, stranger] = [await t.createUser(), await t.createUser()];
    const hook = await verified(owner, { kind: 'slack', label: 'mine', target: receiver.url('/mine') });
    expect((await sendTest(stranger, hook.id)).statusCode).toBe(404);
  });

  it('takes 5 tests in 10 minutes per user, then 429 with Retry-After until the window moves', async () => {
    const user = await t.createUser();
    const a = await verified(user, { kind: 'slack', label: 'a', target: receiver.url('/limit-a') });
    const b = await verified(user, { kind: 'slack', label: 'b', target: receiver.url('/limit-b') });
    for (let i = 0; i < 5; i++) {
      answered(await sendTest(user, i % 2 ? a.id : b.id), 202);
      clock.advanceMinutes(1);
    }
    const refused = await sendTest(user, a.id);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).detail).toBe('You have asked for 5 tests in the last 10 minutes, the most one user may: try again later');
    // The first test leaves the window 10 minutes after it was asked for: 5 minutes from now.
    expect(refused.headers['retry-after']).toBe('300');
    const count = () =>
      t.db.selectFrom('notifications').select('id').where('kind', '=', 'method_test').where('user_id', '=', user.id).execute();
    expect(await count()).toHaveLength(5);
    clock.advanceMinutes(5);
    answered(await sendTest(user, a.id), 202);
    expect(await count()).toHaveLength(6);
  });
});

describe('the test renderer', () => {
  it('leaves sms and voice tests to the telephony renderer, and skips a method no longer verified', async () => {
    const user = await t.createUser();
    const moved = await verified(user, { kind: 'slack', label: 'moved', target: receiver.url('/moved') });
    const sms = await t.db
      .insertInto('contact_methods')
      .values({
        user_id: user.id,
        kind: 'sms',
        label: 'mobile',
        target: '+14155550100',
        topic: null,
        secret: null,
        verified_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Rendered in the transaction that writes them, so the relay cannot take them first.
    await t.db.transaction().execute(async (trx) => {
      const insertTest = async (methodId: string, channel: 'slack' | 'sms') =>
        (
          await trx
            .insertInto('notifications')
            .values({ alert_id: null, kind: 'method_test', recipient: 'x', channel, contact_method_id: methodId, user_id: user.id })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const smsTest = await insertTest(sms.id, 'sms');
      const movedTest = await insertTest(moved.id, 'slack');
      // The target changed after the test was asked for: it is no longer the one its owner proved.
      await trx.updateTable('contact_methods').set({ verified_at: null }).where('id', '=', moved.id).execute();

      const rendered = await renderMethodTests(trx, t.config, [smsTest, movedTest], clock.now());
      expect(rendered.has(smsTest)).toBe(false);
      expect(rendered.get(movedTest)).toEqual({ skipped: 'unverified', alertId: null });
    });
  });
});
