import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_QUEUE, jobSchemaOf } from '../../src/notifications/jobQueue.js';
import { createAlert } from '../helpers/alerts.js';
import { createMethod, setRules } from '../helpers/contactMethods.js';
import { eventually } from '../helpers/eventually.js';
import { notificationsOf, reach } from '../helpers/notifications.js';
import { AUTH_TOKEN, twilioFor } from '../helpers/telephony.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import type { TwilioApi } from '../helpers/twilioApi.js';

/**
 * An SMS survives Twilio's outage (500s, then no answer at all) through the durable queue: each
 * attempt is recorded with Twilio's error, retried with backoff, and the SMS is sent exactly
 * once when Twilio is back. The auth token never reaches a stored error, a log line or an answer,
 * even when the provider echoes it.
 */
let t: TestApp;
let twilio: TwilioApi;
const logs: string[] = [];
let nextNumber = 400;

beforeAll(async () => {
  t = await createTestApp({}, { logStream: { write: (line) => logs.push(line) } });
  twilio = await twilioFor(t);
});
afterAll(async () => {
  await t?.close();
  await twilio?.stop();
});

async function smsUser(): Promise<{ user: TestUser; phone: string }> {
  const user = await t.createUser();
  const phone = `+1415555${String(nextNumber++).padStart(4, '0')}`;
  const method = await createMethod(t, user, { kind: 'sms', label: 'mobile', target: phone });
  await t.db.updateTable('contact_methods').set({ verified_at: new Date() }).where('id', '=', method.id).execute();
  await setRules(t, user, [{ contact_method_id: method.id, delay_minutes: 0 }]);
  return { user, phone };
}

const unfinishedJobs = async (notificationId: string) => {
  const jobs = sql.table(`${await jobSchemaOf(t.db)}.job`);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${jobs}
    WHERE name = ${EMAIL_QUEUE} AND state IN ('created', 'retry', 'active') AND data->'notificationIds' ? ${notificationId}`.execute(t.db);
  return rows[0]?.n ?? 0;
};

describe('SMS delivery through an outage', () => {
  it('retries after 500s and a timeout, records each attempt, and sends once', async () => {
    const { user, phone } = await smsUser();
    twilio.mode = 'error';
    const alert = await createAlert(t, user, { severity: 'critical' });
    await reach(t, [user.id], alert.id);
    const smsRow = async () => (await notificationsOf(t, user, alert.id)).find((n) => n.channel === 'sms');
    const failing = await eventually(smsRow, (n) => (n?.attempts ?? 0) >= 1, 'a failed attempt');
    expect(failing).toMatchObject({ status: 'pending', recipient: phone });
    expect(failing?.last_error).toBe('Twilio answered HTTP 500: Internal Server Error (code 20500)');
    const id = failing?.id ?? '';

    twilio.mode = 'slow';
    const before = failing?.attempts ?? 0;
    const timedOut = await eventually(
      smsRow,
      (n) => (n?.attempts ?? 0) > before && /no answer/.test(n?.last_error ?? ''),
      'an attempt that timed out',
      30_000,
    );
    expect(timedOut?.last_error).toBe('could not reach Twilio: no answer within 10 s');

    twilio.mode = 'ok';
    const sent = await eventually(smsRow, (n) => n?.status === 'sent', 'sent after the outage', 30_000);
    expect(sent?.last_error).toBeNull();
    expect(sent?.attempts).toBeGreaterThanOrEqual(before + 2);
    await eventually(
      () => unfinishedJobs(id),
      (n) => n === 0,
      'the queue done with it',
    );
    const arrived = twilio.accepted.filter((r) => r.fields.To === phone);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]?.fields.Body).toContain(alert.title);
    expect(twilio.attempts.filter((r) => r.fields.To === phone).length).toBeLessThanOrEqual(sent?.attempts ?? 0);
  }, 60_000);

  it('keeps the auth token out of stored errors, logs and answers, even when Twilio echoes it', async () => {
    const { user, phone } = await smsUser();
    twilio.mode = 'leaky';
    const alert = await createAlert(t, user, { severity: 'critical' });
    await reach(t, [user.id], alert.id);
    const failing = await eventually(
      async () => (await notificationsOf(t, user, alert.id)).find((n) => n.channel === 'sms'),
      (n) => (n?.attempts ?? 0) >= 1,
      'a failed attempt',
    );
    twilio.mode = 'ok';
    expect(twilio.attempts.some((r) => r.fields.To === phone && r.password === AUTH_TOKEN)).toBe(true);
    const basic = Buffer.from(`${twilio.accountSid}:${AUTH_TOKEN}`).toString('base64');
    expect(failing?.last_error).toBe('Twilio answered HTTP 400: refused Basic [secret] ([secret]) (code 21000)');
    await eventually(
      async () => (await notificationsOf(t, user, alert.id)).find((n) => n.channel === 'sms'),
      (n) => n?.status === 'sent',
      'sent',
    );
    const everything = [
      ...logs,
      JSON.stringify(await t.db.selectFrom('notifications').select('last_error').execute()),
      (await t.app.inject({ method: 'GET', url: '/api/v1/notification-providers/', headers: t.superuser.auth })).body,
    ].join('\n');
    expect(logs.some((line) => line.includes('notification failed'))).toBe(true);
    expect(everything).not.toContain(AUTH_TOKEN);
    expect(everything).not.toContain(basic);
  });
});
