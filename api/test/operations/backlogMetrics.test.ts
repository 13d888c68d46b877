import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlert } from '../helpers/alerts.js';
import { eventually } from '../helpers/eventually.js';
import { notificationsOf } from '../helpers/notifications.js';
import { createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

// The series the Kubernetes PrometheusRule alerts on (deploy/kubernetes/components/monitoring,
// docs/deploy/metrics.md): the outbox's oldest wait and the escalation timer's lag, read from
// the database at scrape time, and failed send attempts, counted where delivery happens.

const METRICS = '/api/v1/utils/metrics';

/** The value of an unlabelled sample, or of the one with these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => {
    if (wanted.length === 0) return l.startsWith(`${name} `);
    return l.startsWith(`${name}{`) && wanted.every((label) => l.slice(0, l.indexOf('}')).includes(label));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: METRICS, headers: t.superuser.auth });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('the backlog gauges, with no relay and no escalation timer running (a deployment whose workers are down)', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    // What a web process does without a worker beside it: notifications stay in the outbox, due
    // alerts are not escalated.
    await t.parts.notifications.stop();
    await t.parts.escalations.stop();
  });
  afterAll(async () => t?.close());

  it('are 0 while nothing waits', async () => {
    const text = await scrape(t);
    expect(sample(text, 'vigil_notification_outbox_oldest_seconds')).toBe(0);
    expect(sample(text, 'vigil_escalation_lag_seconds')).toBe(0);
  });

  it("report the outbox's oldest wait: since a row was written, or since its delay ended; a row not yet due does not count", async () => {
    const alert = await createAlert(t, owner);
    const [written] = await t.db.selectFrom('notifications').select('id').where('alert_id', '=', alert.id).execute();
    expect(written).toBeDefined();
    await sql`UPDATE notifications SET created_at = now() - interval '300 seconds' WHERE id = ${written!.id}`.execute(t.db);
    const oldest = sample(await scrape(t), 'vigil_notification_outbox_oldest_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(300);
    expect(oldest).toBeLessThan(360);

    // A delayed notification (a rule's delay) waits from when it was due, not from when it was written.
    await sql`DELETE FROM notification_outbox WHERE notification_id = ${written!.id}`.execute(t.db);
    await sql`UPDATE notifications SET created_at = now() - interval '1 hour' WHERE id = ${written!.id}`.execute(t.db);
    await sql`INSERT INTO notification_outbox (notification_id, send_after) VALUES (${written!.id}, now() - interval '120 seconds')`.execute(
      t.db,
    );
    const delayed = sample(await scrape(t), 'vigil_notification_outbox_oldest_seconds')!;
    expect(delayed).toBeGreaterThanOrEqual(120);
    expect(delayed).toBeLessThan(180);

    await sql`UPDATE notification_outbox SET send_after = now() + interval '10 minutes' WHERE notification_id = ${written!.id}`.execute(
      t.db,
    );
    expect(sample(await scrape(t), 'vigil_notification_outbox_oldest_seconds')).toBe(0);
  });

  it('report how long the most overdue open or escalated alert waits for its escalation; an acknowledged one does not count', async () => {
    const overdue = await createAlert(t, owner);
    const older = await createAlert(t, owner);
    await sql`UPDATE alerts SET next_escalation_at = now() - interval '90 seconds' WHERE id = ${overdue.id}`.execute(t.db);
    await sql`UPDATE alerts SET next_escalation_at = now() - interval '1 hour', state = 'acknowledged' WHERE id = ${older.id}`.execute(
      t.db,
    );
    const lag = sample(await scrape(t), 'vigil_escalation_lag_seconds')!;
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(150);

    await sql`UPDATE alerts SET next_escalation_at = now() + interval '5 minutes' WHERE id = ${overdue.id}`.execute(t.db);
    expect(sample(await scrape(t), 'vigil_escalation_lag_seconds')).toBe(0);
  });
});

describe('vigil_notification_failures_total', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    // One retry: each notification fails once to be retried, then once for good.
    t = await createTestApp({ notifications: { ...testConfig().notifications, retryLimit: 1 } });
    owner = await t.createUser();
  });
  afterAll(async () => t?.close());

  it('counts each failed attempt, the last one as final', async () => {
    const before = await scrape(t);
    await t.mail.stop();
    const alert = await createAlert(t, owner);
    await eventually(async () => (await notificationsOf(t, owner, alert.id)).every((n) => n.status === 'failed'), 'marked failed');
    const failed = (await notificationsOf(t, owner, alert.id)).length;
    expect(failed).toBeGreaterThan(0);
    const after = await scrape(t);
    const delta = (final: string) =>
      sample(after, 'vigil_notification_failures_total', { final })! - sample(before, 'vigil_notification_failures_total', { final })!;
    expect({ retried: delta('false'), final: delta('true') }).toEqual({ retried: failed, final: failed });
  });
});
