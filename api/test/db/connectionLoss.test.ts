import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProcess } from '../helpers/apiProcess.js';
import { eventually } from '../helpers/eventually.js';
import { ADMIN, call, createUser, emailsPerTitle, listening, login, sqlOn, startOutageApi } from '../helpers/outageApi.js';
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
import { SmtpSink } from '../helpers/smtpSink.js';
import { TEST_DATABASE_URL, TEST_DB } from '../helpers/testApp.js';

/** Rounds of termination at most: enough for some to catch statements in flight, under any load. */
const MAX_ROUNDS = 15;

/**
 * Every connection of a real API process cut under load (pg_terminate_backend: what an
 * administrator, a pooler or a failover does), several times: the process lives on, each
 * request is answered 2xx or 503, and everything works afterwards. The machine's shared
 * PostgreSQL stays up; the API has a database of its own there, whose sessions alone are cut.
 */
describe.skipIf(TEST_DB !== 'postgres')('connections to PostgreSQL cut under load', () => {
  let api: ApiProcess;
  let database = '';
  let databaseUrl = '';
  const mail = new SmtpSink();

  beforeAll(async () => {
    await mail.start();
    database = `vigil_cut_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await sqlOn(TEST_DATABASE_URL, `CREATE DATABASE ${database}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    api = await startOutageApi(databaseUrl, mail);
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    if (database) await sqlOn(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await mail.stop();
  });

  /** Ends every session of the API's database: its pool's, its job queue's, its LISTEN. */
  const terminateAll = async () => {
    const { rows } = await sqlOn(
      TEST_DATABASE_URL,
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows[0].n as number;
  };

  it('keeps the process alive, answers 2xx or 503 with Retry-After, and serves everything again, the live stream and emails included', async () => {
    const adminToken = await login(api, ADMIN.email, ADMIN.password);
    const watcherToken = await createUser(api, adminToken);
    const stream = openChangeStream(api, watcherToken);
    expect(await stream.next('ready', 0)).toBe(true);
    await eventually(() => listening(TEST_DATABASE_URL, database), 'the change feed listens', 30_000);

    const load = startLoad(api, adminToken);
    await load.until((o) => o.filter(isSuccess).length >= 20);
    // Cut everything, wait for the API to serve again, and again: until some cut caught
    // statements in flight (a 503), which is what used to end the process.
    let rounds = 0;
    while (rounds < 3 || (rounds < MAX_ROUNDS && !load.outcomes.some(isOutage))) {
      rounds += 1;
      expect(await terminateAll()).toBeGreaterThan(0);
      const answered = load.outcomes.length;
      await load.until((o) => o.slice(answered).filter(isSuccess).length >= 10);
    }
    await load.stop();

    expect(api.child.exitCode).toBeNull();
    expect(load.outcomes.some(isOutage), `no cut caught a statement in flight in ${rounds} rounds`).toBe(true);
    expect(unexpectedOutcomes(load.outcomes)).toEqual([]);
    // Each outage told once when it began and once when it ended (the first statement that
    // succeeds after it, a health check at the latest); no stack trace per request.
    const told = (msg: string) => logLines(api).filter((l) => l.msg === msg).length;
    await eventually(
      async () => (await fetch(`${api.url}/api/v1/utils/health-check/`)).status === 200 && told(OUTAGE_END) === told(OUTAGE_START),
      'every outage told to have ended',
      30_000,
    );
    expect(told(OUTAGE_START)).toBeGreaterThanOrEqual(1);
    expect(unexpectedErrorLines(api)).toEqual([]);

    // The change feed listens again: a new stream and the one open through the cuts hear a change.
    await eventually(() => listening(TEST_DATABASE_URL, database), 'the change feed listens again', 30_000);
    const fresh = openChangeStream(api, watcherToken);
    expect(await fresh.next('ready', 0)).toBe(true);
    const changedAt = Date.now();
    const title = `After the cuts ${randomUUID().slice(0, 8)}`;
    await call(api, watcherToken, 'POST', '/api/v1/alert/', { title });
    expect(await fresh.next('alerts-changed', changedAt)).toBe(true);
    // The old stream goes on, or was ended cleanly (its heartbeat found no database) for the console to reconnect.
    if (!(await stream.next('alerts-changed', changedAt))) expect(stream.endedAs()).toBe('clean');
    fresh.close();
    stream.close();

    // Every alert's email was sent, exactly once, cuts or not.
    const emails = await emailsPerTitle(databaseUrl, mail, [...load.created, title]);
    expect([...emails].filter(([, count]) => count !== 1)).toEqual([]);
  }, 180_000);
});
