import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createMethod, setRules } from '../helpers/contactMethods.js';
import { eventually } from '../helpers/eventually.js';
import { reach } from '../helpers/notifications.js';
import { incomingSms, postAsTwilio, spoken, twilioFor } from '../helpers/telephony.js';
import { createTestApp, type TestApp, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';
import type { TwilioApi } from '../helpers/twilioApi.js';

/**
 * Past a person's SMS limit, the alerts held are told in one bundled SMS whose `aa` reply
 * acknowledges them all (contactMethods/notificationLimits.ts decides, telephony renders).
 */
const LIMITS = { windowMs: 15 * 60_000, sms: 2, voice: 1, other: 0, bundleDelayMs: 60_000 };
let t: TestApp;
let clock: TestClock;
let twilio: TwilioApi;

beforeAll(async () => {
  clock = new TestClock();
  t = await createTestApp({ notifications: { ...testConfig().notifications, limits: LIMITS } }, { now: clock.now });
  twilio = await twilioFor(t);
});
afterAll(async () => {
  await t?.close();
  await twilio?.stop();
});

describe('an SMS bundle', () => {
  it('names the held alerts in one SMS, and "aa" acknowledges every one of them', async () => {
    const user = await t.createUser();
    const phone = '+14155550777';
    const method = await createMethod(t, user, { kind: 'sms', label: 'mobile', target: phone });
    await t.db.updateTable('contact_methods').set({ verified_at: clock.now() }).where('id', '=', method.id).execute();
    await setRules(t, user, [{ contact_method_id: method.id, delay_minutes: 0 }]);
    const alerts = [];
    for (const title of ['Disk full', 'CPU high', 'Queue stuck', 'Cache cold', 'Replica lag']) {
      const alert = await createAlert(t, user, { title, severity: 'high' });
      await reach(t, [user.id], alert.id);
      alerts.push(alert);
    }
    await eventually(
      async () => twilio.accepted.filter((r) => r.fields.To === phone).length,
      (n: number) => n === 2,
      'the two SMS within the limit',
    );
    clock.advanceMinutes(2);
    await t.parts.notifications.flush();
    const bundle = await twilio.waitFor((r) => r.fields.To === phone && (r.fields.Body ?? '').includes('more alerts'));
    expect(bundle.fields.Body).toMatch(/^Vigil: 3 more alerts for .+: Queue stuck, Cache cold, Replica lag\. Reply aa to acknowledge all$/);

    const answer = spoken((await postAsTwilio(t, '/api/v1/telephony/twilio/sms', incomingSms(phone, 'aa'))).body);
    expect(answer).toBe('Acknowledged 5 of 5 alerts.');
    for (const alert of alerts) expect(answered(await callAs(t, user, 'GET', `${ALERTS}/${alert.id}`)).state).toBe('acknowledged');
  });
});
