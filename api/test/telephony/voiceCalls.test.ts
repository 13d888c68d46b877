import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_LINK_INVALID } from '../../src/telephony/routes.js';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createMethod, setRules } from '../helpers/contactMethods.js';
import { reach } from '../helpers/notifications.js';
import { postAsTwilio, spoken, twilioFor } from '../helpers/telephony.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import type { TwilioApi } from '../helpers/twilioApi.js';

/**
 * Alerts by phone call: Twilio is asked to call with a URL holding an opaque, signed token; that
 * URL answers TwiML reading the alert with a one-key menu (asked twice); each key acts as the
 * method's user, via voice; forged tokens and unsigned requests are refused.
 */
let t: TestApp;
let twilio: TwilioApi;
let nextNumber = 300;

beforeAll(async () => {
  t = await createTestApp();
  twilio = await twilioFor(t);
});
afterAll(async () => {
  await t?.close();
  await twilio?.stop();
});

/** A user called about a new alert of theirs: the call's TwiML path, and the alert. */
async function calledAbout(user: TestUser, title: string) {
  const phone = `+1415555${String(nextNumber++).padStart(4, '0')}`;
  const method = await createMethod(t, user, { kind: 'voice', label: `desk ${phone}`, target: phone });
  await t.db.updateTable('contact_methods').set({ verified_at: new Date() }).where('id', '=', method.id).execute();
  await setRules(t, user, [{ contact_method_id: method.id, delay_minutes: 0 }]);
  const alert = await createAlert(t, user, { severity: 'high', title });
  await reach(t, [user.id], alert.id);
  const call = await twilio.waitFor((r) => r.resource === 'Calls' && r.fields.To === phone);
  expect(call.fields.Method).toBe('POST');
  const url = new URL(call.fields.Url ?? '');
  expect(url.origin).toBe(t.config.frontendHost);
  return { path: url.pathname, alert };
}

const stateOf = async (user: TestUser, id: string) => answered(await callAs(t, user, 'GET', `${ALERTS}/${id}`)).state;

describe('an alert by call', () => {
  it('reads the alert and the menu twice, with an opaque token in the URL', async () => {
    const user = await t.createUser();
    const { path, alert } = await calledAbout(user, 'Queue backlog');
    // The token names no alert: an id alone would be guessable.
    expect(path).not.toContain(alert.id);
    const res = await postAsTwilio(t, path, { CallSid: `CA${'b'.repeat(32)}`, CallStatus: 'in-progress' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(res.body.match(/<Gather numDigits="1"/g)).toHaveLength(2);
    expect(res.body).toContain(`action="${t.config.frontendHost}${path}/key"`);
    expect(spoken(res.body)).toBe(
      'Vigil alert. high: Queue backlog. Press 1 to acknowledge, 2 to escalate, 3 to close. ' +
        'Press 1 to acknowledge, 2 to escalate, 3 to close. No key pressed. Goodbye.',
    );
  });

  it('acts on each key as the method user, via voice', async () => {
    const user = await t.createUser();
    for (const [key, answer, state] of [
      ['1', 'Acknowledged', 'acknowledged'],
      ['2', 'Escalated', 'escalated'],
      ['3', 'Closed', 'closed'],
    ] as const) {
      const { path, alert } = await calledAbout(user, `Key ${key}`);
      const res = await postAsTwilio(t, `${path}/key`, { Digits: key, CallSid: `CA${'c'.repeat(32)}` });
      expect(res.statusCode).toBe(200);
      expect(spoken(res.body)).toBe(`${answer}: Key ${key}. Goodbye.`);
      expect(res.body).toContain('<Hangup/>');
      expect(await stateOf(user, alert.id)).toBe(state);
      const events = answered(await callAs(t, user, 'GET', `${ALERTS}/${alert.id}/events`)).data;
      expect(events.at(-1)).toMatchObject({ via: 'voice', actor_id: user.id });
    }
  });

  it('repeats the menu for another key, and says a closed alert is closed', async () => {
    const user = await t.createUser();
    const { path, alert } = await calledAbout(user, 'Other key');
    const other = await postAsTwilio(t, `${path}/key`, { Digits: '9' });
    expect(other.body).toContain(`<Redirect method="POST">${t.config.frontendHost}${path}</Redirect>`);
    expect(await stateOf(user, alert.id)).toBe('open');
    answered(await callAs(t, user, 'POST', `${ALERTS}/close/${alert.id}`));
    const closed = await postAsTwilio(t, path, {});
    expect(spoken(closed.body)).toBe('Vigil alert: Other key. This alert is closed already. Goodbye.');
  });

  it('refuses a forged token and an unsigned request with a 403, acting on nothing', async () => {
    const user = await t.createUser();
    const { path, alert } = await calledAbout(user, 'Forged');
    const [id, expires, mac] = path.split('/').at(-1)?.split('.') ?? [];
    const forged = path.replace(`${id}.${expires}.${mac}`, `${id}.${Number(expires) + 3600}.${mac}`);
    const res = await postAsTwilio(t, `${forged}/key`, { Digits: '1' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: CALL_LINK_INVALID });
    expect((await postAsTwilio(t, `${path}/key`, { Digits: '1' }, null)).statusCode).toBe(403);
    expect((await postAsTwilio(t, `${path}/key`, { Digits: '1' }, 'not-the-token')).statusCode).toBe(403);
    expect(await stateOf(user, alert.id)).toBe('open');
  });
});
