import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeCooldown } from '../../src/contactMethods/codeLimits.js';
import { DUPLICATE_RULE, NOT_YOUR_METHOD } from '../../src/contactMethods/rules.js';
import { LABEL_TAKEN, METHOD_NOT_FOUND } from '../../src/contactMethods/service.js';
import { INVALID_EMAIL, INVALID_URL, ONLY_NTFY, PRIVATE_URL, TOPIC_REQUIRED } from '../../src/contactMethods/targets.js';
import { ALREADY_VERIFIED, CODE_ATTEMPTS_EXCEEDED, CODE_EXPIRED, CODE_WRONG, NO_CODE } from '../../src/contactMethods/verification.js';
import { GLOBAL_ADDRESSES, INTERNAL_URLS } from '../helpers/addressForms.js';
import { callAs } from '../helpers/api.js';
import { codeOf, createMethod, METHODS, RULES } from '../helpers/contactMethods.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * Contact methods and notification rules through the API, on PGlite and PostgreSQL: CRUD and
 * validation, who may see what, secrets shown once, verification codes (wrong, expired, too
 * many attempts, resend limit), rules, and a deleted user's methods going with them.
 */
let t: TestApp;
let clock: TestClock;
let owner: TestUser;
let other: TestUser;
let receiver: HookReceiver;

/** Sends a code to a webhook method and reads it from what the receiver got. */
const verificationCodeOf = (user: TestUser, id: string) =>
  codeOf(t, receiver, user, id, (h) => h.body.includes('"contact_method.verification"'));

beforeAll(async () => {
  clock = new TestClock();
  t = await createTestApp({}, { now: clock.now });
  owner = await t.createUser();
  other = await t.createUser();
  receiver = await new HookReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

describe('contact methods: CRUD', () => {
  it('creates each kind; a webhook secret is answered once, then only its hint', async () => {
    const hook = await createMethod(t, owner, { kind: 'webhook', label: 'ops-hook', target: receiver.url() });
    expect(hook).toMatchObject({ kind: 'webhook', label: 'ops-hook', target: receiver.url(), verified: false, verified_at: null });
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(hook.secret_hint).toBe(`…${hook.secret!.slice(-4)}`);

    const read = body(await callAs(t, owner, 'GET', `${METHODS}/${hook.id}`));
    expect(read).not.toHaveProperty('secret');
    expect(JSON.stringify(read)).not.toContain(hook.secret);
    expect(read.secret_hint).toBe(hook.secret_hint);

    const slack = await createMethod(t, owner, {
      kind: 'slack',
      label: 'team chat',
      target: 'https://hooks.slack.com/services/T000/B000/XXXXsecretZZZZ',
    });
    // The URL is the credential: only its host and last characters are shown.
    expect(slack.target).toBe('https://hooks.slack.com/…ZZZZ');
    expect(slack.secret).toBeNull();
    const list = body(await callAs(t, owner, 'GET', METHODS));
    expect(JSON.stringify(list)).not.toContain('XXXXsecret');

    const ntfy = await createMethod(t, owner, {
      kind: 'ntfy',
      label: 'phone',
      target: 'https://ntfy.example.com',
      topic: 'vigil-ops',
      access_token: 'tk_abcdefgh1234',
    });
    expect(ntfy).toMatchObject({ topic: 'vigil-ops', secret_hint: '…1234', secret: null });
    const email = await createMethod(t, owner, { kind: 'email', label: 'work mail', target: 'Oncall@Example.com' });
    expect(email.target).toBe('oncall@example.com');

    expect(body(await callAs(t, owner, 'GET', METHODS)).count).toBe(4);
  });

  it('patches a label; a new target needs a new verification; a new webhook secret replaces the old', async () => {
    const hook = await createMethod(t, owner, { kind: 'webhook', label: 'to-patch', target: receiver.url('/a') });
    const code = await verificationCodeOf(owner, hook.id);
    expect(body(await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code })).verified).toBe(true);

    const renamed = body(await callAs(t, owner, 'PATCH', `${METHODS}/${hook.id}`, { label: 'patched' }));
    expect(renamed).toMatchObject({ label: 'patched', verified: true });
    const moved = body(await callAs(t, owner, 'PATCH', `${METHODS}/${hook.id}`, { target: receiver.url('/b') }));
    expect(moved).toMatchObject({ target: receiver.url('/b'), verified: false, verified_at: null });

    const renewed = body(await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/secret`));
    expect(renewed.secret).toMatch(/^whsec_/);
    expect(renewed.secret).not.toBe(hook.secret);
    const taken = await callAs(t, owner, 'PATCH', `${METHODS}/${hook.id}`, { label: 'ops-hook' });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).detail).toBe(LABEL_TAKEN);
  });

  it('refuses bad input with 422s that name the field', async () => {
    const cases: [object, (string | number)[], string][] = [
      [{ kind: 'email', label: 'x', target: 'not-an-address' }, ['body', 'target'], INVALID_EMAIL],
      [{ kind: 'webhook', label: 'x', target: 'ftp://example.com/hook' }, ['body', 'target'], INVALID_URL],
      [{ kind: 'webhook', label: 'x', target: 'https://user:pw@example.com/hook' }, ['body', 'target'], INVALID_URL],
      [{ kind: 'slack', label: 'x', target: 'hooks.slack.com/services/x' }, ['body', 'target'], INVALID_URL],
      [{ kind: 'ntfy', label: 'x', target: 'https://ntfy.sh' }, ['body', 'topic'], TOPIC_REQUIRED],
      [{ kind: 'webhook', label: 'x', target: 'https://example.com', topic: 'abc' }, ['body', 'topic'], ONLY_NTFY],
    ];
    for (const [payload, loc, reason] of cases) {
      const res = await callAs(t, owner, 'POST', METHODS, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(body(res).detail).toEqual([{ loc, msg: `Value error, ${reason}`, type: 'value_error' }]);
    }
    const kind = await callAs(t, owner, 'POST', METHODS, { kind: 'pager', label: 'x', target: 'https://example.com' });
    expect(kind.statusCode).toBe(422);
    expect(body(kind).detail[0].loc).toEqual(['body', 'kind']);
  });

  it('refuses URLs naming a non-global address, however spelled, unless CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS', async () => {
    const strict = await createTestApp({ contactMethods: { ...t.config.contactMethods, allowPrivateNetworks: false } });
    try {
      const user = await strict.createUser();
      const post = (target: string, label = 'x') =>
        strict.app.inject({ method: 'POST', url: METHODS, headers: user.auth, payload: { kind: 'webhook', label, target } });
      expect(INTERNAL_URLS.length).toBeGreaterThan(50);
      for (const target of INTERNAL_URLS) {
        const res = await post(target);
        expect(res.statusCode, target).toBe(422);
        expect(body(res).detail[0].msg, target).toBe(`Value error, ${PRIVATE_URL}`);
      }
      expect(await strict.db.selectFrom('contact_methods').select('id').execute()).toEqual([]);
      // Global addresses, embedded ones among them, are taken (and resolved names are checked when sent).
      for (const [i, [address]] of GLOBAL_ADDRESSES.entries()) {
        const target = `https://${address.includes(':') ? `[${address}]` : address}/hook`;
        const res = await post(target, `global ${i}`);
        expect(res.statusCode, target).toBe(200);
      }
    } finally {
      await strict.close();
    }
  });

  it("another user's method is a 404 on every route, and stays untouched", async () => {
    const hook = await createMethod(t, owner, { kind: 'webhook', label: 'mine only', target: receiver.url() });
    for (const [method, url, payload] of [
      ['GET', `${METHODS}/${hook.id}`],
      ['PATCH', `${METHODS}/${hook.id}`, { label: 'stolen' }],
      ['DELETE', `${METHODS}/${hook.id}`],
      ['POST', `${METHODS}/${hook.id}/send-code`],
      ['POST', `${METHODS}/${hook.id}/verify`, { code: '123456' }],
      ['POST', `${METHODS}/${hook.id}/secret`],
    ] as const) {
      const res = await callAs(t, other, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(body(res).detail).toBe(METHOD_NOT_FOUND);
    }
    expect(body(await callAs(t, other, 'GET', METHODS)).count).toBe(0);
    expect(body(await callAs(t, owner, 'GET', `${METHODS}/${hook.id}`)).label).toBe('mine only');
    const anonymous = await t.app.inject({ method: 'GET', url: METHODS });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('contact methods: verification codes', () => {
  it('a right code verifies; a wrong one is counted; the fifth wrong one voids the code', async () => {
    const hook = await createMethod(t, owner, { kind: 'webhook', label: 'codes', target: receiver.url('/codes') });
    receiver.secret = hook.secret;
    const code = await verificationCodeOf(owner, hook.id);
    expect(code).toMatch(/^\d{6}$/);
    const delivered = receiver.accepted.at(-1);
    expect(delivered?.signatureValid).toBe(true);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code: wrong });
      expect(res.statusCode).toBe(400);
      expect(body(res).detail).toBe(CODE_WRONG);
    }
    const fifth = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code: wrong });
    expect(body(fifth).detail).toBe(CODE_ATTEMPTS_EXCEEDED);
    // Void now, even the right code.
    const late = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code });
    expect(late.statusCode).toBe(400);
    expect(body(late).detail).toBe(CODE_ATTEMPTS_EXCEEDED);

    // A new code, sent after the target's cooldown (5 minutes), works.
    const soon = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/send-code`);
    expect(soon.statusCode).toBe(429);
    expect(body(soon).detail).toBe(codeCooldown(300));
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    clock.advanceMinutes(5);
    const fresh = await verificationCodeOf(owner, hook.id);
    const ok = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code: fresh });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body(ok)).toMatchObject({ verified: true });
    expect(body(ok).verified_at).toBe(clock.now().toISOString());
    const again = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/send-code`);
    expect(again.statusCode).toBe(409);
    expect(body(again).detail).toBe(ALREADY_VERIFIED);
  });

  it('a code expires after 15 minutes; none outstanding is told apart; a malformed one is a 422', async () => {
    const hook = await createMethod(t, owner, { kind: 'webhook', label: 'expiry', target: receiver.url('/expiry') });
    const none = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code: '123456' });
    expect(body(none).detail).toBe(NO_CODE);
    const code = await verificationCodeOf(owner, hook.id);
    clock.advanceMinutes(16);
    const expired = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code });
    expect(expired.statusCode).toBe(400);
    expect(body(expired).detail).toBe(CODE_EXPIRED);
    const malformed = await callAs(t, owner, 'POST', `${METHODS}/${hook.id}/verify`, { code: '12345' });
    expect(malformed.statusCode).toBe(422);
  });

  it('an email method gets its code by email', async () => {
    const address = `pager-${Date.now()}@example.com`;
    const method = await createMethod(t, owner, { kind: 'email', label: 'pager mail', target: address });
    expect((await callAs(t, owner, 'POST', `${METHODS}/${method.id}/send-code`)).statusCode).toBe(202);
    const mail = await t.mail.waitFor((m) => m.to.includes(address));
    expect(mail.subject).toBe('Vigil - Your verification code');
    const code = /verification code is (\d{6})/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(body(await callAs(t, owner, 'POST', `${METHODS}/${method.id}/verify`, { code })).verified).toBe(true);
  });
});

describe('notification rules', () => {
  it('puts and reads an ordered list; refuses methods not yours and duplicates', async () => {
    const a = await createMethod(t, owner, { kind: 'webhook', label: 'rules-a', target: receiver.url() });
    const b = await createMethod(t, owner, { kind: 'email', label: 'rules-b', target: 'b@example.com' });
    const theirs = await createMethod(t, other, { kind: 'email', label: 'theirs', target: 'theirs@example.com' });

    const put = await callAs(t, owner, 'PUT', RULES, {
      rules: [
        { contact_method_id: b.id, delay_minutes: 5 },
        { contact_method_id: a.id, delay_minutes: 0 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(body(put).rules).toEqual([
      { contact_method_id: b.id, delay_minutes: 5, kind: 'email', label: 'rules-b', verified: false },
      { contact_method_id: a.id, delay_minutes: 0, kind: 'webhook', label: 'rules-a', verified: false },
    ]);
    expect(body(await callAs(t, owner, 'GET', RULES))).toEqual(body(put));

    const foreign = await callAs(t, owner, 'PUT', RULES, { rules: [{ contact_method_id: theirs.id, delay_minutes: 0 }] });
    expect(foreign.statusCode).toBe(422);
    expect(body(foreign).detail).toEqual([
      { loc: ['body', 'rules', 0, 'contact_method_id'], msg: `Value error, ${NOT_YOUR_METHOD}`, type: 'value_error' },
    ]);
    const twice = await callAs(t, owner, 'PUT', RULES, {
      rules: [
        { contact_method_id: a.id, delay_minutes: 0 },
        { contact_method_id: a.id, delay_minutes: 0 },
      ],
    });
    expect(body(twice).detail).toEqual([{ loc: ['body', 'rules', 1], msg: `Value error, ${DUPLICATE_RULE}`, type: 'value_error' }]);
    const late = await callAs(t, owner, 'PUT', RULES, { rules: [{ contact_method_id: a.id, delay_minutes: 1441 }] });
    expect(late.statusCode).toBe(422);
    // Refusals changed nothing.
    expect(body(await callAs(t, owner, 'GET', RULES)).count).toBe(2);

    // Deleting a method deletes the rules naming it.
    expect((await callAs(t, owner, 'DELETE', `${METHODS}/${b.id}`)).statusCode).toBe(200);
    expect(body(await callAs(t, owner, 'GET', RULES)).rules.map((r: { label: string }) => r.label)).toEqual(['rules-a']);
  });

  it("a deleted user's methods and rules go with them", async () => {
    const leaving = await t.createUser();
    const m = await createMethod(t, leaving, { kind: 'email', label: 'leaving', target: 'leaving@example.com' });
    await callAs(t, leaving, 'PUT', RULES, { rules: [{ contact_method_id: m.id, delay_minutes: 0 }] });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${leaving.id}`, headers: t.superuser.auth });
    expect(res.statusCode, res.body).toBe(200);
    const methods = await t.db.selectFrom('contact_methods').select('id').where('user_id', '=', leaving.id).execute();
    const rules = await t.db.selectFrom('notification_rules').select('position').where('user_id', '=', leaving.id).execute();
    expect([methods, rules]).toEqual([[], []]);
  });
});
