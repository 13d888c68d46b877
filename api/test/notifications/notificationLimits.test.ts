import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleContent, openAlertIdsOfBundle } from '../../src/contactMethods/bundleMessages.js';
import { outboundRequest } from '../../src/contactMethods/outboundMessages.js';
import { queueUserNotifications } from '../../src/contactMethods/reachUsers.js';
import { openDatabase } from '../../src/db/database.js';
import * as migration from '../../src/db/migrations/0031_notification_limits.js';
import type { ContactMethodKind } from '../../src/db/schema.js';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { codeOf, createMethod, setRules, verifyMethod } from '../helpers/contactMethods.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { notificationsOf, reach } from '../helpers/notifications.js';
import { createTestApp, openTestDatabase, TEST_DB, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * No storm (docs/oncall/contact-methods.md, "No storm: limits and bundles"), on PGlite and
 * PostgreSQL with a clock the test moves: per person and kind of method, the first alerts of a
 * window notify one by one, the next are held and one bundle tells of those still open; the
 * window moving frees the limit; replicas racing never pass it; a voice call is never repeated
 * for an alert within the window. Webhooks are sent to a local receiver end to end; SMS and voice
 * rows are checked in the database (their sender is the telephony module's).
 */
const WINDOW_MINUTES = 15;
const LIMITS = { windowMs: WINDOW_MINUTES * 60_000, sms: 5, voice: 3, other: 2, bundleDelayMs: 60_000 };

let t: TestApp;
let clock: TestClock;
let receiver: HookReceiver;

beforeAll(async () => {
  clock = new TestClock();
  t = await createTestApp({ notifications: { ...testConfig().notifications, limits: LIMITS } }, { now: clock.now });
  receiver = await new HookReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

/** A method of `kind` written verified in the database (an SMS or voice method's code goes through telephony), as the user's only rule. */
async function phoneMethod(user: TestUser, kind: ContactMethodKind): Promise<string> {
  const method = await t.db
    .insertInto('contact_methods')
    .values({ user_id: user.id, kind, label: `${kind} phone`, target: '+15005550006', topic: null, secret: null, verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setRules(t, user, [{ contact_method_id: method.id, delay_minutes: 0 }]);
  return method.id;
}

const rowsOf = (userId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['id', 'alert_id', 'kind', 'status', 'skipped_reason', 'bundle_id', 'send_after', 'channel'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

const bundlesOf = async (userId: string) => (await rowsOf(userId)).filter((r) => r.kind === 'bundle');

const acknowledge = async (user: TestUser, alertId: string) => answered(await callAs(t, user, 'POST', `${ALERTS}/acknowledge/${alertId}`));

/** Moves the clock and lets the relay move what is due by it (a bundle), then the worker send it. */
async function advanceAndRelay(minutes: number) {
  clock.advanceMinutes(minutes);
  await t.parts.notifications.flush();
}

describe('limits through a webhook, end to end', () => {
  it('notifies the first alerts, bundles the next still open, and frees the limit as the window moves', async () => {
    const user = await t.createUser({ full_name: 'Storm Watcher' });
    const hook = await createMethod(t, user, { kind: 'webhook', label: 'pager hook', target: receiver.url('/storm') });
    await verifyMethod(t, user, hook.id, await codeOf(t, receiver, user, hook.id, (h) => h.path === '/storm'));
    receiver.secret = hook.secret;
    await setRules(t, user, [{ contact_method_id: hook.id, delay_minutes: 0 }]);
    const alerts = [];
    for (let i = 1; i <= 5; i++)
      alerts.push(await createAlert(t, user, { title: `Database ${i} down`, severity: i === 5 ? 'critical' : 'high' }));
    const [a1, a2, a3, a4, a5] = alerts as [(typeof alerts)[number], ...typeof alerts];

    // The limit is 2 a window: two go one by one, three are held.
    expect(await reach(t, [user.id], a1.id)).toBe(1);
    expect(await reach(t, [user.id], a2?.id ?? '')).toBe(1);
    for (const alert of [a3, a4, a5]) expect(await reach(t, [user.id], alert?.id ?? '')).toBe(0);
    for (const alert of [a1, a2]) await receiver.waitFor((h) => h.path === '/storm' && h.body.includes(`"id":"${alert?.id}"`));
    const held = (await notificationsOf(t, user, a3?.id ?? '')).find((n) => n.channel === 'webhook');
    expect(held).toMatchObject({ status: 'skipped', skipped_reason: 'bundled', method_label: 'pager hook' });

    // One bundle for the three, due a minute after the first was held.
    const [bundle, ...others] = await bundlesOf(user.id);
    expect(others).toEqual([]);
    expect(bundle).toMatchObject({ status: 'pending', alert_id: null, channel: 'webhook' });
    expect(bundle?.send_after?.getTime()).toBe(clock.now().getTime() + LIMITS.bundleDelayMs);
    expect((await rowsOf(user.id)).filter((r) => r.skipped_reason === 'bundled').every((r) => r.bundle_id === bundle?.id)).toBe(true);

    // Acknowledged meanwhile: not in the bundle.
    await acknowledge(user, a4?.id ?? '');
    await advanceAndRelay(0.5);
    expect(receiver.accepted.some((h) => h.headers['x-vigil-event'] === 'alert.bundle')).toBe(false);
    await advanceAndRelay(0.6);
    const sent = await receiver.waitFor((h) => h.path === '/storm' && h.headers['x-vigil-event'] === 'alert.bundle');
    expect(sent.signatureValid).toBe(true);
    const payload = JSON.parse(sent.body);
    expect(payload).toMatchObject({ event: 'alert.bundle', delivery_id: bundle?.id, total: 2 });
    // Alerts without an integration are named by their team.
    expect(payload.text).toBe(`2 more alerts for ${payload.group}`);
    // Oldest first, each with its own signed action link.
    expect(payload.alerts.map((a: { id: string }) => a.id)).toEqual([a3?.id, a5?.id]);
    expect(payload.alerts[1]).toMatchObject({ title: 'Database 5 down', severity: 'critical' });
    expect(payload.alerts[0].action_url).toMatch(new RegExp(`^http://console.test/actions/${a3?.id}\\?t=`));

    await expect.poll(async () => (await bundlesOf(user.id))[0]?.status, { timeout: 10_000 }).toBe('sent');

    // Still within the window: the next alert is held for a bundle a window after the last.
    const a6 = await createAlert(t, user, { title: 'Database 6 down' });
    expect(await reach(t, [user.id], a6.id)).toBe(0);
    const bundles = await bundlesOf(user.id);
    expect(bundles.map((b) => b.status)).toEqual(['sent', 'pending']);
    expect(bundles[1]?.send_after?.getTime()).toBe((bundle?.send_after?.getTime() ?? 0) + LIMITS.windowMs);

    // The window moves on: an alert notifies one by one again, and the second bundle tells of a6.
    await advanceAndRelay(WINDOW_MINUTES);
    const a7 = await createAlert(t, user, { title: 'Database 7 down' });
    expect(await reach(t, [user.id], a7.id)).toBe(1);
    await receiver.waitFor((h) => h.path === '/storm' && h.body.includes(`"id":"${a7.id}"`));
    const second = await receiver.waitFor((h) => h.headers['x-vigil-delivery'] === bundles[1]?.id);
    expect(JSON.parse(second.body)).toMatchObject({ total: 1, alerts: [{ id: a6.id, title: 'Database 6 down' }] });
  });

  it('skips a bundle whose alerts were all handled before it left', async () => {
    const user = await t.createUser();
    const hook = await createMethod(t, user, { kind: 'webhook', label: 'quiet hook', target: receiver.url('/quiet') });
    await verifyMethod(t, user, hook.id, await codeOf(t, receiver, user, hook.id, (h) => h.path === '/quiet'));
    await setRules(t, user, [{ contact_method_id: hook.id, delay_minutes: 0 }]);
    const alerts = [await createAlert(t, user), await createAlert(t, user), await createAlert(t, user)];
    for (const alert of alerts) await reach(t, [user.id], alert.id);
    await acknowledge(user, alerts[2]?.id ?? '');
    await advanceAndRelay(1.1);
    const [bundle] = await bundlesOf(user.id);
    await expect.poll(async () => (await bundlesOf(user.id))[0]?.status, { timeout: 10_000 }).toBe('skipped');
    expect((await bundlesOf(user.id))[0]?.skipped_reason).toBe('acknowledged');
    expect(receiver.accepted.some((h) => h.headers['x-vigil-delivery'] === bundle?.id)).toBe(false);
  });
});

describe('bundles through other kinds', () => {
  it("emails one bundle to the account's address when its fallback emails pass the limit", async () => {
    const user = await t.createUser();
    const alerts = [];
    for (let i = 1; i <= 4; i++) alerts.push(await createAlert(t, user, { title: `Cache ${i} cold` }));
    for (const alert of alerts) await reach(t, [user.id], alert.id);
    // No rules: the account's address, limited as email (2 a window here).
    const rows = await rowsOf(user.id);
    const byAlert = alerts.map((a) =>
      rows.filter((r) => r.alert_id === a.id && r.kind === 'escalation').map((r) => r.skipped_reason ?? 'queued'),
    );
    expect(byAlert).toEqual([['queued'], ['queued'], ['bundled'], ['bundled']]);
    expect(rows.filter((r) => r.kind === 'bundle').map((r) => [r.channel, r.status])).toEqual([['email', 'pending']]);
    await advanceAndRelay(1.1);
    const mail = await t.mail.waitFor((m) => m.to.includes(user.email) && /more alerts/.test(m.subject));
    expect(mail.subject).toMatch(/^\[Vigil\] 2 more alerts for /);
    expect(mail.text).toContain(`[WARNING] Cache 3 cold: http://console.test/actions/${alerts[2]?.id}?t=`);
    expect(mail.text).toContain('Cache 4 cold');
    expect(mail.text).not.toContain('Cache 1 cold');
  });

  it('renders a bundle for Slack-compatible and ntfy receivers', () => {
    const content = {
      type: 'bundle' as const,
      headline: '2 more alerts for Database',
      total: 2,
      groupName: 'Database',
      alerts: [
        { id: 'a1', title: 'Primary <down>', severity: 'critical' as const, link: 'http://console.test/actions/a1?t=x' },
        { id: 'a2', title: 'Réplica lag', severity: 'warning' as const, link: 'http://console.test/actions/a2?t=y' },
      ],
      listLink: 'http://console.test/alerts',
    };
    const slack = outboundRequest(
      { kind: 'slack', target: 'https://hooks.example.com/s', topic: null, secret: null },
      'd1',
      content,
      new Date(),
    );
    expect(JSON.parse(slack.body).text).toBe(
      '2 more alerts for Database\n• [CRITICAL] <http://console.test/actions/a1?t=x|Primary &lt;down&gt;>\n' +
        '• [WARNING] <http://console.test/actions/a2?t=y|Réplica lag>\n<http://console.test/alerts|Open the alerts>',
    );
    const ntfy = outboundRequest(
      { kind: 'ntfy', target: 'https://ntfy.example.com/', topic: 'ops', secret: null },
      'd2',
      content,
      new Date(),
    );
    expect(ntfy.url).toBe('https://ntfy.example.com/ops');
    expect(ntfy.body).toBe('[CRITICAL] Primary <down>\n[WARNING] Réplica lag');
    expect(ntfy.headers).toMatchObject({ Title: '2 more alerts for Database', Priority: '5', Click: 'http://console.test/alerts' });
  });
});

describe('SMS and voice limits, in the database', () => {
  it('holds SMS past 5 a window into one bundle whose content the telephony renderer reads', async () => {
    const user = await t.createUser();
    const methodId = await phoneMethod(user, 'sms');
    const alerts = [];
    for (let i = 1; i <= 8; i++) alerts.push(await createAlert(t, user, { title: `Queue ${i} backed up` }));
    for (const alert of alerts) await reach(t, [user.id], alert.id);
    const rows = (await rowsOf(user.id)).filter((r) => r.channel === 'sms');
    expect(rows.filter((r) => r.kind === 'escalation' && r.status !== 'skipped')).toHaveLength(5);
    const heldRows = rows.filter((r) => r.skipped_reason === 'bundled');
    expect(heldRows.map((r) => r.alert_id)).toEqual(alerts.slice(5).map((a) => a.id));
    const bundles = rows.filter((r) => r.kind === 'bundle');
    expect(bundles).toHaveLength(1);

    await acknowledge(user, alerts[6]?.id ?? '');
    const content = await bundleContent(t.db, bundles[0]?.id ?? '', clock.now());
    expect(content).toEqual({
      userId: user.id,
      methodId,
      total: 2,
      groupName: expect.any(String),
      alerts: [alerts[5], alerts[7]].map((a) => ({ id: a?.id, title: a?.title, severity: a?.severity })),
    });
    expect(await bundleContent(t.db, rows[0]?.id ?? '', clock.now())).toBeNull();
    expect(await openAlertIdsOfBundle(t.db, bundles[0]?.id ?? '')).toEqual([alerts[5]?.id, alerts[7]?.id]);
  });

  it('never calls a person twice for an alert within the window, and again after it', async () => {
    const user = await t.createUser();
    await phoneMethod(user, 'voice');
    const alert = await createAlert(t, user);
    const callsOf = async (alertId: string) =>
      (await rowsOf(user.id)).filter((r) => r.alert_id === alertId && r.channel === 'voice').map((r) => r.skipped_reason ?? 'called');
    expect(await reach(t, [user.id], alert.id, 1)).toBe(1);
    await advanceAndRelay(5);
    expect(await reach(t, [user.id], alert.id, 2)).toBe(0);
    expect(await callsOf(alert.id)).toEqual(['called', 'duplicate_call']);
    const seen = (await notificationsOf(t, user, alert.id)).filter((n) => n.channel === 'voice');
    // The console shows why the second round did not call (the first's status is the telephony sender's).
    expect(seen.map((n) => [n.level, n.status === 'skipped', n.skipped_reason])).toEqual([
      [1, false, null],
      [2, true, 'duplicate_call'],
    ]);
    await advanceAndRelay(WINDOW_MINUTES - 5 + 0.1);
    expect(await reach(t, [user.id], alert.id, 3)).toBe(1);
    expect(await callsOf(alert.id)).toEqual(['called', 'duplicate_call', 'called']);

    // Three calls a window: other alerts are called until then, the fourth is bundled.
    const more = [await createAlert(t, user), await createAlert(t, user), await createAlert(t, user)];
    for (const other of more) await reach(t, [user.id], other.id);
    expect(await Promise.all(more.map((a) => callsOf(a.id)))).toEqual([['called'], ['called'], ['bundled']]);
  });
});

describe.skipIf(TEST_DB !== 'postgres')('replicas', () => {
  it('two replicas queueing at once never pass the limit', async () => {
    const other = await openDatabase({ kind: 'postgres', url: t.databaseUrl ?? '', poolSize: 6 });
    try {
      const user = await t.createUser();
      await phoneMethod(user, 'sms');
      const alerts = [];
      for (let i = 0; i < 12; i++) alerts.push(await createAlert(t, user));
      const limits = t.config.notifications.limits;
      await Promise.all(
        alerts.map((alert, i) =>
          (i % 2 === 0 ? t.db : other).transaction().execute(async (trx) => {
            // Both replicas inside their transactions before either counts.
            await sql`SELECT pg_sleep(0.01)`.execute(trx);
            return queueUserNotifications(trx, {
              alertId: alert.id,
              kind: 'escalation',
              level: 1,
              userIds: [user.id],
              now: t.now(),
              limits,
            });
          }),
        ),
      );
      const rows = await rowsOf(user.id);
      expect(rows.filter((r) => r.kind === 'escalation' && r.status !== 'skipped')).toHaveLength(LIMITS.sms);
      expect(rows.filter((r) => r.skipped_reason === 'bundled')).toHaveLength(12 - LIMITS.sms);
      expect(rows.filter((r) => r.kind === 'bundle')).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  });
});

describe('migration 0031_notification_limits', () => {
  it('down() takes the bundles, the reasons and the columns away, and up() brings them back', async () => {
    const { db, drop } = await openTestDatabase({ migrated: true });
    const shape = async () => {
      const { rows } = await sql<{ name: string; def: string }>`
        SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE conrelid = 'notifications'::regclass AND conname IN ('notifications_kind_check', 'notifications_skipped_reason_check')
        ORDER BY conname`.execute(db);
      const { rows: columns } = await sql<{ name: string }>`
        SELECT column_name AS name FROM information_schema.columns
        WHERE table_name = 'notifications' AND table_schema = current_schema() AND column_name IN ('limit_at', 'bundle_id')
        ORDER BY column_name`.execute(db);
      return { bundles: rows.map((r) => /'bundle'/.test(r.def) || /'bundled'/.test(r.def)), columns: columns.map((c) => c.name) };
    };
    try {
      expect(await shape()).toEqual({ bundles: [true, true], columns: ['bundle_id', 'limit_at'] });
      await migration.down(db as unknown as Kysely<unknown>);
      expect(await shape()).toEqual({ bundles: [false, false], columns: [] });
      await migration.up(db as unknown as Kysely<unknown>);
      expect(await shape()).toEqual({ bundles: [true, true], columns: ['bundle_id', 'limit_at'] });
    } finally {
      await drop();
    }
  });
});
