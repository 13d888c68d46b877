import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { retryWhileUnreachable } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';

/**
 * Settling a claim whose commit went unanswered: tried every second at most, each try on
 * another connection after 15 s without an answer (as a send's record is: delivery.ts).
 */
const SETTLE_RETRY = { maxPauseMs: 1_000, attemptTimeoutMs: 15_000 };

export interface JobClaim<J extends { id: string }> {
  db: Db;
  /** pg-boss's schema: its jobs are in `<schema>.job`. */
  schema: string;
  queue: string;
  /** pg-boss's own fetch, run on the claim's transaction (its `db` option). */
  fetch(trx: Db): Promise<J[]>;
  /** Past this (ms) an unsettled claim is left to expire, as before: pg-boss then retries its jobs. */
  settleWithinMs: number;
  /** Ends the settling (a stopping queue). */
  signal?: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * Claims jobs (pg-boss's fetch: `state = 'active'`, `started_on = now()`) in a transaction of
 * our own, so that the claim's commit is a statement apart, sent once we hold the claimed jobs.
 * A failover can cut the answer to that commit off, while the commit itself reached the new
 * primary or not. Claimed in one statement, as pg-boss does, the jobs were then unknown and
 * stayed active, worked by nobody, until they expired (JOB_EXPIRE_SECONDS, two minutes). Here
 * the claim is settled instead: the jobs still active with the claim's own `started_on` (the
 * transaction's now(), exact to the microsecond; any other claim has another) are ours and
 * are worked now; the others were never claimed (the commit was lost) and the next claim takes
 * them. Nothing is worked twice: a job is ours only if our commit holds and nobody's since.
 * The settling reads under FOR UPDATE, so a commit still under way on the server is waited for.
 * It is our one statement on pg-boss's tables (10's `job`: name, id, state, started_on), run
 * against the real one by api/test/notifications/lostClaim.test.ts.
 */
export async function claimJobs<J extends { id: string }>(claim: JobClaim<J>): Promise<J[]> {
  let claimed: { jobs: J[]; at: string } | undefined;
  try {
    return await claim.db.transaction().execute(async (trx) => {
      const jobs = await claim.fetch(trx);
      if (jobs.length > 0) {
        // now() is the transaction's start: the started_on the fetch gave the jobs it claimed.
        const { rows } = await sql<{ at: string }>`SELECT now()::text AS at`.execute(trx);
        claimed = { jobs, at: rows[0]!.at };
      }
      return jobs;
    });
  } catch (error) {
    // Failed before its commit was sent: the claim is rolled back (by Kysely, or by the server with the connection).
    if (!claimed) throw error;
    return settle(claim, claimed, error);
  }
}

async function settle<J extends { id: string }>(claim: JobClaim<J>, claimed: { jobs: J[]; at: string }, error: unknown): Promise<J[]> {
  const ids = claimed.jobs.map((job) => job.id);
  const ours = await retryWhileUnreachable(
    async () =>
      (
        await sql<{ id: string }>`
          SELECT id FROM ${sql.id(claim.schema, 'job')}
          WHERE name = ${claim.queue} AND id = ANY(${ids}::uuid[]) AND state = 'active' AND started_on = ${claimed.at}::timestamptz
          FOR UPDATE`.execute(claim.db)
      ).rows,
    Date.now() + claim.settleWithinMs,
    { ...SETTLE_RETRY, signal: claim.signal },
  );
  const kept = new Set(ours.map((row) => row.id));
  claim.log.info(
    { jobIds: ids, ours: [...kept], cause: (error as { message?: string }).message },
    'job claim settled after its commit went unanswered',
  );
  return claimed.jobs.filter((job) => kept.has(job.id));
}
