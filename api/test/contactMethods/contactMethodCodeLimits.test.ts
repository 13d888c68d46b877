import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeCooldown, codesPerDayReached, targetAttemptsReached, userAttemptsReached } from '../../src/contactMethods/codeLimits.js';
import { CODE_ATTEMPTS_EXCEEDED, CODE_WRONG } from '../../src/contactMethods/verification.js';
import { callAs } from '../helpers/api.js';
import { codeOf, createMethod, METHODS } from '../helpers/contactMethods.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * The limits on verification codes, on PGlite and PostgreSQL, with the defaults a deployment
 * gets (10 codes a user a day, one code per target every 5 minutes, 10 wrong codes per user and
 * per target an hour): deleting a method forgets nothing, another account or another spelling of
 * the same target shares its cooldown, and neither many methods nor many accounts multiply guesses.
 */
let t: TestApp;
let clock: TestClock;
let receiver: HookReceiver;

const sendCode = (user: TestUser, id: string) => callAs(t, user, 'POST', `${METHODS}/${id}/send-code`);
const verify = (user: TestUser, id: string, code: string) => callAs(t, user, 'POST', `${METHODS}/${id}/verify`, { code });
const webhook = async (user: TestUser, label: string, target: string) =>
  (await createMethod(t, user, { kind: 'webhook', label, target })).id;

/** The codes queued for a user's methods (a deleted method's pending code goes with it). */
const codesQueuedFor = async (user: TestUser) =>
  (await t.db.selectFrom('notifications').select('id').where('kind', '=', 'contact_verification').where('user_id', '=', user.id).execute())
    .length;
const codesCounted = async (user: TestUser) =>
  (await t.db.selectFrom('verification_events').select('id').where('kind', '=', 'code_sent').where('user_id', '=', user.id).execute())
    .length;

const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');

beforeAll(async () => {
  clock = new TestClock();
  t = await createTestApp({}, { now: clock.now });
  receiver = await new HookReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

describe('codes sent', () => {
  it("10 a user a day, deleted methods' included; the 11th is a 429 that sends nothing", async () => {
    const user = await t.createUser();
    const start = clock.now().getTime();
    for (let i = 1; i <= 10; i++) {
      // Each code from a new method to a new target, the one before deleted.
      const id = await webhook(user, `day ${i}`, receiver.url(`/day/${i}`));
      expect((await sendCode(user, id)).statusCode).toBe(202);
      expect((await t.app.inject({ method: 'DELETE', url: `${METHODS}/${id}`, headers: user.auth })).statusCode).toBe(200);
      clock.advanceMinutes(1);
    }
    const id = await webhook(user, 'day 11', receiver.url('/day/11'));
    const refused = await sendCode(user, id);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).detail).toBe(codesPerDayReached(10));
    // The first of the ten leaves the 24 hours in 24 h less the 10 minutes gone since.
    expect(refused.headers['retry-after']).toBe(String(24 * 3600 - 600));
    expect(await codesCounted(user)).toBe(10);
    expect(await codesQueuedFor(user)).toBe(0);
    const method = await t.db.selectFrom('contact_methods').select('code_requested_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(method.code_requested_at).toBeNull();

    clock.advance(start + 24 * 3_600_000 + 1 - clock.now().getTime());
    expect((await sendCode(user, id)).statusCode).toBe(202);
    expect(await codesQueuedFor(user)).toBe(1);
    expect(await codesCounted(user)).toBe(11);
  });

  it('one code per target every 5 minutes, whoever asks and however the URL is spelled', async () => {
    const first = await t.createUser();
    const second = await t.createUser();
    const a = await webhook(first, 'shared', receiver.url('/Shared/Hook/?ref=1'));
    const b = await webhook(second, 'shared too', receiver.url('/shared/%48ook?ref=2#x'));
    const other = await webhook(second, 'elsewhere', receiver.url('/shared/other'));
    expect((await sendCode(first, a)).statusCode).toBe(202);
    clock.advance(1_000);
    const refused = await sendCode(second, b);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).detail).toBe(codeCooldown(300));
    expect(refused.headers['retry-after']).toBe('299');
    // Another target is not held up; the same one is, for the first user too.
    expect((await sendCode(second, other)).statusCode).toBe(202);
    clock.advance(298_000);
    expect((await sendCode(first, a)).headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await sendCode(second, b)).statusCode).toBe(202);
    expect(await codesQueuedFor(second)).toBe(2);
  });

  it('an email target is one target in any case', async () => {
    const first = await t.createUser();
    const second = await t.createUser();
    const a = body(await callAs(t, first, 'POST', METHODS, { kind: 'email', label: 'mail', target: 'Victim@Example.com' })).id;
    const b = body(await callAs(t, second, 'POST', METHODS, { kind: 'email', label: 'mail', target: 'victim@EXAMPLE.com' })).id;
    expect((await sendCode(first, a)).statusCode).toBe(202);
    expect((await sendCode(second, b)).statusCode).toBe(429);
  });
});

describe('wrong codes', () => {
  it('10 a user an hour across their methods; past them even the right code is a 429, not compared', async () => {
    const user = await t.createUser();
    const ids = [await webhook(user, 'one', receiver.url('/guess/1')), await webhook(user, 'two', receiver.url('/guess/2'))];
    const codes = [
      await codeOf(t, receiver, user, ids[0] as string, (h) => h.path === '/guess/1'),
      await codeOf(t, receiver, user, ids[1] as string, (h) => h.path === '/guess/2'),
    ];
    const guesses: [number, number][] = [
      [0, 4],
      [1, 4],
    ];
    for (const [which, times] of guesses) {
      for (let i = 0; i < times; i++) {
        expect(body(await verify(user, ids[which] as string, wrongOf(codes[which] as string))).detail).toBe(CODE_WRONG);
      }
    }
    // Two more, on the first method: its fifth voids its code; the tenth of the hour.
    expect(body(await verify(user, ids[0] as string, wrongOf(codes[0] as string))).detail).toBe(CODE_ATTEMPTS_EXCEEDED);
    expect(body(await verify(user, ids[1] as string, wrongOf(codes[1] as string))).detail).toBe(CODE_ATTEMPTS_EXCEEDED);
    const third = await webhook(user, 'three', receiver.url('/guess/3'));
    const code = await codeOf(t, receiver, user, third, (h) => h.path === '/guess/3');
    const refused = await verify(user, third, code);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).detail).toBe(userAttemptsReached(10));
    expect(refused.headers['retry-after']).toBe('3600');
    // An hour on (the code has expired meanwhile), a new one works.
    clock.advanceMinutes(61);
    const fresh = await codeOf(t, receiver, user, third, (h) => h.path === '/guess/3');
    expect((await verify(user, third, fresh)).statusCode).toBe(200);
  });

  it('10 for a target an hour, by every account together', async () => {
    const users = [await t.createUser(), await t.createUser(), await t.createUser()];
    const ids: string[] = [];
    const codes: string[] = [];
    for (const [i, user] of users.entries()) {
      // One code for the target every 5 minutes: each account's in turn, all three still valid after.
      if (i > 0) clock.advanceMinutes(5);
      ids.push(await webhook(user, 'same target', receiver.url('/target')));
      codes.push(await codeOf(t, receiver, user, ids[i] as string, (h) => h.path === '/target'));
    }
    for (const [i, times] of [4, 4, 2].entries()) {
      for (let n = 0; n < times; n++) {
        expect(body(await verify(users[i] as TestUser, ids[i] as string, wrongOf(codes[i] as string))).detail).toBe(CODE_WRONG);
      }
    }
    const refused = await verify(users[2] as TestUser, ids[2] as string, codes[2] as string);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).detail).toBe(targetAttemptsReached(10));
    const verified = await t.db
      .selectFrom('contact_methods')
      .select('id')
      .where('id', 'in', ids)
      .where('verified_at', 'is not', null)
      .execute();
    expect(verified).toEqual([]);
  });
});

describe('concurrent guesses', () => {
  it('20 wrong codes at once on one method: four are counted wrong, the fifth voids the code', async () => {
    const user = await t.createUser();
    const id = await webhook(user, 'raced', receiver.url('/raced'));
    const code = await codeOf(t, receiver, user, id, (h) => h.path === '/raced');
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(user, id, wrongOf(code))));
    const details = answers.map((res) => body(res).detail);
    expect(details.filter((d) => d === CODE_WRONG)).toHaveLength(4);
    expect(details.filter((d) => d === CODE_ATTEMPTS_EXCEEDED)).toHaveLength(16);
    expect(body(await verify(user, id, code)).detail).toBe(CODE_ATTEMPTS_EXCEEDED);
    const counted = await t.db
      .selectFrom('verification_events')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'wrong_code')
      .execute();
    expect(counted).toHaveLength(5);
  });

  it('one wrong code at once on each of 20 methods: 10 are compared, 10 are 429s', async () => {
    // Twenty codes in a day take an allowance above the default.
    const wide = await createTestApp({ contactMethods: { ...t.config.contactMethods, codesPerDay: 20 } }, { now: clock.now });
    try {
      const user = await wide.createUser();
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await wide.app.inject({
          method: 'POST',
          url: METHODS,
          headers: user.auth,
          payload: { kind: 'webhook', label: `many ${i}`, target: receiver.url(`/many/${i}`) },
        });
        ids.push(body(res).id);
        expect((await wide.app.inject({ method: 'POST', url: `${METHODS}/${ids[i]}/send-code`, headers: user.auth })).statusCode).toBe(202);
      }
      for (let i = 0; i < 20; i++) await receiver.waitFor((h) => h.path === `/many/${i}`);
      const answers = await Promise.all(
        ids.map((id) =>
          wide.app.inject({ method: 'POST', url: `${METHODS}/${id}/verify`, headers: user.auth, payload: { code: '000000' } }),
        ),
      );
      const details = answers.map((res) => body(res).detail);
      // 000000 may be one of the twenty codes: then it verified its method instead.
      expect(details.filter((d) => d === CODE_WRONG || d === undefined)).toHaveLength(10);
      expect(details.filter((d) => d === userAttemptsReached(10))).toHaveLength(10);
      expect(answers.filter((res) => res.statusCode === 429).every((res) => res.headers['retry-after'] === '3600')).toBe(true);
    } finally {
      await wide.close();
    }
  });
});
