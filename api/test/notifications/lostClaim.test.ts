import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDb, openDatabase } from '../../src/db/database.js';
import { EMAIL_QUEUE, type EmailJobs, JOB_EXPIRE_SECONDS, JobQueue } from '../../src/notifications/jobQueue.js';
import { eventually } from '../helpers/eventually.js';
import { sqlOn } from '../helpers/outageApi.js';
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from '../helpers/privatePostgres.js';
import { TEST_DB, testConfig } from '../helpers/testApp.js';

/** Ports this test's own server may take (the machine's shared one must never hold its commits). */
const PORTS = [8820, 8821, 8822, 8823, 8824];
const BIN_DIR = postgresBinDir();
const REQUIRED = process.env.VIGIL_REQUIRE_POSTGRES === '1';
const DATABASE = 'lost_claim';
/** "Promptly": a few polls after the cut, where an orphaned claim waited for its expiry (120 s). */
const PROMPT_MS = 10_000;

/**
 * A worker's claim of a job (pg-boss's fetch, `state = 'active'`) whose commit's answer a
 * failover cut off: the commit reached the new primary (the standby had confirmed it), or it
 * did not. Either way the job is worked promptly, well before it would expire, and once.
 *
 * The cut, on a private server: its commits wait for a synchronous standby that does not exist
 * (`synchronous_standby_names`), so the claim's commit is written and held unanswered; the
 * test then ends that session (pg_terminate_backend): committed, with no answer, as a primary
 * killed after its standby confirmed. For a commit that never happened, a deferred trigger
 * holds the claim's commit before it is written, and the session is ended there.
 */
describe.skipIf(TEST_DB !== 'postgres')('a job claim lost in flight', () => {
  if (!BIN_DIR) {
    it('needs the PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb and pg_ctl)', (context) => {
      if (REQUIRED) throw new Error('VIGIL_REQUIRE_POSTGRES=1 but no /usr/lib/postgresql/*/bin/initdb: install the postgresql package');
      context.skip('no /usr/lib/postgresql/*/bin/initdb: a private server cannot be started');
    });
    return;
  }

  let server: PrivatePostgres;
  let adminUrl: string;
  let databaseUrl: string;
  let db: OpenDb;
  let queue: JobQueue | undefined;
  const errors: unknown[] = [];
  const log = {
    info: () => {},
    warn: () => {},
    debug: () => {},
    error: (entry: unknown) => errors.push(entry),
  } as never;

  beforeAll(async () => {
    server = await startPrivatePostgres(BIN_DIR, PORTS);
    adminUrl = server.url;
    await sqlOn(adminUrl, `CREATE DATABASE ${DATABASE}`);
    // The server runs with synchronous_commit off; this database's commits wait for the standby.
    await sqlOn(adminUrl, `ALTER DATABASE ${DATABASE} SET synchronous_commit = on`);
    databaseUrl = new URL(`/${DATABASE}`, adminUrl).toString();
    db = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 5 });
  }, 120_000);

  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
  });

  afterAll(async () => {
    await db?.destroy();
    await server?.dispose();
  });

  /** A queue (stopped after the test) with one email job, not worked yet: the job's id. */
  async function queueWithOneJob(): Promise<string> {
    queue = await JobQueue.start(db, testConfig().notifications, log);
    const marker = randomUUID();
    await queue.addEmails(db, [marker]);
    const { rows } = await sqlOn(databaseUrl, `SELECT id FROM vigil_jobs.job WHERE data->'notificationIds' ? $1`, [marker]);
    return rows[0].id;
  }

  /** Works the queue, recording when each job was handed to the handler. */
  function work(): { id: string; at: number }[] {
    const handled: { id: string; at: number }[] = [];
    void queue!.work(async (jobs: EmailJobs) => {
      for (const job of jobs) handled.push({ id: job.id, at: Date.now() });
    });
    return handled;
  }

  /** The session whose open transaction is claiming `jobId` (it holds the row's lock) and waits on `waitEvent`. */
  const claimingSession = (jobId: string, waitEvent: string) =>
    eventually(
      async () =>
        (
          await sqlOn(
            databaseUrl,
            `SELECT a.pid FROM pg_stat_activity a, vigil_jobs.job j
             WHERE j.id = $1 AND a.backend_xid = j.xmax AND a.wait_event = $2`,
            [jobId, waitEvent],
          )
        ).rows[0]?.pid as number | undefined,
      `the claim of ${jobId} waits (${waitEvent})`,
      30_000,
    );

  const stateOf = async (jobId: string) =>
    (await sqlOn(databaseUrl, 'SELECT state FROM vigil_jobs.job WHERE id = $1', [jobId])).rows[0]?.state as string;

  /** Handed to the handler once, promptly after `cutAt`, and completed; no second run follows. */
  async function expectWorkedOnce(handled: { id: string; at: number }[], jobId: string, cutAt: number): Promise<void> {
    await eventually(
      () => stateOf(jobId),
      (state) => state === 'completed',
      `job ${jobId} completed`,
      PROMPT_MS,
    );
    // A second run would come at the next polls (every 0.5 s here): let a few pass.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const runs = handled.filter((h) => h.id === jobId);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.at - cutAt).toBeLessThan(PROMPT_MS);
    expect(PROMPT_MS).toBeLessThan(JOB_EXPIRE_SECONDS * 1000);
  }

  it('works a job whose claim committed but whose answer never came, at once and once', async () => {
    const jobId = await queueWithOneJob();
    // Commits now wait for a standby that never confirms.
    await sqlOn(adminUrl, `ALTER SYSTEM SET synchronous_standby_names = 'nobody'`);
    await sqlOn(adminUrl, 'SELECT pg_reload_conf()');
    await eventually(
      async () => (await sqlOn(databaseUrl, 'SHOW synchronous_standby_names')).rows[0].synchronous_standby_names,
      (names) => names === 'nobody',
      'commits wait for the standby',
    );
    const handled = work();
    try {
      const pid = await claimingSession(jobId, 'SyncRep');
      await sqlOn(adminUrl, 'SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await sqlOn(adminUrl, 'ALTER SYSTEM RESET synchronous_standby_names');
      await sqlOn(adminUrl, 'SELECT pg_reload_conf()');
    }
    const cutAt = Date.now();
    // Committed locally before the session ended: the claim holds, and only its worker knows the job.
    expect(await stateOf(jobId)).not.toBe('created');
    await expectWorkedOnce(handled, jobId, cutAt);
    expect(errors).toEqual([]);
  }, 60_000);

  it('works a job whose claim never committed at the next claim, once', async () => {
    const jobId = await queueWithOneJob();
    const { rows } = await sqlOn(databaseUrl, 'SELECT partition_name FROM vigil_jobs.queue WHERE name = $1', [EMAIL_QUEUE]);
    const partition = `vigil_jobs.${rows[0].partition_name}`;
    // The claim's commit waits in this trigger, before anything is written.
    await sqlOn(
      databaseUrl,
      `CREATE FUNCTION public.hold_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(60); RETURN NULL; END $$`,
    );
    await sqlOn(
      databaseUrl,
      `CREATE CONSTRAINT TRIGGER hold_claim AFTER UPDATE ON ${partition} DEFERRABLE INITIALLY DEFERRED
       FOR EACH ROW WHEN (NEW.state = 'active') EXECUTE FUNCTION public.hold_commit()`,
    );
    const handled = work();
    const pid = await claimingSession(jobId, 'PgSleep');
    // Queued behind the held claim, the trigger goes as soon as the claim is rolled back.
    const dropped = sqlOn(databaseUrl, `DROP TRIGGER hold_claim ON ${partition}`);
    await eventually(
      async () => (await sqlOn(databaseUrl, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'DROP TRIGGER%'`)).rows[0].n,
      (n) => n === 1,
      'the trigger waits to be dropped',
    );
    await sqlOn(adminUrl, 'SELECT pg_terminate_backend($1)', [pid]);
    await dropped;
    const cutAt = Date.now();
    await expectWorkedOnce(handled, jobId, cutAt);
    expect(errors).toEqual([]);
  }, 60_000);
});
