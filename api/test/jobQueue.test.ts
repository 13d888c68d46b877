import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { bossDb } from '../src/notifications/jobQueue.js';

describe('the job queue after stop', () => {
  // A fetch in flight at stop may still hand jobs to pg-boss, which then completes or fails them.
  it('runs nothing on the closing database, and pg-boss can still read every answer', async () => {
    let ran = 0;
    const closingDb = {
      executeQuery: async () => {
        ran += 1;
        throw new Error('the database is closed');
      },
    } as unknown as Db;
    const boss = new PgBoss({ db: bossDb(closingDb, { isClosed: () => true }), schema: 'closed_jobs' });
    const id = '00000000-0000-4000-8000-000000000000';
    await expect(boss.complete('emails', id)).resolves.toEqual({ jobs: [id], requested: 1, affected: 0 });
    await expect(boss.fail('emails', id, { message: 'x' })).resolves.toEqual({ jobs: [id], requested: 1, affected: 0 });
    await expect(boss.fetch('emails')).resolves.toEqual([]);
    expect(ran).toBe(0);
  });
});
