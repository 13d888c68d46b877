import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEMPLATE_NEEDS_FIELDS } from '../../src/providers/definitions/smsGateway.js';
import { allocateReplyCode } from '../../src/telephony/replyCodes.js';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createMethod, METHODS } from '../helpers/contactMethods.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { twilioFor } from '../helpers/telephony.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import type { TwilioApi } from '../helpers/twilioApi.js';

/**
 * The HTTP SMS gateway: an SMS is one request built from the configured template (here SMS
 * Gateway for Android's `POST /message`), values JSON-escaped, with the secret header; replies
 * come in on the inbound URL with the shared secret (header or query) in the gateway's own
 * shape, act as the number's user and are answered by SMS; a wrong secret is a 403. When Twilio
 * is configured too, Twilio sends unless the gateway is `preferred`.
 */
const PROVIDER = '/api/v1/notification-providers/sms_gateway';
const INBOUND = '/api/v1/telephony/gateway/inbound';
const INBOUND_SECRET = 'gateway-inbound-secret-0123456789';
const BASIC = `Basic ${Buffer.from('sms:gateway-password').toString('base64')}`;
let t: TestApp;
let gateway: HookReceiver;
let nextNumber = 500;
const logs: string[] = [];

const ANDROID_GATEWAY = () => ({
  url: gateway.url('/message'),
  method: 'POST',
  content_type: 'application/json',
  body_template: '{"phoneNumbers": ["{{to}}"], "textMessage": {"text": "{{text}}"}}',
  secret_headers: JSON.stringify({ Authorization: BASIC }),
  inbound_secret: INBOUND_SECRET,
  inbound_from_field: 'payload.phoneNumber',
  inbound_text_field: 'payload.message',
});

beforeAll(async () => {
  t = await createTestApp({}, { logStream: { write: (line) => logs.push(line) } });
  gateway = await new HookReceiver().start();
  answered(await t.app.inject({ method: 'PUT', url: PROVIDER, headers: t.superuser.auth, payload: ANDROID_GATEWAY() }));
});
afterAll(async () => {
  await t?.close();
  await gateway?.stop();
});

async function phoneOf(user: TestUser) {
  const phone = `+1415555${String(nextNumber++).padStart(4, '0')}`;
  const method = await createMethod(t, user, { kind: 'sms', label: `sms ${phone}`, target: phone });
  return { id: method.id, phone };
}

/** What SMS Gateway for Android posts to its `sms:received` webhook. */
const received = (phoneNumber: string, message: string) => ({
  deviceId: 'ffffffffceb0b1db0000018e937c815b',
  event: 'sms:received',
  id: 'Ey6ECgOkVVFjz3CL48B8C',
  payload: { messageId: 'abc', message, phoneNumber, simNumber: 1, receivedAt: '2026-11-29T06:00:00.000+00:00' },
  webhookId: 'vigil',
});

describe('sending through the gateway', () => {
  it('sends the verification code as the template says, escaped, with the secret header', async () => {
    const user = await t.createUser();
    const { id, phone } = await phoneOf(user);
    answered(await callAs(t, user, 'POST', `${METHODS}/${id}/send-code`), 202);
    const hook = await gateway.waitFor((h) => h.path === '/message' && h.body.includes(phone));
    expect(hook.headers).toMatchObject({ authorization: BASIC, 'content-type': 'application/json' });
    const sent = JSON.parse(hook.body);
    expect(sent.phoneNumbers).toEqual([phone]);
    expect(sent.textMessage.text).toMatch(/^Your Vigil verification code is \d{6}\./);
  });

  it('JSON-escapes an alert title that would break the template', async () => {
    const user = await t.createUser();
    const { id, phone } = await phoneOf(user);
    await t.db.updateTable('contact_methods').set({ verified_at: new Date() }).where('id', '=', id).execute();
    const alert = await createAlert(t, user, { title: 'Quote " and \\ backslash' });
    await t.db
      .insertInto('notifications')
      .values({ alert_id: alert.id, kind: 'new_alert', recipient: phone, channel: 'sms', contact_method_id: id, user_id: user.id })
      .execute();
    await t.parts.notifications.flush();
    const hook = await gateway.waitFor((h) => h.body.includes(phone) && h.body.includes('backslash'));
    expect(JSON.parse(hook.body).textMessage.text).toBe('Vigil: [WARN] Quote " and \\ backslash. Reply 1a ack, 1e escalate, 1c close');
  });

  it('refuses a template without the placeholders, and keeps the stored set-up', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: PROVIDER,
      headers: t.superuser.auth,
      payload: { ...ANDROID_GATEWAY(), body_template: '{"text": "{{text}}"}' },
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain(GATEWAY_TEMPLATE_NEEDS_FIELDS);
  });
});

describe('replies through the gateway', () => {
  it('acts on a reply carrying the secret, and answers it by SMS', async () => {
    const user = await t.createUser();
    const { id, phone } = await phoneOf(user);
    await t.db.updateTable('contact_methods').set({ verified_at: new Date() }).where('id', '=', id).execute();
    const alert = await createAlert(t, user, { title: 'Gateway reply' });
    expect(await allocateReplyCode(t.db, phone, alert.id)).toBe(1);
    const res = await t.app.inject({ method: 'POST', url: `${INBOUND}?secret=${INBOUND_SECRET}`, payload: received(phone, '1a') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reply: 'Acknowledged: Gateway reply' });
    const answer = await gateway.waitFor((h) => h.body.includes(phone) && h.body.includes('Acknowledged'));
    expect(JSON.parse(answer.body).textMessage.text).toBe('Acknowledged: Gateway reply');
    const events = answered(await callAs(t, user, 'GET', `${ALERTS}/${alert.id}/events`)).data;
    expect(events.at(-1)).toMatchObject({ action: 'acknowledge', via: 'sms', actor_id: user.id });

    // The secret in a header works as well as in the query.
    const byHeader = await t.app.inject({
      method: 'POST',
      url: INBOUND,
      headers: { 'x-vigil-gateway-secret': INBOUND_SECRET, 'content-type': 'application/json' },
      payload: received(phone, '1c'),
    });
    expect(byHeader.json()).toEqual({ reply: 'Closed: Gateway reply' });
    // The request log names the URL with the secret taken out.
    expect(logs.some((line) => line.includes('/telephony/gateway/inbound?secret=[redacted]'))).toBe(true);
    expect(logs.join('\n')).not.toContain(INBOUND_SECRET);
  });

  it('refuses a missing or wrong secret with a 403, and changes nothing', async () => {
    const user = await t.createUser();
    const { id, phone } = await phoneOf(user);
    await t.db.updateTable('contact_methods').set({ verified_at: new Date() }).where('id', '=', id).execute();
    const alert = await createAlert(t, user);
    await allocateReplyCode(t.db, phone, alert.id);
    for (const url of [INBOUND, `${INBOUND}?secret=wrong`, `${INBOUND}?secret=${INBOUND_SECRET}x`]) {
      const res = await t.app.inject({ method: 'POST', url, payload: received(phone, '1a') });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain(INBOUND_SECRET);
    }
    expect(answered(await callAs(t, user, 'GET', `${ALERTS}/${alert.id}`)).state).toBe('open');
  });
});

describe('which provider sends', () => {
  let twilio: TwilioApi;
  afterAll(async () => twilio?.stop());

  it('is Twilio when both are configured, the gateway when it is preferred', async () => {
    twilio = await twilioFor(t);
    const user = await t.createUser();
    const first = await phoneOf(user);
    answered(await callAs(t, user, 'POST', `${METHODS}/${first.id}/send-code`), 202);
    await twilio.waitFor((r) => r.fields.To === first.phone);
    expect(gateway.attempts.some((h) => h.body.includes(first.phone))).toBe(false);

    answered(
      await t.app.inject({ method: 'PUT', url: PROVIDER, headers: t.superuser.auth, payload: { ...ANDROID_GATEWAY(), preferred: true } }),
    );
    const second = await phoneOf(user);
    answered(await callAs(t, user, 'POST', `${METHODS}/${second.id}/send-code`), 202);
    await gateway.waitFor((h) => h.body.includes(second.phone));
    expect(twilio.attempts.some((r) => r.fields.To === second.phone)).toBe(false);
  });
});
