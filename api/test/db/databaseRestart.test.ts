import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from '../helpers/apiProcess.js';
import { eventually } from '../helpers/eventually.js';
import { ADMIN, call, emailsPerTitle, listening, login, sqlOn, startOutageApi } from '../helpers/outageApi.js';
import {
  isOutage,
  isSuccess,
  logLines,
  OUTAGE_END,
  OUTAGE_START,
  openChangeStream,
  startLoad,
  unexpectedErrorLines,
  unexpectedOutcomes,
} from '../helpers/outageLoad.js';
import { type PrivatePostgres, serverBinariesOrSkip, startPrivatePostgres } from '../helpers/privatePostgres.js';
import { SmtpSink } from '../helpers/smtpSink.js';
import { TEST_DB } from '../helpers/testApp.js';

/** Ports this test's own server may take (the machine's shared one on 5432 is never restarted). */
const PORTS = [8815, 8816, 8817, 8818, 8819];

/**
 * A real API process whose PostgreSQL server stops and starts again under load, as in a
 * restart or a failover: while it is down every route answers 503 with Retry-After and the
 * log says so once; once it is back the same process serves everything again, its job queue,
 * escalation timer and live change feed included, with no restart.
 */
describe.skipIf(TEST_DB !== 'postgres')('a PostgreSQL restart under load', () => {
  const BIN_DIR = serverBinariesOrSkip();
  if (!BIN_DIR) return;

  let server: PrivatePostgres;
  let api: ApiProcess;
  const mail = new SmtpSink();

  beforeAll(async () => {
    await mail.start();
    server = await startPrivatePostgres(BIN_DIR, PORTS);
    api = await startOutageApi(server.url, mail);
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await server?.dispose();
    await mail.stop();
  });

  it('answers 503 with Retry-After while it is down, logs the outage once, and serves again once it is back', async () => {
    const token = await login(api, ADMIN.email, ADMIN.password);
    const stream = openChangeStream(api, token);
    expect(await stream.next('ready', 0)).toBe(true);
    const load = startLoad(api, token);
    await load.until((o) => o.filter(isSuccess).length >= 20);

    await server.stop();
    const stoppedAt = load.outcomes.length;
    // Down: the routes' 503s, and the health check's, for as long as it lasts.
    await load.until((o) => o.slice(stoppedAt).filter(isOutage).length >= 20);
    const health = await fetch(`${api.url}/api/v1/utils/health-check/`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(await health.json()).toEqual({ detail: 'Database unavailable' });
    await api.waitForLog(OUTAGE_START);

    await server.start();
    const startedAt = load.outcomes.length;
    await load.until((o) => o.slice(startedAt).filter(isSuccess).length >= 20);
    await load.stop();

    expect(api.child.exitCode).toBeNull();
    expect(unexpectedOutcomes(load.outcomes)).toEqual([]);
    const lines = logLines(api);
    expect(lines.filter((l) => l.msg === OUTAGE_START)).toHaveLength(1);
    expect(lines.filter((l) => l.msg === OUTAGE_END)).toHaveLength(1);
    expect(unexpectedErrorLines(api)).toEqual([]);

    // The change feed listens again (it retries with a growing pause): streams hear changes.
    const databaseName = new URL(server.url).pathname.slice(1);
    await eventually(() => listening(server.url, databaseName), 'the change feed listens again', 30_000);
    const fresh = openChangeStream(api, token);
    expect(await fresh.next('ready', 0)).toBe(true);
    const changedAt = Date.now();
    const title = `After the restart ${randomUUID().slice(0, 8)}`;
    const alert = await call<{ id: string }>(api, token, 'POST', '/api/v1/alert/', { title });
    expect(await fresh.next('alerts-changed', changedAt)).toBe(true);
    // The stream open through the outage goes on, or was ended cleanly for the console to reconnect.
    if (!(await stream.next('alerts-changed', changedAt))) expect(stream.endedAs()).toBe('clean');
    fresh.close();
    stream.close();

    // The escalation timer goes on: an alert due now (its policy's delay is minutes, so the
    // test makes it due) is escalated within a check or two, and its email sent.
    await sqlOn(server.url, 'UPDATE alerts SET next_escalation_at = now() WHERE id = $1', [alert.id]);
    await mail.waitFor((m) => m.subject.startsWith('[Vigil][ESCALATED L1]') && m.subject.endsWith(` ${title}`), 30_000);

    // The job queue goes on: every alert's email sent exactly once, the outage's included.
    const emails = await emailsPerTitle(server.url, mail, [...load.created, title]);
    expect([...emails].filter(([, count]) => count !== 1)).toEqual([]);
  }, 180_000);
});
