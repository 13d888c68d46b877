import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { type OpenDb, openDatabase } from '../../src/db/database.js';
import { createAlert } from '../helpers/alerts.js';
import { configFailure } from '../helpers/configFailure.js';
import { eventually } from '../helpers/eventually.js';
import { send } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { createTestApp, TEST_DB, type TestApp, testConfig } from '../helpers/testApp.js';

const failure = configFailure;

describe('VIGIL_ROLE', () => {
  it('is all unless set; web and worker need PostgreSQL; anything else stops start-up in one line', () => {
    expect(parseConfig({}).role).toBe('all');
    const postgres = { DATABASE_URL: 'postgres://vigil@db:5432/vigil' };
    expect(parseConfig({ ...postgres, VIGIL_ROLE: 'web' }).role).toBe('web');
    expect(parseConfig({ ...postgres, VIGIL_ROLE: 'worker' }).role).toBe('worker');
    expect(failure({ ...postgres, VIGIL_ROLE: 'scheduler' })).toBe(
      'Invalid configuration: VIGIL_ROLE must be all, web or worker, got "scheduler"',
    );
    expect(failure({ ...postgres, VIGIL_ROLE: 'Web' })).toContain('VIGIL_ROLE must be all, web or worker');
    for (const role of ['web', 'worker']) {
      expect(failure({ VIGIL_ROLE: role })).toBe(
        `Invalid configuration: VIGIL_ROLE is ${role}, which needs DATABASE_URL (PostgreSQL): on the embedded PGlite database only all runs`,
      );
    }
  });
});

/** Rows of the outbox: a notification written and not yet queued. */
const outboxHolds = async (db: OpenDb, notificationId: string) =>
  (await db.selectFrom('notification_outbox').select('notification_id').where('notification_id', '=', notificationId).execute()).length > 0;

const notificationOf = (db: OpenDb, alertId: string) =>
  db.selectFrom('notifications').select(['id', 'status', 'attempts']).where('alert_id', '=', alertId).executeTakeFirstOrThrow();

/**
 * A web process and a worker on one PostgreSQL database, in this process: the web one answers
 * the API and writes notifications; only the worker sends them, escalates and serves nothing
 * but its probes and metrics.
 */
describe.skipIf(TEST_DB !== 'postgres')('a web process and a worker', () => {
  let web: TestApp;
  let worker: { app: FastifyInstance; db: OpenDb } | undefined;
  // Escalation passes every 200 ms: a web process that ran them would escalate within the test.
  const escalationCheckMs = 200;

  beforeAll(async () => {
    web = await createTestApp({ role: 'web', notifications: { ...testConfig().notifications, escalationCheckMs } });
  });
  afterAll(async () => {
    await worker?.app.close();
    await worker?.db.destroy();
    await web?.close();
  });

  const startWorker = async () => {
    const db = await openDatabase({ kind: 'postgres', url: web.databaseUrl as string, poolSize: 5 });
    const config = { ...web.config, role: 'worker' as const };
    const { app } = await composeApp({ config, db, logger: false });
    worker = { app, db };
    return app;
  };

  it('the web process writes an alert’s notification but neither sends it nor escalates: it waits for a worker', async () => {
    const alert = await createAlert(web, web.superuser);
    const notification = await notificationOf(web.db, alert.id);
    await web.db
      .updateTable('alerts')
      .set({ next_escalation_at: new Date(Date.now() - 1_000) })
      .where('id', '=', alert.id)
      .execute();
    await web.parts.notifications.flush();
    // Past the relay's pause, a worker's polling, and a few escalation passes.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await outboxHolds(web.db, notification.id)).toBe(true);
    expect(await notificationOf(web.db, alert.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await web.db.selectFrom('alerts').select('state').where('id', '=', alert.id).executeTakeFirstOrThrow()).state).toBe('open');
    expect(web.mail.messages.filter((m) => m.subject.endsWith(alert.title))).toEqual([]);

    // A worker starts: its sweep queues what was waiting, it sends the email once and escalates.
    await startWorker();
    await web.mail.waitFor((m) => m.subject.startsWith('[Vigil][ESCALATED L1]') && m.subject.endsWith(alert.title));
    await eventually(
      async () => (await notificationOf(web.db, alert.id)).status,
      (s) => s === 'sent',
      'the new-alert email marked sent',
    );
    expect(await outboxHolds(web.db, notification.id)).toBe(false);
    expect(web.mail.messages.filter((m) => !m.subject.includes('ESCALATED') && m.subject.endsWith(alert.title))).toHaveLength(1);
  });

  it('the worker answers its probes and the metrics scrape, and 404 to everything else', async () => {
    const app = worker?.app ?? (await startWorker());
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
    for (const probe of ['/healthz/live', '/healthz/ready', '/healthz/startup']) expect((await get(probe)).statusCode, probe).toBe(200);
    // A token signed by the web process (the same SECRET_KEY) reads the worker's metrics.
    const metrics = await get('/api/v1/utils/metrics', web.superuser.auth);
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('vigil_build_info');
    expect((await get('/api/v1/utils/metrics')).statusCode).toBe(401);
    for (const url of ['/api/v1/users/me', '/api/v1/alert/', '/api/v1/utils/health-check/', '/api/v1/openapi.json', '/']) {
      const res = await get(url, web.superuser.auth);
      expect([res.statusCode, res.json()], url).toEqual([404, { detail: 'Not Found' }]);
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      payload: 'username=admin%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(404);
    const enqueue = await app.inject({ method: 'POST', url: '/v2/enqueue', payload: {} });
    expect(enqueue.statusCode).toBe(404);
  });

  it('an alert ingested by the web process leaves the worker promptly: told by NOTIFY, not found by the sweep', async () => {
    if (!worker) await startWorker();
    // The worker LISTENs on the database.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "vigil_outbox"'`.execute(
      web.db,
    );
    expect(rows[0]?.n).toBe(1);
    const integration = await createIntegration(web, web.superuser);
    // The sweep runs every 5 s: three emails in a row, each out within a second, are not its doing.
    for (let i = 0; i < 3; i++) {
      const title = `Queue depth ${i} ${Date.now()}`;
      const res = await send(web, integration, { action: 'trigger', title, dedup_key: title });
      expect(res.statusCode).toBe(202);
      const answeredAt = Date.now();
      const mail = await web.mail.waitFor((m) => m.subject.endsWith(title), 1_000);
      expect(mail.receivedAt - answeredAt).toBeLessThan(1_000);
    }
  });
});
