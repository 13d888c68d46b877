import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lettingTheLoopTurn } from '../../src/db/database.js';
import { IN_PROCESS_TRIGGERS_PER_STATEMENT } from '../../src/ingest/store.js';
import { fixture, send, storedAlerts } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { body, createTestApp, TEST_DB, type TestApp, type TestUser } from '../helpers/testApp.js';

// PGlite runs each statement on the API's own thread and resolves its answer as a microtask,
// so a route awaiting statement after statement held the event loop for all of them (a
// 1,000-alert ingest body: 250-300 ms of one thread; a bulk close of 100 alerts likewise).
// The loop must turn between long runs of statements, and one body's triggers are split into
// statements of bounded size. `npm run bench:oncall` measures the holds; these check the means.

/** The turns of the event loop (setImmediate callbacks run) while `work` runs. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const turn = () => {
    if (done) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    done = true;
  }
  return turns;
}

/** A stand-in for PGlite whose every statement holds the thread for `holdMs`, as a large one does. */
function busyClient(holdMs: number) {
  let statements = 0;
  const client = {
    async query() {
      const until = performance.now() + holdMs;
      while (performance.now() < until) {
        // the statement's work, on this thread
      }
      statements++;
      return { rows: [], fields: [] };
    },
    get statements() {
      return statements;
    },
  };
  return client;
}

describe('statements on the API thread let the event loop turn', () => {
  it('turns the loop after a statement that held it longer than the bound, never for short ones', async () => {
    const slow = busyClient(15);
    const wrapped = lettingTheLoopTurn(slow as unknown as PGlite);
    const turns = await turnsDuring(async () => {
      for (let i = 0; i < 5; i++) await wrapped.query('SELECT 1');
    });
    expect(slow.statements).toBe(5);
    expect(turns).toBeGreaterThanOrEqual(5);
    // The same five statements unwrapped: the loop never turns until they are all done.
    const bare = busyClient(15);
    expect(
      await turnsDuring(async () => {
        for (let i = 0; i < 5; i++) await bare.query();
      }),
    ).toBe(0);
    // Short statements pay nothing: at most the first turns the loop (the wrapper cannot know when
    // it last turned before), none between them.
    const quick = lettingTheLoopTurn(busyClient(0) as unknown as PGlite);
    expect(
      await turnsDuring(async () => {
        for (let i = 0; i < 20; i++) await quick.query('SELECT 1');
      }),
    ).toBeLessThanOrEqual(1);
  });

  it('keeps the client its own for everything but query', async () => {
    const client = {
      marker: 42,
      close: function (this: { marker: number }) {
        return this.marker;
      },
      query: async () => ({ rows: [] }),
    };
    const wrapped = lettingTheLoopTurn(client as unknown as PGlite) as unknown as typeof client;
    expect(wrapped.marker).toBe(42);
    // Called detached, as PGlite's own code calls some of its methods: still the client's.
    const close = wrapped.close as () => number;
    expect(close()).toBe(42);
  });
});

describe.skipIf(TEST_DB !== 'pglite')('a 1,000-alert body on PGlite', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is stored whole, in statements of at most 100 triggers, the loop turning between them', async () => {
    expect(IN_PROCESS_TRIGGERS_PER_STATEMENT).toBe(100);
    const integration = await createIntegration(t, owner);
    const webhook = fixture('alertmanager-v4');
    webhook.alerts = Array.from({ length: 1000 }, (_, i) => ({
      status: 'firing',
      labels: { alertname: 'NodeDown', instance: `node-${i}`, severity: 'critical' },
      annotations: { summary: `node-${i} is down` },
      startsAt: '2025-03-04T10:15:30.123Z',
      fingerprint: `node-${String(i).padStart(4, '0')}`,
    }));
    let res: Awaited<ReturnType<typeof send>> | undefined;
    const turns = await turnsDuring(async () => {
      res = await send(t, integration, webhook);
    });
    expect(res?.statusCode).toBe(202);
    const answer = body(res as NonNullable<typeof res>) as { alerts: { result: string }[] };
    expect(answer.alerts).toHaveLength(1000);
    expect(answer.alerts.every((a) => a.result === 'created')).toBe(true);
    expect(await storedAlerts(t, integration.id)).toHaveLength(1000);
    // Ten statements of 100 rows: each longer than the bound on any machine seen (20-30 ms).
    expect(turns).toBeGreaterThanOrEqual(5);
    // Sent again, every alert is found across the parts and counted once more.
    const again = await send(t, integration, webhook);
    expect((body(again) as { alerts: { result: string }[] }).alerts.every((a) => a.result === 'updated')).toBe(true);
    expect(await storedAlerts(t, integration.id)).toHaveLength(1000);
  });
});
