import PgBoss from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { bossDb, JobQueueStopped } from '../../src/notifications/jobQueue.js';
import { type JobSource, JobWorker } from '../../src/notifications/jobWorker.js';

describe('the job queue after stop', () => {
  // pg-boss's maintenance may still be under way when the queue stops and the database closes.
  it('runs nothing on the closing database', async () => {
    let ran = 0;
    const closingDb = {
      executeQuery: async () => {
        ran += 1;
        throw new Error('the database is closed');
      },
    } as unknown as Db;
    const boss = new PgBoss({ db: bossDb(closingDb, { isClosed: () => true }), schema: 'closed_jobs' });
    const id = '00000000-0000-4000-8000-000000000000';
    await expect(boss.complete('emails', id)).rejects.toBeInstanceOf(JobQueueStopped);
    await expect(boss.fail('emails', id, { message: 'x' })).rejects.toBeInstanceOf(JobQueueStopped);
    expect(ran).toBe(0);
  });
});

/** A queue of the given batches, recording what the worker did with each job. */
function fakeSource(batches: { id: string }[][]) {
  const outcomes: string[] = [];
  const source: JobSource<{ id: string }> = {
    fetch: async () => batches.shift() ?? [],
    complete: async (ids) => outcomes.push(...ids.map((id) => `completed ${id}`)),
    fail: async (ids, error) => outcomes.push(...ids.map((id) => `failed ${id}: ${error.message}`)),
  };
  return { source, outcomes };
}

const quietLog = { error: () => {} } as never;
const options = { batchSize: 2, pollingIntervalMs: 60_000, log: quietLog, isQuiet: () => false };

describe('the job worker', () => {
  it('completes the jobs of a batch its handler finished, fails those of one it threw on', async () => {
    const { source, outcomes } = fakeSource([[{ id: 'a' }, { id: 'b' }], [{ id: 'c' }]]);
    const worker = new JobWorker(
      source,
      async (jobs) => {
        if (jobs[0]?.id === 'c') throw new Error('smtp down');
      },
      options,
    );
    worker.start();
    // A full batch is followed by another fetch at once, not after the polling pause.
    await vi.waitFor(() => expect(outcomes).toEqual(['completed a', 'completed b', 'failed c: smtp down']));
    await worker.stop();
  });

  it('finishes the batch under way and records its outcome before stop resolves', async () => {
    const { source, outcomes } = fakeSource([[{ id: 'a' }]]);
    let release = () => {};
    let started = false;
    const worker = new JobWorker(
      source,
      () => {
        started = true;
        return new Promise<void>((resolve) => (release = resolve));
      },
      options,
    );
    worker.start();
    await vi.waitFor(() => expect(started).toBe(true));
    const stopped = worker.stop();
    setTimeout(() => release(), 50);
    await stopped;
    expect(outcomes).toEqual(['completed a']);
  });

  it('fetches again when woken during the polling pause', async () => {
    const { source, outcomes } = fakeSource([[], [{ id: 'late' }]]);
    const worker = new JobWorker(source, async () => {}, options);
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    worker.wake();
    await vi.waitFor(() => expect(outcomes).toEqual(['completed late']));
    await worker.stop();
  });

  it('logs an outcome it could not record (other than a lost database), and goes on', async () => {
    const errors: string[] = [];
    const worker = new JobWorker(
      {
        fetch: async () => [{ id: 'a' }],
        complete: async () => {
          throw new Error('permission denied for table job');
        },
        fail: async () => {},
      },
      async () => {},
      { ...options, pollingIntervalMs: 10, batchSize: 2, log: { error: (_: unknown, message: string) => errors.push(message) } as never },
    );
    worker.start();
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2));
    await worker.stop();
    expect(new Set(errors)).toEqual(new Set(['job outcome not recorded: the job is retried once it expires']));
  });
});
