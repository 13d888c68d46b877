import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NOT_RESPONDER } from '../../src/alerts/actFromChannel.js';
import type { ContactMethodKind } from '../../src/db/schema.js';
import { NOTHING_TO_ACKNOWLEDGE, REPLY_HELP, UNKNOWN_NUMBER, unknownCode } from '../../src/telephony/phoneReplies.js';
import { allocateReplyCode, MAX_REPLY_CODE } from '../../src/telephony/replyCodes.js';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createMethod, setRules } from '../helpers/contactMethods.js';
import { reach } from '../helpers/notifications.js';
import { AUTH_TOKEN, incomingSms, postAsTwilio, spoken, twilioFor } from '../helpers/telephony.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import type { TwilioApi } from '../helpers/twilioApi.js';

/**
 * Alerts by SMS and the replies to them: the SMS is short and carries the alert's reply code;
 * a reply signed by Twilio from a user's verified number acts as that user (the history says
 * sms, and who), answered in words; a reply without a valid signature is a 403 and changes
 * nothing; an unknown number, a wrong code, a closed alert, a refusal are each answered; `aa`
 * acknowledges every unacknowledged alert the number holds a code for.
 */
const SMS_HOOK = '/api/v1/telephony/twilio/sms';
let t: TestApp;
let twilio: TwilioApi;
let nextNumber = 200;

beforeAll(async () => {
  t = await createTestApp();
  twilio = await twilioFor(t);
});
afterAll(async () => {
  await t?.close();
  await twilio?.stop();
});

/** A user's method on a number of its own, verified (the verification itself: phoneMethods.test.ts). */
async function phoneOf(user: TestUser, kind: ContactMethodKind = 'sms'): Promise<{ id: string; phone: string }> {
  const phone = `+1415555${String(nextNumber++).padStart(4, '0')}`;
  const method = await createMethod(t, user, { kind, label: `${kind} ${phone}`, target: phone });
  await t.db.updateTable('contact_methods').set({ verified_at: new Date() }).where('id', '=', method.id).execute();
  return { id: method.id, phone };
}

/** The SMS Twilio was asked to send to `phone` about `title`. */
const smsAbout = (phone: string, title: string) => twilio.waitFor((r) => r.fields.To === phone && (r.fields.Body ?? '').includes(title));

const reply = async (from: string, body: string) => {
  const res = await postAsTwilio(t, SMS_HOOK, incomingSms(from, body));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
  return spoken(res.body);
};

const stateOf = async (user: TestUser, id: string) => answered(await callAs(t, user, 'GET', `${ALERTS}/${id}`)).state;

describe('an alert by SMS', () => {
  it('is one short SMS with the reply code, and a reply acts as the user, via sms', async () => {
    const user = await t.createUser();
    const { id, phone } = await phoneOf(user);
    await setRules(t, user, [{ contact_method_id: id, delay_minutes: 0 }]);
    const alert = await createAlert(t, user, { severity: 'critical', title: 'Database down' });
    await reach(t, [user.id], alert.id);
    const sms = await smsAbout(phone, 'Database down');
    expect(sms.fields.Body).toBe('Vigil: [CRIT] Database down. Reply 1a ack, 1e escalate, 1c close');

    expect(await reply(phone, ' 1A ')).toBe('Acknowledged: Database down');
    expect(await stateOf(user, alert.id)).toBe('acknowledged');
    const events = answered(await callAs(t, user, 'GET', `${ALERTS}/${alert.id}/events`)).data;
    expect(events.at(-1)).toMatchObject({ action: 'acknowledge', via: 'sms', actor_id: user.id });
    expect(await reply(phone, '1a')).toBe('Already acknowledged: Database down');
    expect(await reply(phone, '1c')).toBe('Closed: Database down');
    expect(await reply(phone, '1a')).toBe('Alert is closed: Database down');
  });

  it('gives each live alert of a number its own code, reusing those of closed alerts', async () => {
    const user = await t.createUser();
    const { phone } = await phoneOf(user);
    const [a, b, c] = [await createAlert(t, user), await createAlert(t, user), await createAlert(t, user)];
    expect(await allocateReplyCode(t.db, phone, a.id)).toBe(1);
    expect(await allocateReplyCode(t.db, phone, b.id)).toBe(2);
    expect(await allocateReplyCode(t.db, phone, a.id)).toBe(1);
    answered(await callAs(t, user, 'POST', `${ALERTS}/close/${a.id}`));
    expect(await allocateReplyCode(t.db, phone, c.id)).toBe(1);
    expect(await reply(phone, '2e')).toBe(`Escalated: ${b.title}`);
    expect(await reply(phone, '1a')).toBe(`Acknowledged: ${c.title}`);
    // Bounded: past MAX_REPLY_CODE live alerts, the least recently coded gives its number up.
    const { phone: busy } = await phoneOf(user);
    const start = Date.now();
    const { team_id } = await t.db.selectFrom('alerts').select('team_id').where('id', '=', a.id).executeTakeFirstOrThrow();
    for (let i = 1; i <= MAX_REPLY_CODE; i++) {
      const row = await t.db
        .insertInto('alerts')
        .values({ title: `bulk ${i}`, team_id, owner_id: user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await allocateReplyCode(t.db, busy, row.id, new Date(start + i));
    }
    const extra = await createAlert(t, user);
    expect(await allocateReplyCode(t.db, busy, extra.id, new Date(start + 1000))).toBe(1);
    const held = await t.db
      .selectFrom('sms_reply_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', '=', busy)
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(MAX_REPLY_CODE);
  });

  it('"aa" acknowledges every unacknowledged alert the number holds a code for', async () => {
    const user = await t.createUser();
    const { phone } = await phoneOf(user);
    const alerts = [await createAlert(t, user), await createAlert(t, user), await createAlert(t, user)];
    for (const alert of alerts) await allocateReplyCode(t.db, phone, alert.id);
    answered(await callAs(t, user, 'POST', `${ALERTS}/acknowledge/${alerts[0]?.id}`));
    expect(await reply(phone, 'AA')).toBe('Acknowledged 2 of 2 alerts.');
    for (const alert of alerts) expect(await stateOf(user, alert.id)).toBe('acknowledged');
    expect(await reply(phone, 'aa')).toBe(NOTHING_TO_ACKNOWLEDGE);
  });
});

describe('replies that do not act', () => {
  it('refuses a missing or wrong signature with a 403, and changes nothing', async () => {
    const user = await t.createUser();
    const { phone } = await phoneOf(user);
    const alert = await createAlert(t, user);
    await allocateReplyCode(t.db, phone, alert.id);
    const fields = incomingSms(phone, '1a');
    for (const token of [null, 'another-accounts-token', AUTH_TOKEN.slice(0, -1)]) {
      const res = await postAsTwilio(t, SMS_HOOK, fields, token);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(AUTH_TOKEN);
    }
    // Signed, but the fields changed on the way.
    const signed = await postAsTwilio(t, SMS_HOOK, fields);
    expect(signed.statusCode).toBe(200);
    const tampered = await t.app.inject({
      method: 'POST',
      url: SMS_HOOK,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
      payload: new URLSearchParams({ ...fields, Body: '1c' }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await stateOf(user, alert.id)).toBe('acknowledged');
  });

  it('answers an unknown number, a wrong code and an unknown code in words, acting on nothing', async () => {
    const user = await t.createUser();
    const { phone } = await phoneOf(user);
    const alert = await createAlert(t, user);
    await allocateReplyCode(t.db, phone, alert.id);
    expect(await reply('+14155559999', '1a')).toBe(UNKNOWN_NUMBER);
    // Told once in a while only: two auto-responders would otherwise text each other forever.
    expect(await reply('+14155559999', 'This number does not take messages')).toBe('');
    expect(await reply(phone, 'ok thanks')).toBe(REPLY_HELP);
    expect(await reply(phone, '1x')).toBe(REPLY_HELP);
    expect(await reply(phone, '7a')).toBe(unknownCode(7));
    // STOP is Twilio's to handle: no answer, nothing done.
    expect(await reply(phone, 'STOP')).toBe('');
    expect(await stateOf(user, alert.id)).toBe('open');
  });

  it("answers a refusal when the number's user is not a responder of the alert's team", async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const { phone } = await phoneOf(stranger);
    const alert = await createAlert(t, owner);
    await allocateReplyCode(t.db, phone, alert.id);
    expect(await reply(phone, '1a')).toBe(`${CHANNEL_NOT_RESPONDER}: nothing was done.`);
    expect(await stateOf(owner, alert.id)).toBe('open');
  });
});
