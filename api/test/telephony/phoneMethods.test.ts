import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PHONE, PHONE_EXTENSION } from '../../src/contactMethods/phoneNumbers.js';
import { TWILIO_CREDENTIALS_REQUIRED, TWILIO_WEBHOOK_TOKEN_REQUIRED } from '../../src/providers/definitions/twilio.js';
import { VOICE_NEEDS_TWILIO } from '../../src/telephony/phoneSending.js';
import { answered, callAs } from '../helpers/api.js';
import { createMethod, METHODS, verifyMethod } from '../helpers/contactMethods.js';
import { eventually } from '../helpers/eventually.js';
import { FROM_NUMBER, spoken, twilioFor } from '../helpers/telephony.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import type { TwilioApi } from '../helpers/twilioApi.js';

/**
 * sms and voice contact methods: a phone number typed as people do is stored in E.164, one
 * that is not a number is a 422 on `target`; the verification code goes out as an SMS through
 * Twilio's Messages API, or as a call (Calls API, TwiML reading the digits twice); "send a test"
 * rows are rendered for both; a voice method without Twilio fails its attempts, saying why.
 */
let t: TestApp;
let twilio: TwilioApi;

beforeAll(async () => {
  t = await createTestApp();
  twilio = await twilioFor(t);
});
afterAll(async () => {
  await t?.close();
  await twilio?.stop();
});

describe('phone numbers of sms and voice methods', () => {
  it('stores a number typed with spaces, dashes and brackets in E.164', async () => {
    const user = await t.createUser();
    const sms = await createMethod(t, user, { kind: 'sms', label: 'mobile', target: '+1 (415) 555-0100' });
    expect(sms).toMatchObject({ kind: 'sms', target: '+14155550100', verified: false, secret: null });
    const voice = await createMethod(t, user, { kind: 'voice', label: 'desk', target: ' +33 6 12 34 56 78 ' });
    expect(voice.target).toBe('+33612345678');
    const moved = answered(await callAs(t, user, 'PATCH', `${METHODS}/${sms.id}`, { target: '+49 151 12345678' }));
    expect(moved.target).toBe('+4915112345678');
  });

  it('refuses what is not a valid international number with a 422 on target, and stores nothing', async () => {
    const user = await t.createUser();
    for (const [target, message] of [
      ['4155550100', INVALID_PHONE],
      ['+1 555 123', INVALID_PHONE],
      ['+999 123 456 789', INVALID_PHONE],
      ['call me maybe', INVALID_PHONE],
      ['+1 415 555 0100 ext. 5', PHONE_EXTENSION],
    ]) {
      const res = await callAs(t, user, 'POST', METHODS, { kind: 'sms', label: 'bad', target });
      expect(res.statusCode, target).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'target'], msg: `Value error, ${message}` })]);
    }
    expect(answered(await callAs(t, user, 'GET', METHODS)).count).toBe(0);
  });
});

describe('verification', () => {
  it('sends the code by SMS through Twilio and verifies with it', async () => {
    const user = await t.createUser();
    const method = await createMethod(t, user, { kind: 'sms', label: 'mobile', target: '+14155550101' });
    answered(await callAs(t, user, 'POST', `${METHODS}/${method.id}/send-code`), 202);
    const message = await twilio.waitFor((r) => r.resource === 'Messages' && r.fields.To === '+14155550101');
    expect(message).toMatchObject({ accountSid: twilio.accountSid, username: twilio.accountSid });
    expect(message.fields.From).toBe(FROM_NUMBER);
    const text = message.fields.Body ?? '';
    expect(text).toMatch(new RegExp(`^Your Vigil verification code is \\d{6}\\. For ${user.email} on console\\.test`));
    expect(text.length).toBeLessThanOrEqual(160);
    const code = /code is (\d{6})/.exec(text)?.[1] ?? '';
    await verifyMethod(t, user, method.id, code);
    expect(answered(await callAs(t, user, 'GET', `${METHODS}/${method.id}`)).verified).toBe(true);
  });

  it('calls a voice method and reads the code twice', async () => {
    const user = await t.createUser();
    const method = await createMethod(t, user, { kind: 'voice', label: 'desk', target: '+14155550102' });
    answered(await callAs(t, user, 'POST', `${METHODS}/${method.id}/send-code`), 202);
    const call = await twilio.waitFor((r) => r.resource === 'Calls' && r.fields.To === '+14155550102');
    expect(call.fields.From).toBe(FROM_NUMBER);
    const said = spoken(call.fields.Twiml ?? '');
    const readings = [...said.matchAll(/code is ((?:\d, ){5}\d)/g)].map((m) => m[1]);
    expect(readings).toHaveLength(2);
    expect(readings[0]).toBe(readings[1]);
    await verifyMethod(t, user, method.id, (readings[0] ?? '').replaceAll(', ', ''));
    expect(answered(await callAs(t, user, 'GET', `${METHODS}/${method.id}`)).verified).toBe(true);
  });
});

describe('send a test', () => {
  it('renders method_test rows as a short SMS and a short call', async () => {
    const user = await t.createUser();
    const sms = await createMethod(t, user, { kind: 'sms', label: 'mobile', target: '+14155550103' });
    const voice = await createMethod(t, user, { kind: 'voice', label: 'desk', target: '+14155550104' });
    for (const method of [sms, voice]) {
      await t.db
        .insertInto('notifications')
        .values({
          alert_id: null,
          kind: 'method_test',
          recipient: method.target,
          channel: method.kind,
          contact_method_id: method.id,
          user_id: user.id,
        })
        .execute();
    }
    await t.parts.notifications.flush();
    const text = await twilio.waitFor((r) => r.fields.To === '+14155550103');
    expect(text.fields.Body).toBe(`This is a test from Vigil (console.test) for ${user.email}.`);
    const call = await twilio.waitFor((r) => r.fields.To === '+14155550104');
    expect(spoken(call.fields.Twiml ?? '')).toBe(`This is a test from Vigil (console.test) for ${user.email}. Goodbye.`);
    const rows = await eventually(
      () =>
        t.db
          .selectFrom('notifications')
          .select(['status', 'channel'])
          .where('user_id', '=', user.id)
          .where('kind', '=', 'method_test')
          .execute(),
      (rs) => rs.every((r) => r.status === 'sent'),
      'both sent',
    );
    expect(rows).toHaveLength(2);
  });
});

describe('Twilio set-up', () => {
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/notification-providers/twilio', headers: t.superuser.auth, payload });

  it('needs an auth token, and with an API key the account token that signs webhooks; a refusal keeps what is stored', async () => {
    const other = await createTestApp();
    try {
      const base = { account_sid: twilio.accountSid, from_number: FROM_NUMBER, api_base: twilio.base };
      const missing = await other.app.inject({
        method: 'PUT',
        url: '/api/v1/notification-providers/twilio',
        headers: other.superuser.auth,
        payload: base,
      });
      expect(missing.statusCode).toBe(422);
      expect(JSON.stringify(missing.json())).toContain(TWILIO_CREDENTIALS_REQUIRED);
    } finally {
      await other.close();
    }
    const keyOnly = await put({
      account_sid: twilio.accountSid,
      from_number: FROM_NUMBER,
      api_base: twilio.base,
      api_key_sid: `SK${'1'.repeat(32)}`,
    });
    expect(keyOnly.statusCode).toBe(422);
    expect(JSON.stringify(keyOnly.json())).toContain(TWILIO_WEBHOOK_TOKEN_REQUIRED);
    // Still the account's token: the next SMS authenticates as the account.
    const user = await t.createUser();
    const method = await createMethod(t, user, { kind: 'sms', label: 'mobile', target: '+14155550106' });
    answered(await callAs(t, user, 'POST', `${METHODS}/${method.id}/send-code`), 202);
    expect((await twilio.waitFor((r) => r.fields.To === '+14155550106')).username).toBe(twilio.accountSid);
  });
});

describe('voice without Twilio', () => {
  it('fails the attempts of a voice method with a clear error', async () => {
    const other = await createTestApp();
    try {
      const user = await other.createUser();
      const method = await createMethod(other, user, { kind: 'voice', label: 'desk', target: '+14155550105' });
      answered(await callAs(other, user, 'POST', `${METHODS}/${method.id}/send-code`), 202);
      const row = await eventually(
        () =>
          other.db
            .selectFrom('notifications')
            .select(['attempts', 'last_error', 'status'])
            .where('contact_method_id', '=', method.id)
            .executeTakeFirst(),
        (r) => (r?.attempts ?? 0) >= 1,
        'a failed attempt',
      );
      expect(row).toMatchObject({ status: 'pending', last_error: VOICE_NEEDS_TWILIO });
    } finally {
      await other.close();
    }
  });
});
