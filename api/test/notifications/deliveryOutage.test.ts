import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp, loggerOptions } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { notificationMessageId } from '../../src/notifications/delivery.js';
import { eventually } from '../helpers/eventually.js';
import { sqlOn } from '../helpers/outageApi.js';
import { OUTAGE_START } from '../helpers/outageLoad.js';
import { type PrivatePostgres, serverBinariesOrSkip, startPrivatePostgres } from '../helpers/privatePostgres.js';
import { SmtpSink } from '../helpers/smtpSink.js';
import { SUPERUSER, TEST_DB, testConfig } from '../helpers/testApp.js';

/** Ports this test's own server may take (the machine's shared one on 5432 is never stopped). */
const PORTS = [8825, 8826, 8827, 8828, 8829];

/**
 * Exactly once across a database failover: the database goes away right after an email was
 * sent, before the worker could record it. The worker keeps the outcome and writes it once
 * the database is back; the job stays with it, so no retry sends the email again.
 */
describe.skipIf(TEST_DB !== 'postgres')('a sent email whose record meets a lost database', () => {
  const BIN_DIR = serverBinariesOrSkip();
  if (!BIN_DIR) return;

  let server: PrivatePostgres;
  let app: FastifyInstance;
  let config: Config;
  const mail = new SmtpSink();
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    await mail.start();
    server = await startPrivatePostgres(BIN_DIR, PORTS);
    config = testConfig({ databaseUrl: server.url, smtp: { host: '127.0.0.1', port: mail.port, tls: false, ssl: false } });
    const logger = loggerOptions(config, { write: (line: string) => logged.push(JSON.parse(line)) });
    ({ app } = await composeApp({ config, logger }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await server?.dispose();
    await mail.stop();
  });

  it('is written once the database is back: one email, recorded sent, its job never handed on', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      payload: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const auth = { authorization: `Bearer ${login.json().access_token}` };
    const title = `Failover ${Date.now()}`;
    let stopped = false;
    // The SMTP server has the message; before it answers, the database stops: the send succeeds, its record cannot.
    mail.beforeAnswer = async (m) => {
      if (!m.subject.endsWith(title)) return;
      await server.stop();
      stopped = true;
    };
    const created = await app.inject({ method: 'POST', url: '/api/v1/alert/', headers: auth, payload: { title } });
    expect(created.statusCode).toBe(200);
    const alertId = created.json().id as string;
    await eventually(() => stopped, 'the database stopped right after the send', 30_000);

    // Away for several of the record's retries (one a second at most), then back.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await server.start();
    const row = await eventually(
      async () => (await sqlOn(server.url, 'SELECT id, status, attempts FROM notifications WHERE alert_id = $1', [alertId])).rows[0],
      (r) => r?.status === 'sent',
      'the notification recorded sent',
      30_000,
    );
    expect(row.attempts).toBe(1);
    const { rows: jobs } = await sqlOn(server.url, `SELECT state, retry_count FROM vigil_jobs.job WHERE data->'notificationIds' ? $1`, [
      row.id,
    ]);
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);

    // A retry would come within the retry delay (1 s here) and a poll: none does.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const emails = mail.messages.filter((m) => m.subject.endsWith(title));
    expect(emails).toHaveLength(1);
    // The same Message-ID on any attempt at this notification: a receiver can tell a repeat.
    expect(emails[0]?.messageId).toBe(notificationMessageId(row.id, config.emailsFromEmail));
    expect(logged.filter((line) => line.level >= 50 && line.msg !== OUTAGE_START)).toEqual([]);
    expect(logged.some((line) => line.msg === OUTAGE_START)).toBe(true);
  }, 90_000);
});
