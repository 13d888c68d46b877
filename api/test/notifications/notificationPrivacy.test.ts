import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMethodCreate } from '../../src/contactMethods/schema.js';
import { migrations } from '../../src/db/migrations/index.js';
import { LINK_TOKEN_HEADER } from '../../src/links/linkAccess.js';
import { toNotificationPublic } from '../../src/notifications/service.js';
import { createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { codeOf, createMethod, METHODS, setRules, verifyMethod } from '../helpers/contactMethods.js';
import { eventually } from '../helpers/eventually.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { notificationsOf, reach } from '../helpers/notifications.js';
import { body, createTestApp, openTestDatabase, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Other users' contact targets stay theirs, on PGlite and PostgreSQL: an alert's owner reads
 * each notification's channel, method label and user, but another user's target (a webhook URL
 * and its query secret, an email method's address, the account's address) and their receiver's
 * error only as that user or a superuser; and acting through an email method's link records
 * the user's account in the alert's history, not the method's address.
 */
let t: TestApp;
let receiver: HookReceiver;

/** A method with a rule at once; verified with the code it got when `verify` is set. */
async function methodWithRule(user: TestUser, fields: ContactMethodCreate, verify: boolean): Promise<string> {
  const { id } = await createMethod(t, user, fields);
  if (verify) {
    const code =
      fields.kind === 'email'
        ? await emailedCode(id, user, fields.target)
        : await codeOf(t, receiver, user, id, (h) => receiver.url(h.path) === fields.target && h.body.includes('"code"'));
    await verifyMethod(t, user, id, code);
  }
  await setRules(t, user, [{ contact_method_id: id, delay_minutes: 0 }]);
  return id;
}

/** Sends a code to an email method and reads it from the email. */
async function emailedCode(id: string, user: TestUser, address: string): Promise<string> {
  answered(await callAs(t, user, 'POST', `${METHODS}/${id}/send-code`), 202);
  return /code is (\d{6})/.exec((await t.mail.waitFor((m) => m.to.includes(address))).text)?.[1] ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  receiver = await new HookReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

describe("an alert's notifications", () => {
  it("name another user's channel, label and user, and withhold their targets and errors", async () => {
    const owner = await t.createUser({ full_name: 'Olive Owner' });
    const hooked = await t.createUser({ full_name: 'Hana Hook' });
    const unverified = await t.createUser({ full_name: 'Una Verified' });
    const plain = await t.createUser({ full_name: 'Pia Plain' });
    const secretUrl = receiver.url(`/private/hook?token=hunter2-${randomUUID().slice(0, 8)}`);
    await methodWithRule(hooked, { kind: 'webhook', label: 'ops-hook', target: secretUrl }, true);
    const hidden = `hidden-${randomUUID().slice(0, 8)}@example.com`;
    await methodWithRule(unverified, { kind: 'email', label: 'private mail', target: hidden }, false);
    await methodWithRule(owner, { kind: 'webhook', label: 'my hook', target: receiver.url('/mine') }, true);
    const alert = await createAlert(t, owner, { title: 'Disk full', severity: 'critical' });

    // The receiver fails while the rows are read: each webhook row holds its error.
    receiver.mode = 'error';
    try {
      await reach(t, [owner.id, hooked.id, unverified.id, plain.id], alert.id);
      await eventually(
        () => notificationsOf(t, t.superuser, alert.id),
        (rows) => rows.filter((r) => r.channel === 'webhook').every((r) => r.last_error !== null),
        'both webhooks failed once',
      );
      const failure = `HTTP 500 from 127.0.0.1:${receiver.port}: receiver down for maintenance`;
      const seen = await notificationsOf(t, owner, alert.id);
      const reached = seen
        .filter((r) => r.user_id !== null)
        .map((r) => [r.user_name, r.channel, r.method_label, r.recipient, r.last_error]);
      expect(reached.sort()).toEqual(
        [
          ['Hana Hook', 'webhook', 'ops-hook', null, null],
          ['Olive Owner', 'webhook', 'my hook', receiver.url('/mine'), failure],
          ['Pia Plain', 'email', null, null, null],
          ['Una Verified', 'email', 'private mail', null, null],
          ['Una Verified', 'email', null, null, null],
        ].sort(),
      );
      const text = JSON.stringify(seen);
      for (const secret of ['hunter2', '/private/hook', hidden, hooked.email, unverified.email, plain.email])
        expect(text).not.toContain(secret);
      expect(seen.find((r) => r.method_label === 'ops-hook')).toMatchObject({ status: 'pending', skipped_reason: null });
      expect(seen.find((r) => r.method_label === 'private mail')).toMatchObject({ status: 'skipped', skipped_reason: 'unverified' });

      // A superuser sees all of it.
      const all = await notificationsOf(t, t.superuser, alert.id);
      expect(all.find((r) => r.method_label === 'ops-hook')).toMatchObject({ recipient: secretUrl, last_error: failure });
      expect(all.find((r) => r.method_label === 'private mail')).toMatchObject({ recipient: hidden, skipped_reason: 'unverified' });
      expect(all.filter((r) => r.user_id === plain.id).map((r) => r.recipient)).toEqual([plain.email]);
    } finally {
      receiver.mode = 'ok';
    }
  });

  it("records the user's account in the history when they act through an email method's link", async () => {
    const owner = await t.createUser();
    const paged = await t.createUser({ full_name: 'Paged Person' });
    const pager = `pager-${randomUUID().slice(0, 8)}@example.com`;
    await methodWithRule(paged, { kind: 'email', label: 'pager', target: pager }, true);
    const alert = await createAlert(t, owner, { title: 'Queue stuck', severity: 'high' });
    await reach(t, [paged.id], alert.id);
    const mail = await t.mail.waitFor((m) => m.to.includes(pager) && m.text.includes(alert.id));
    const token = decodeURIComponent(/\/actions\/[\w-]+\?t=([^\s"]+)/.exec(mail.text)?.[1] ?? '');
    const acted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/alert/acknowledge/${alert.id}`,
      headers: { [LINK_TOKEN_HEADER]: token },
    });
    expect(acted.statusCode, acted.body).toBe(200);
    const events = body(await callAs(t, owner, 'GET', `/api/v1/alert/${alert.id}/events`)).data;
    expect(events.map((e: { action: string; via: string; recipient: string | null }) => [e.action, e.via, e.recipient])).toEqual([
      // The account, named: another user's address is not the owner's to read (policyAddresses.test.ts).
      ['acknowledge', 'link', 'Paged Person'],
    ]);
    expect(JSON.stringify(events)).not.toContain(pager);
  });
});

describe('rows without a user', () => {
  it("a policy's address is shown to the alert's owner; a method's row with no user recorded, to superusers only", () => {
    const base = {
      id: randomUUID(),
      alert_id: randomUUID(),
      kind: 'escalation' as const,
      level: 1,
      contact_owner_id: null,
      chat_channel_id: null,
      limit_at: null,
      bundle_id: null,
      status: 'failed' as const,
      skipped_reason: null,
      attempts: 13,
      last_error: 'HTTP 404 from hooks.example.com',
      created_at: new Date(),
      sent_at: null,
      send_after: null,
      user_id: null,
      user_name: null,
    };
    const owner = { id: randomUUID(), is_superuser: false };
    const address = { ...base, recipient: 'oncall@example.com', channel: 'email' as const, contact_method_id: null, method_label: null };
    const orphan = {
      ...base,
      recipient: 'https://hooks.example.com/x?key=1',
      channel: 'webhook' as const,
      contact_method_id: null,
      method_label: 'old',
    };
    expect(toNotificationPublic(address, owner)).toMatchObject({ recipient: 'oncall@example.com', last_error: base.last_error });
    expect(toNotificationPublic(orphan, owner)).toMatchObject({ recipient: null, last_error: null, method_label: 'old' });
    expect(toNotificationPublic(orphan, { ...owner, is_superuser: true })).toMatchObject({ recipient: orphan.recipient });
  });
});

describe('migration 0021_verification_limits', () => {
  it('gives rows through a contact method their user, and down() puts the tables back as they were', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]?.schema });
      expect((await migrator.migrateTo('0019_first_level_wait')).error).toBeUndefined();
      const { rows: users } = await sql<{ id: string }>`
        INSERT INTO users (email, hashed_password) VALUES ('reached@example.com', 'x') RETURNING id`.execute(db);
      const userId = users[0]?.id;
      const { rows: methods } = await sql<{ id: string }>`
        INSERT INTO contact_methods (user_id, kind, label, target) VALUES (${userId}, 'email', 'mail', 'private@example.com')
        RETURNING id`.execute(db);
      await sql`
        INSERT INTO notifications (kind, recipient, channel, contact_method_id, method_label)
        VALUES ('contact_verification', 'private@example.com', 'email', ${methods[0]?.id}, 'mail'),
               ('contact_verification', 'someone@example.com', 'email', NULL, 'deleted method')`.execute(db);

      expect((await migrator.migrateTo('0021_verification_limits')).error).toBeUndefined();
      const { rows: after } = await sql<{ recipient: string; user_id: string | null }>`
        SELECT recipient, user_id FROM notifications ORDER BY recipient`.execute(db);
      expect(after).toEqual([
        { recipient: 'private@example.com', user_id: userId },
        { recipient: 'someone@example.com', user_id: null },
      ]);

      expect((await migrator.migrateTo('0019_first_level_wait')).error).toBeUndefined();
      const { rows: left } = await sql<{ name: string }>`
        SELECT table_name AS name FROM information_schema.tables WHERE table_name = 'verification_events'
        UNION ALL SELECT column_name FROM information_schema.columns WHERE table_name = 'notifications' AND column_name = 'user_id'`.execute(
        db,
      );
      expect(left).toEqual([]);
    } finally {
      await drop();
    }
  });
});
