import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCreate } from '../../src/alerts/schema.js';
import { createAlert } from '../helpers/alerts.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

const BASE = '/api/v1/alert';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

const create = async (user: TestUser, title: string, severity: AlertCreate['severity'] = 'warning') =>
  (await createAlert(t, user, { title, severity })).id;
const act = (action: string, id: string) => t.app.inject({ method: 'POST', url: `${BASE}/${action}/${id}` });
const list = async (user: TestUser, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/?${query}`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  const page = body(res) as { data: { title: string; state: string; severity: string }[]; count: number };
  return { titles: page.data.map((a) => a.title).sort(), count: page.count };
};

describe('the alert list people work from', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    stranger = await t.createUser();
    ids.disk = await create(owner, 'Disk full on db-1', 'critical');
    ids.cpu = await create(owner, 'CPU high on web-2', 'high');
    ids.mem = await create(owner, 'Memory 50% on cache', 'warning');
    ids.net = await create(owner, 'Packet loss on edge', 'critical');
    ids.theirs = await create(stranger, 'Disk full on their box', 'critical');
    expect((await act('acknowledge', ids.cpu as string)).statusCode).toBe(200);
    expect((await act('close', ids.net as string)).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('filters by state and severity, with exact counts, and only over the caller’s alerts', async () => {
    expect(await list(owner, 'state=open')).toEqual({ titles: ['Disk full on db-1', 'Memory 50% on cache'], count: 2 });
    expect(await list(owner, 'state=open&state=acknowledged&limit=1')).toMatchObject({ count: 3 });
    expect(await list(owner, 'severity=critical')).toEqual({ titles: ['Disk full on db-1', 'Packet loss on edge'], count: 2 });
    expect(await list(owner, 'severity=critical&state=closed')).toEqual({ titles: ['Packet loss on edge'], count: 1 });
    // A superuser sees everyone's.
    expect((await list(t.superuser, 'q=disk full')).count).toBe(2);
  });

  it('searches titles in any case, with % and _ taken literally', async () => {
    expect(await list(owner, 'q=DISK')).toEqual({ titles: ['Disk full on db-1'], count: 1 });
    expect(await list(owner, `q=${encodeURIComponent('50%')}`)).toEqual({ titles: ['Memory 50% on cache'], count: 1 });
    expect(await list(owner, `q=${encodeURIComponent('%')}`)).toEqual({ titles: ['Memory 50% on cache'], count: 1 });
    expect(await list(owner, 'q=_')).toEqual({ titles: [], count: 0 });
  });

  it('answers 422 naming the bad filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/?state=sleeping`, headers: owner.auth });
    expect(res.statusCode).toBe(422);
    expect(body(res).detail[0].loc).toEqual(['query', 'state', 0]);
    const long = await t.app.inject({ method: 'GET', url: `${BASE}/?q=${'x'.repeat(101)}`, headers: owner.auth });
    expect(long.statusCode).toBe(422);
  });

  it('bulk-acknowledges with one outcome per id, each recorded in the history', async () => {
    const fresh = await create(owner, 'Bulk one');
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/bulk`,
      headers: owner.auth,
      payload: { action: 'acknowledge', ids: [fresh, ids.cpu, ids.net, ids.theirs, NO_SUCH_ID] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({
      changed: 1,
      results: [
        { id: fresh, outcome: 'changed', state: 'acknowledged' },
        { id: ids.cpu, outcome: 'unchanged', state: 'acknowledged' },
        { id: ids.net, outcome: 'conflict', state: 'closed' },
        { id: ids.theirs, outcome: 'not_found', state: null },
        { id: NO_SUCH_ID, outcome: 'not_found', state: null },
      ],
    });
    const events = body(await t.app.inject({ method: 'GET', url: `${BASE}/${fresh}/events`, headers: owner.auth }));
    expect(events.data).toMatchObject([{ action: 'acknowledge', via: 'console', actor_id: owner.id, to_state: 'acknowledged' }]);
    // The stranger's alert did not move.
    expect(body(await t.app.inject({ method: 'GET', url: `${BASE}/${ids.theirs}` })).state).toBe('open');
  });

  it('bulk-closes, and refuses bad bulk bodies with 422 changing nothing', async () => {
    const a = await create(owner, 'Bulk close a');
    const b = await create(owner, 'Bulk close b');
    const closed = await t.app.inject({
      method: 'POST',
      url: `${BASE}/bulk`,
      headers: owner.auth,
      payload: { action: 'close', ids: [a, b] },
    });
    expect(body(closed).changed).toBe(2);
    for (const payload of [
      { action: 'close', ids: [] },
      { action: 'escalate', ids: [a] },
      { action: 'close', ids: ['not-a-uuid'] },
      { action: 'close', ids: Array.from({ length: 101 }, () => NO_SUCH_ID) },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: `${BASE}/bulk`, headers: owner.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/bulk`, payload: { action: 'close', ids: [a] } })).statusCode).toBe(401);
  });

  it('gives the dashboard open alerts by severity, MTTA and MTTR', async () => {
    const acked = await create(stranger, 'Stats acked', 'high');
    const closed = await create(stranger, 'Stats closed', 'info');
    // Created 10 and 20 minutes ago, acted on now.
    await sql`UPDATE alerts SET created_at = now() - interval '10 minutes' WHERE id = ${acked}`.execute(t.db);
    await sql`UPDATE alerts SET created_at = now() - interval '20 minutes' WHERE id = ${closed}`.execute(t.db);
    await act('acknowledge', acked);
    await act('close', closed);
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/stats`, headers: stranger.auth });
    expect(res.statusCode, res.body).toBe(200);
    const stats = body(res);
    expect(stats.open_by_severity).toEqual({ critical: 1, high: 1, warning: 0, info: 0 });
    expect(stats.mtta_seconds).toBeGreaterThan(595);
    expect(stats.mtta_seconds).toBeLessThan(660);
    expect(stats.mttr_seconds).toBeGreaterThan(1195);
    expect(stats.mttr_seconds).toBeLessThan(1260);
    expect(stats.window_days).toBe(30);
    const none = body(await t.app.inject({ method: 'GET', url: `${BASE}/stats`, headers: (await t.createUser()).auth }));
    expect(none).toEqual({
      open_by_severity: { critical: 0, high: 0, warning: 0, info: 0 },
      mtta_seconds: null,
      mttr_seconds: null,
      window_days: 30,
    });
  });
});
