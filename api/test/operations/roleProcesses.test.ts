import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDb } from '../../src/db/database.js';
import { type ApiProcess, startApiProcess } from '../helpers/apiProcess.js';
import { eventually } from '../helpers/eventually.js';
import { openHalfSentLogin, parseAnswer } from '../helpers/halfSentRequest.js';
import { call, login } from '../helpers/outageApi.js';
import { logLines, openChangeStream } from '../helpers/outageLoad.js';
import { SmtpSink } from '../helpers/smtpSink.js';
import { openTestDatabase, SUPERUSER, TEST_DB } from '../helpers/testApp.js';

const DRAIN_SECONDS = 2;

/** The median and the largest of some times, in whole milliseconds. */
const spread = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0), max: Math.round(sorted.at(-1) ?? 0) };
};

/**
 * A web process and a worker process on one PostgreSQL database, as a Kubernetes deployment
 * runs them (VIGIL_ROLE=web and VIGIL_ROLE=worker): what each serves, how soon an ingested
 * alert's email leaves, and what each finishes on SIGTERM.
 */
describe.skipIf(TEST_DB !== 'postgres')('web and worker processes', () => {
  let web: ApiProcess;
  let worker: ApiProcess;
  let database: { db: OpenDb; url?: string; drop(): Promise<void> };
  const mail = new SmtpSink();

  beforeAll(async () => {
    await mail.start();
    database = await openTestDatabase({ migrated: true });
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url as string,
      SECRET_KEY: 'role-test-secret-key-0123456789abcdef-0123',
      FIRST_SUPERUSER: SUPERUSER.email,
      FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      SMTP_TLS: 'false',
      SMTP_SSL: 'false',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      NOTIFICATION_RETRY_DELAY_SECONDS: '1',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      LOG_LEVEL: 'info',
    };
    [web, worker] = await Promise.all([startApiProcess({ ...env, VIGIL_ROLE: 'web' }), startApiProcess({ ...env, VIGIL_ROLE: 'worker' })]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([web?.stop(), worker?.stop()]);
    await database?.drop();
    await mail.stop();
  });

  const notificationOf = async (alertId: string) =>
    (
      await sql<{ status: string; attempts: number }>`SELECT status, attempts FROM notifications WHERE alert_id = ${alertId}`.execute(
        database.db,
      )
    ).rows[0];

  it('each says its role; the worker serves its probes and metrics, and 404 to the API', async () => {
    expect(logLines(web).find((l) => l.msg === 'Vigil API ready')).toMatchObject({ role: 'web', rateLimitStore: 'postgresql' });
    expect(logLines(worker).find((l) => l.msg === 'Vigil API ready')).toMatchObject({ role: 'worker', rateLimitStore: 'none' });
    const token = await login(web, SUPERUSER.email, SUPERUSER.password);
    expect((await fetch(`${worker.url}/healthz/live`)).status).toBe(200);
    expect((await fetch(`${worker.url}/api/v1/utils/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const me = await fetch(`${worker.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect([me.status, await me.json()]).toEqual([404, { detail: 'Not Found' }]);
    expect((await fetch(`${web.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('an alert ingested by the web process is emailed by the worker promptly (NOTIFY, not the 5 s sweep)', async () => {
    const token = await login(web, SUPERUSER.email, SUPERUSER.password);
    const integration = await call<{ ingest_url: string }>(web, token, 'POST', '/api/v1/integration/', { title: 'Latency' });
    const ingestUrl = `${web.url}${new URL(integration.ingest_url).pathname}`;
    const latencies: number[] = [];
    // The first is a warm-up (the SMTP connection, code loaded on first use): not counted.
    for (let i = 0; i <= 20; i++) {
      const title = `Latency ${i} ${randomUUID().slice(0, 8)}`;
      const res = await fetch(ingestUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'trigger', title, dedup_key: title }),
      });
      const answeredAt = Date.now();
      expect(res.status).toBe(202);
      const received = await mail.waitFor((m) => m.subject.endsWith(title), 5_000);
      if (i > 0) latencies.push(received.receivedAt - answeredAt);
    }
    // The figure of the commit that split the roles: from the 202 to the SMTP server's receipt.
    console.info(`ingest (202) to SMTP receipt, web to worker, 20 alerts one after another: ${JSON.stringify(spread(latencies))} ms`);
    // The sweep would take up to 5 s; the relay's own pause is 0.1 s. Loose bounds for a loaded machine.
    expect(spread(latencies).median).toBeLessThan(1_000);
    expect(Math.max(...latencies)).toBeLessThan(2_500);
  });

  it('on SIGTERM the worker finishes the send under way and records it before it exits', async () => {
    const token = await login(web, SUPERUSER.email, SUPERUSER.password);
    const title = `Sent while stopping ${randomUUID().slice(0, 8)}`;
    let underWay = () => {};
    const sending = new Promise<void>((resolve) => (underWay = resolve));
    // The SMTP server holds its answer: the send is still under way when the signal comes.
    mail.beforeAnswer = async (m) => {
      if (!m.subject.endsWith(title)) return;
      underWay();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    };
    const alert = await call<{ id: string }>(web, token, 'POST', '/api/v1/alert/', { title });
    await sending;
    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    const code = await worker.exited;
    expect(code, worker.output().split('\n').slice(-5).join('\n')).toBe(0);
    // It waited for the SMTP server's answer, then wrote the outcome, then exited.
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1_400);
    expect(await notificationOf(alert.id)).toEqual({ status: 'sent', attempts: 1 });
    expect(mail.messages.filter((m) => m.subject.endsWith(title))).toHaveLength(1);
    expect(logLines(worker).filter((l) => l.level >= 40)).toEqual([]);
    mail.beforeAnswer = undefined;
  });

  it('on SIGTERM the web process is unready at once, ends open change streams cleanly, and answers the request in flight', async () => {
    const token = await login(web, SUPERUSER.email, SUPERUSER.password);
    const stream = openChangeStream(web, token);
    expect(await stream.next('ready', 0)).toBe(true);
    const requestId = `half-sent-login-${randomUUID()}`;
    const inFlight = await openHalfSentLogin(web, requestId, SUPERUSER);
    await web.waitForLog(`"reqId":"${requestId}"`);

    const signalledAt = Date.now();
    web.child.kill('SIGTERM');
    const ready = await eventually(
      () => fetch(`${web.url}/healthz/ready`),
      (r) => r.status === 503,
      'ready answers 503',
      5_000,
    );
    expect(Date.now() - signalledAt).toBeLessThan(1_000);
    expect(await ready.json()).toEqual({ detail: 'Shutting down' });
    // Draining: requests are still answered, and the stream is still open.
    expect((await fetch(`${web.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(stream.endedAs()).toBeUndefined();

    // Past the drain the server closes: the stream is ended by the server, not cut.
    expect(await stream.ended).toBe('clean');
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100);
    await web.waitForLog('stopped accepting connections');
    inFlight.finish();
    const answer = parseAnswer(await inFlight.answer);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ access_token: expect.any(String) });
    expect(await web.exited).toBe(0);
    expect(web.output()).toContain('every request in flight was answered');
    expect(web.output()).not.toContain('requests still open');
  });
});
