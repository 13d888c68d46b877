import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { eventually } from '../helpers/eventually.js';
import { send } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { notificationsOf } from '../helpers/notifications.js';
import { SmtpSink } from '../helpers/smtpSink.js';
import { body, createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

/**
 * Notification emails go through the durable queue: written with the change that causes them,
 * queued by the relay, sent by the worker with retries. Nothing is lost when SMTP is down.
 */
describe('notification emails', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a new alert emails its owner once, and its notifications say so', async () => {
    const alert = await createAlert(t, owner);
    const mail = await t.mail.waitFor((m) => m.to.includes(owner.email) && m.subject.includes(alert.title));
    expect(mail.text).toContain(`http://console.test/actions/${alert.id}?t=`);
    await eventually(async () => (await notificationsOf(t, owner, alert.id))[0]?.status === 'sent', 'marked sent');
    const [notification, ...more] = await notificationsOf(t, owner, alert.id);
    expect(more).toEqual([]);
    expect(notification).toMatchObject({
      kind: 'new_alert',
      level: 0,
      recipient: owner.email,
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
    expect(notification?.sent_at).not.toBeNull();
    expect(t.mail.messages.filter((m) => m.subject.includes(alert.title))).toHaveLength(1);
  });

  it('an ingested alert emails its owner; a deduplicated repeat emails nobody', async () => {
    const integration = await createIntegration(t, owner);
    const title = `Replica lag ${randomUUID().slice(0, 8)}`;
    const first = body(await send(t, integration, { action: 'trigger', title, dedup_key: 'lag' }));
    await send(t, integration, { action: 'trigger', title, dedup_key: 'lag' });
    await t.mail.waitFor((m) => m.to.includes(owner.email) && m.subject.includes(title));
    await t.parts.notifications.flush();
    expect(await notificationsOf(t, owner, first.alerts[0].alert_id)).toHaveLength(1);
  });

  it('the notifications of an alert are its owner’s: another user gets 404, nobody signed out gets them', async () => {
    const alert = await createAlert(t, owner);
    const stranger = await t.createUser();
    const res = await t.app.inject({ method: 'GET', url: `${ALERTS}/${alert.id}/notifications`, headers: stranger.auth });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ detail: 'Alert not found' });
    const anonymous = await t.app.inject({ method: 'GET', url: `${ALERTS}/${alert.id}/notifications` });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${ALERTS}/${alert.id}/notifications`, headers: t.superuser.auth })).statusCode).toBe(
      200,
    );
  });

  it('a notification a process wrote but never queued (it died) is sent by the sweep', async () => {
    const alert = await createAlert(t, owner);
    await t.mail.waitFor((m) => m.subject.includes(alert.title));
    // Written as a process would, with nobody kicking the relay afterwards: the trigger puts it
    // in the outbox, and the relay's sweep (flush, here) queues it.
    await t.db.insertInto('notifications').values({ alert_id: alert.id, kind: 'new_alert', recipient: 'orphan@example.com' }).execute();
    expect(await t.db.selectFrom('notification_outbox').selectAll().execute()).toHaveLength(1);
    await t.parts.notifications.flush();
    expect(await t.db.selectFrom('notification_outbox').selectAll().execute()).toEqual([]);
    const mail = await t.mail.waitFor((m) => m.to.includes('orphan@example.com'));
    expect(mail.subject).toContain(alert.title);
  });
});

describe('an SMTP outage delays notifications and loses none', () => {
  let t: TestApp;
  let owner: TestUser;
  let revived: SmtpSink | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
    await revived?.stop();
  });

  it('mails written while the server is down arrive, each once, after it is back', async () => {
    const port = t.mail.port;
    await t.mail.stop();
    const integration = await createIntegration(t, owner);
    const titles: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const alert = await createAlert(t, owner, { title: `Outage console ${i} ${randomUUID().slice(0, 6)}` });
      titles.push(alert.title);
      ids.push(alert.id);
    }
    for (let i = 0; i < 3; i++) {
      const title = `Outage ingest ${i} ${randomUUID().slice(0, 6)}`;
      const answer = body(await send(t, integration, { action: 'trigger', title, dedup_key: `outage-${i}` }));
      titles.push(title);
      ids.push(answer.alerts[0].alert_id);
    }
    // Every email was tried and failed: the failure is recorded and the job waits to retry.
    await eventually(async () => {
      const all = await Promise.all(ids.map((id) => notificationsOf(t, owner, id)));
      return all.every(([n]) => n !== undefined && n.attempts >= 1);
    }, 'every email attempted once');
    for (const id of ids) {
      const [n] = await notificationsOf(t, owner, id);
      expect(n).toMatchObject({ status: 'pending', sent_at: null });
      expect(n?.last_error).toMatch(/ECONNREFUSED|connect/i);
    }

    revived = await new SmtpSink().start(port);
    for (const title of titles) await revived.waitFor((m) => m.subject.includes(title), 60_000);
    await eventually(async () => {
      const all = await Promise.all(ids.map((id) => notificationsOf(t, owner, id)));
      return all.every(([n]) => n?.status === 'sent');
    }, 'every notification marked sent');
    for (const title of titles) expect(revived.messages.filter((m) => m.subject.includes(title))).toHaveLength(1);
    for (const id of ids) expect((await notificationsOf(t, owner, id))[0]).toMatchObject({ status: 'sent', last_error: null });
  });
});

describe('retries have a limit', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ notifications: { ...testConfig().notifications, retryLimit: 1 } });
    owner = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an email that keeps failing is marked failed after its last retry, with the error', async () => {
    await t.mail.stop();
    const alert = await createAlert(t, owner);
    await eventually(async () => (await notificationsOf(t, owner, alert.id))[0]?.status === 'failed', 'marked failed');
    const [n] = await notificationsOf(t, owner, alert.id);
    expect(n).toMatchObject({ status: 'failed', attempts: 2, sent_at: null });
    expect(n?.last_error).toMatch(/ECONNREFUSED|connect/i);
  });
});
