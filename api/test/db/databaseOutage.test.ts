import Fastify from 'fastify';
import PgBoss from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import { isConnectionError, retryWhileUnreachable } from '../../src/db/connectionErrors.js';
import type { Db } from '../../src/db/database.js';
import { DatabaseOutage } from '../../src/db/outage.js';
import { errorHandlerPlugin } from '../../src/errors.js';
import { bossDb } from '../../src/notifications/jobQueue.js';
import { JobWorker } from '../../src/notifications/jobWorker.js';

/**
 * The pieces that turn a lost database into 503s, quiet logs and retries, without a database
 * (the real thing, under load, is connectionLoss.test.ts and databaseRestart.test.ts).
 */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const terminated = () => withCode('terminating connection due to administrator command', '57P01');

describe('a connection error', () => {
  it('is told from an error of the statement', () => {
    const lost = [
      terminated(),
      withCode('the database system is shutting down', '57P03'),
      withCode('the database system is in recovery mode', '57P02'),
      withCode('connection failure', '08006'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      // pg-boss appends the queue to its worker's errors, and emits copies of them.
      { message: 'Connection terminated unexpectedly (Queue: notification-email, Worker: 1)', stack: '' },
      // Both addresses of "localhost" refused.
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ];
    for (const error of lost) expect(isConnectionError(error), String((error as Error).message)).toBe(true);
    const statementErrors = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('relation "alerts" does not exist', '42P01'),
      withCode('canceling statement due to statement timeout', '57014'),
      new Error('boom'),
      'Connection terminated',
      null,
    ];
    for (const error of statementErrors) expect(isConnectionError(error), String(error)).toBe(false);
  });

  it('is retried while the deadline allows, and nothing else is', async () => {
    let calls = 0;
    const answer = await retryWhileUnreachable(async () => {
      calls += 1;
      if (calls < 3) throw terminated();
      return 'recorded';
    }, Date.now() + 10_000);
    expect([answer, calls]).toEqual(['recorded', 3]);

    calls = 0;
    const wrong = withCode('syntax error', '42601');
    await expect(
      retryWhileUnreachable(async () => {
        calls += 1;
        throw wrong;
      }, Date.now() + 10_000),
    ).rejects.toBe(wrong);
    expect(calls).toBe(1);
    // Past the deadline the connection error itself is thrown.
    await expect(retryWhileUnreachable(() => Promise.reject(terminated()), Date.now())).rejects.toMatchObject({ code: '57P01' });
  });
});

describe('the outage watch', () => {
  const logged = () => {
    const lines: string[] = [];
    const log = { error: (_: unknown, msg: string) => lines.push(msg), info: (_: unknown, msg: string) => lines.push(msg) };
    return { lines, log: log as never };
  };

  it('logs one line when the database goes and one when it is back, whatever fails in between', () => {
    const { lines, log } = logged();
    const outage = new DatabaseOutage();
    outage.logTo(log);
    outage.succeeded(0);
    outage.failed(withCode('duplicate key', '23505'), 1);
    expect(lines).toEqual([]);

    outage.failed(terminated(), 10);
    for (let at = 11; at < 20; at++) outage.failed(withCode('connect ECONNREFUSED', 'ECONNREFUSED'), at);
    expect(outage.isDown).toBe(true);
    expect(lines).toEqual(['database unreachable: requests answer 503 until it is back']);

    // A statement that began before the outage and still succeeded says nothing of now.
    outage.succeeded(-1);
    expect(outage.isDown).toBe(true);
    outage.succeeded(performance.now());
    expect(outage.isDown).toBe(false);
    // A straggler of that outage (begun before it ended) does not start another.
    outage.failed(terminated(), 15);
    expect(lines).toEqual(['database unreachable: requests answer 503 until it is back', 'database reachable again']);

    outage.failed(terminated(), performance.now());
    expect(lines).toHaveLength(3);
  });
});

describe('a request while the database is away', () => {
  it('is answered 503 with Retry-After and a FastAPI detail, and logs nothing of its own', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    await app.register(errorHandlerPlugin);
    app.get('/cut', async () => {
      throw terminated();
    });
    app.get('/refused', async () => {
      throw new Error('Connection terminated due to connection timeout', { cause: withCode('connect ETIMEDOUT', 'ETIMEDOUT') });
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    for (const url of ['/cut', '/refused']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ detail: 'Database unavailable, please try again later' });
    }
    expect(lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
    // Anything else is still the 500 whose cause goes to the log.
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    expect(lines.filter((line) => JSON.parse(line).level >= 50)).toHaveLength(1);
    await app.close();
  });
});

describe('the job outcome commands on a lost database', () => {
  // pg-boss's own worker sent them without awaiting; ours sends and awaits them (jobWorker.ts).
  const lostDb = { executeQuery: () => Promise.reject(terminated()) } as unknown as Db;
  const id = '00000000-0000-4000-8000-000000000000';

  it('resolve with nothing done (the job is retried once it expires) instead of an unhandled rejection', async () => {
    const errors: unknown[] = [];
    const boss = new PgBoss({ db: bossDb(lostDb), schema: 'lost_jobs' });
    let handled = 0;
    const worker = new JobWorker(
      {
        fetch: async () => (handled === 0 ? [{ id }] : []),
        complete: (ids) => boss.complete('emails', ids),
        fail: (ids) => boss.fail('emails', ids),
      },
      async () => {
        handled += 1;
      },
      {
        batchSize: 2,
        pollingIntervalMs: 10,
        log: { error: (e: unknown) => errors.push(e) } as never,
        isQuiet: isConnectionError,
      },
    );
    worker.start();
    await vi.waitFor(() => expect(handled).toBe(1));
    await worker.stop();
    // Logged once as an outage elsewhere, not here.
    expect(errors).toEqual([]);
    // Its other statements are awaited (a fetch, maintenance): they fail, and are tried again later.
    await expect(bossDb(lostDb).executeSql('SELECT $1::int AS n', [1])).rejects.toMatchObject({ code: '57P01' });
  });

  it('reach our own callers, who retry them', async () => {
    const boss = new PgBoss({ db: bossDb(lostDb), schema: 'lost_jobs' });
    await expect(boss.fail('emails', id, { message: 'x' })).rejects.toMatchObject({ code: '57P01' });
  });
});
