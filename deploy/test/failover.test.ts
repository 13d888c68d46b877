import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../api/test/helpers/eventually.js';
import { call, createUser, login } from '../../api/test/helpers/outageApi.js';
import { logLines, OUTAGE_START, openChangeStream } from '../../api/test/helpers/outageLoad.js';
import { serverBinariesOrSkip } from '../../api/test/helpers/privatePostgres.js';
import { ADMIN, type FailoverStack, startFailoverStack } from './helpers/failoverStack.js';
import { type Answer, isSuccess, startTraffic, type Traffic } from './helpers/failoverTraffic.js';
import { sqlAt } from './helpers/postgresCluster.js';

// Vigil as it runs on Kubernetes with CloudNativePG: a primary and a synchronous standby, the
// `-rw` Service's stand-in, two web processes and a worker, under steady ingestion and link
// clicks. The primary is killed and the standby promoted; later a planned switchover. Each run
// prints one line of figures (docs/deploy/testing.md).

/** Ports the cluster's nodes may take (api/test/db's private server takes 8815 to 8819). */
const PORTS = [8840, 8841, 8842, 8843, 8844, 8845, 8846, 8847];
/** The bound docs/deploy/testing.md states: from the first failed request to serving again. */
const RECOVERY_BOUND_SECONDS = 10;
const UNAVAILABLE = 'Database unavailable, please try again later';
/** Notifications not sent yet, and where each is: still in the outbox, or in which job and state. */
const PENDING_NOTIFICATIONS = `
  SELECT n.id, n.attempts, n.last_error,
    EXISTS (SELECT 1 FROM notification_outbox o WHERE o.notification_id = n.id) AS in_outbox,
    (SELECT json_agg(json_build_object('state', j.state, 'retries', j.retry_count, 'started', j.started_on))
       FROM vigil_jobs.job j WHERE j.data->'notificationIds' ? n.id::text) AS jobs
  FROM notifications n WHERE n.status = 'pending'`;

interface Run {
  traffic: Traffic;
  switchStart: number;
  switchEnd: number;
}

describe('PostgreSQL failover and switchover under load', () => {
  const BIN_DIR = serverBinariesOrSkip('initdb, pg_ctl and pg_basebackup');
  if (!BIN_DIR) return;

  let stack: FailoverStack;
  let ingestPath: string;
  let userToken: string;

  beforeAll(async () => {
    stack = await startFailoverStack(BIN_DIR, PORTS);
    const adminToken = await login(stack.web[0]!, ADMIN.email, ADMIN.password);
    // A responder of their own team: each new alert of its integration emails them.
    userToken = await createUser(stack.web[0]!, adminToken);
    const integration = await call<{ ingest_url: string }>(stack.web[0]!, userToken, 'POST', '/api/v1/integration/', {
      title: 'Prometheus',
    });
    ingestPath = new URL(integration.ingest_url).pathname;
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * Traffic before, during and after `change`, until both web processes have served it again
   * for a while and their live change feeds hear the new primary's changes.
   */
  async function underTraffic(change: () => Promise<void>): Promise<Run> {
    const streams = stack.web.map((web) => openChangeStream(web, userToken));
    for (const stream of streams) expect(await stream.next('ready', 0)).toBe(true);
    const traffic = startTraffic(stack, ingestPath);
    const { answers } = traffic;
    await traffic.until(() => answers.filter(isSuccess).length >= 60 && traffic.acknowledged.size >= 10, 'traffic flows');
    const switchStart = Date.now();
    await change();
    const switchEnd = Date.now();
    const servedAgain = (web: number) => answers.filter((a) => a.web === web && a.sentAt > switchEnd && isSuccess(a)).length >= 30;
    await traffic.until(() => servedAgain(0) && servedAgain(1), 'both web processes serve again');

    // The change feed listens on the new primary (it reconnects with a growing pause) and the
    // streams hear its changes: the open one, or a new one where the outage ended it cleanly.
    const listeners = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`;
    await eventually(
      async () => (await sqlAt(stack.primaryUrl(), listeners))[0].n,
      (n) => n >= 2,
      'both change feeds listen again',
    );
    const since = Date.now();
    for (const [i, stream] of streams.entries()) {
      if (await within(15_000, stream.next('alerts-changed', since))) continue;
      expect(stream.endedAs(), `web ${i}'s open stream heard no change and was not ended`).toBe('clean');
      const fresh = openChangeStream(stack.web[i]!, userToken);
      expect(await within(15_000, fresh.next('ready', 0))).toBe(true);
      expect(await within(15_000, fresh.next('alerts-changed', Date.now())), `web ${i}'s new stream hears changes`).toBe(true);
      fresh.close();
    }
    for (const stream of streams) stream.close();
    await traffic.stop();
    return { traffic, switchStart, switchEnd };
  }

  it('loses nothing when the primary is killed and the standby promoted', async () => {
    const run = await underTraffic(async () => {
      await stack.cluster.killPrimary();
      await stack.cluster.promoteStandby();
      stack.followPrimary();
    });
    const recovery = recoverySeconds(run.traffic.answers);
    report('failover', run, recovery);
    await expectNothingLost(run.traffic);
    expect(recovery).toBeLessThanOrEqual(RECOVERY_BOUND_SECONDS);
  }, 90_000);

  it('fails no request sent after the old primary stopped in a planned switchover, and loses nothing', async () => {
    await stack.cluster.addStandby();
    let stoppedAt = 0;
    const run = await underTraffic(async () => {
      // New connections wait at the Service while the primary changes; open ones end with it.
      stack.proxy.pause();
      ({ stoppedAt } = await stack.cluster.switchover());
      stack.followPrimary();
      stack.proxy.resume();
    });
    report('switchover', run, recoverySeconds(run.traffic.answers));
    await expectNothingLost(run.traffic);
    // Only a request whose statement ran as the primary stopped may fail: none before, and none
    // sent after it stopped (they wait at the Service while the standby is promoted).
    const outside = run.traffic.answers.filter((a) => !isSuccess(a) && (a.at < run.switchStart || a.sentAt >= stoppedAt));
    expect(outside).toEqual([]);
  }, 90_000);

  async function expectNothingLost(traffic: Traffic): Promise<void> {
    const processes = [...stack.web, stack.worker];
    expect(processes.map((p) => p.child.exitCode)).toEqual([null, null, null]);
    // Never a 500: a success, or the outage's 503 with Retry-After.
    const unexpected = traffic.answers.filter(
      (a) => !isSuccess(a) && !(a.status === 503 && a.retryAfter === '5' && a.detail === UNAVAILABLE),
    );
    expect(unexpected).toEqual([]);
    const errorLines = processes.flatMap((p) => logLines(p).filter((line) => line.level >= 50 && line.msg !== OUTAGE_START));
    expect(errorLines).toEqual([]);

    const primary = stack.primaryUrl();
    const ingested = [...traffic.ingested];
    const stored = await sqlAt<{ id: string }>(primary, 'SELECT id FROM alerts WHERE id = ANY($1::uuid[])', [ingested]);
    expect(ingested.length - stored.length, 'alerts answered 2xx and missing').toBe(0);
    const notAcknowledged = await sqlAt(primary, `SELECT id FROM alerts WHERE id = ANY($1::uuid[]) AND state <> 'acknowledged'`, [
      [...traffic.acknowledged],
    ]);
    expect(notAcknowledged).toEqual([]);

    // The worker sends everything: every alert's notification sent, each by exactly one email.
    await eventually(
      () => sqlAt(primary, PENDING_NOTIFICATIONS),
      (pending) => pending.length === 0,
      'every notification sent (each pending one with its outbox row and jobs)',
      30_000,
    );
    const notifications = await sqlAt<{ alert_id: string; status: string }>(
      primary,
      'SELECT alert_id, status FROM notifications WHERE alert_id = ANY($1::uuid[])',
      [ingested],
    );
    expect(notifications.filter((n) => n.status !== 'sent')).toEqual([]);
    const emails = emailsPerAlert();
    const notSentOnce = notifications.map((n) => [n.alert_id, emails.get(n.alert_id) ?? 0]).filter(([, count]) => count !== 1);
    expect(notSentOnce).toEqual([]);
    expect(notifications.length).toBe(ingested.length);
  }

  function emailsPerAlert(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const message of stack.mail.messages) {
      const alertId = /\/actions\/([0-9a-f-]{36})\?/.exec(message.text)?.[1];
      if (alertId) counts.set(alertId, (counts.get(alertId) ?? 0) + 1);
    }
    return counts;
  }
});

/** What `waiting` resolves to, or false once `ms` have passed. */
function within(ms: number, waiting: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([waiting, timeout]).finally(() => clearTimeout(timer));
}

/** From the first failed answer to the first success after the last one; 0 when none failed. */
function recoverySeconds(answers: Answer[]): number {
  const failed = answers.filter((a) => !isSuccess(a));
  if (failed.length === 0) return 0;
  const first = Math.min(...failed.map((a) => a.at));
  const last = Math.max(...failed.map((a) => a.at));
  const recovered = Math.min(...answers.filter((a) => isSuccess(a) && a.at > last).map((a) => a.at));
  return (recovered - first) / 1000;
}

/** The run's figures, one line. */
function report(name: string, { traffic, switchStart, switchEnd }: Run, recovery: number): void {
  const { answers } = traffic;
  const count = (match: (a: Answer) => boolean) => answers.filter(match).length;
  console.log(
    `${name}: switch ${((switchEnd - switchStart) / 1000).toFixed(2)} s, recovery ${recovery.toFixed(2)} s, ` +
      `${count((a) => a.status === 503)} answers 503 of ${answers.length} requests ` +
      `(${count((a) => a.kind === 'ingest')} ingest, ${count((a) => a.kind === 'acknowledge')} acknowledge), ` +
      `${count((a) => !isSuccess(a) && a.status !== 503)} other failures, ${traffic.ingested.size} alerts ingested`,
  );
}
