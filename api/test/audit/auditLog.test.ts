import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_BATCH } from '../../src/audit/retention.js';
import { AUDIT_PAGE_MAX } from '../../src/audit/schema.js';
import { answered, callAs } from '../helpers/api.js';
import { AUDIT_LOG } from '../helpers/audit.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Reading the audit log: superusers only, filters, newest-first keyset paging, the JSON lines
 * export, and the retention pass. Entries are written straight into the table (with the
 * instants the test needs); recording itself is auditRecording.test.ts's.
 */
let t: TestApp;
let user: TestUser;
const alice = randomUUID();
const bob = randomUUID();
const token = randomUUID();
const team = randomUUID();
const DAY = 86_400_000;
/** The app's clock: the retention pass reads it. */
const NOW = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ auditLogRetentionDays: 30 }, { now: () => NOW });
  user = await t.createUser();
  await t.db.deleteFrom('audit_log').execute();
  // 12 entries, one a day back from NOW, the newest first in id order too.
  const rows = Array.from({ length: 12 }, (_, i) => {
    const day = 11 - i;
    const byToken = day === 5;
    return {
      at: new Date(NOW.getTime() - day * DAY),
      actor_user_id: byToken ? null : day % 2 === 0 ? alice : bob,
      actor_token_id: byToken ? token : null,
      actor_label: byToken ? 'deploy token' : day % 2 === 0 ? 'alice@example.com' : 'bob@example.com',
      address: '10.0.0.1',
      action: day % 3 === 0 ? 'integration.key_rotated' : day % 3 === 1 ? 'integration.updated' : 'schedule.updated',
      target_type: day % 3 === 2 ? 'schedule' : 'integration',
      target_id: `target-${day % 4}`,
      team_id: day < 3 ? team : null,
      before: JSON.stringify({ title: `before ${day}` }),
      after: JSON.stringify({ title: `after ${day}` }),
    };
  });
  await t.db.insertInto('audit_log').values(rows).execute();
});
afterAll(async () => {
  await t?.close();
});

/** The days back (0 = NOW) of a page's entries, in the order answered. */
const daysOf = (entries: { at: string }[]) => entries.map((e) => Math.round((NOW.getTime() - Date.parse(e.at)) / DAY));
const list = async (query = '') => answered(await callAs(t, t.superuser, 'GET', `${AUDIT_LOG}${query}`));

describe('GET /audit-log/', () => {
  it('answers superusers only: 401 without a login, 403 for anyone else', async () => {
    expect((await t.app.inject({ method: 'GET', url: AUDIT_LOG })).statusCode).toBe(401);
    expect(answered(await callAs(t, user, 'GET', AUDIT_LOG), 403)).toEqual({ detail: "The user doesn't have enough privileges" });
    expect((await callAs(t, user, 'GET', `${AUDIT_LOG}export`)).statusCode).toBe(403);
  });

  it('answers the newest first, with every field', async () => {
    const page = await list();
    expect(daysOf(page.data)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(page.next_before).toBeNull();
    expect(page.data[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      at: '2026-06-01T12:00:00.000Z',
      actor_user_id: alice,
      actor_token_id: null,
      actor_label: 'alice@example.com',
      address: '10.0.0.1',
      action: 'integration.key_rotated',
      target_type: 'integration',
      target_id: 'target-0',
      team_id: team,
      before: { title: 'before 0' },
      after: { title: 'after 0' },
    });
  });

  it('pages by the `before` cursor until the last page', async () => {
    const first = await list('?limit=5');
    expect(daysOf(first.data)).toEqual([0, 1, 2, 3, 4]);
    const second = await list(`?limit=5&before=${first.next_before}`);
    expect(daysOf(second.data)).toEqual([5, 6, 7, 8, 9]);
    const last = await list(`?limit=5&before=${second.next_before}`);
    expect(daysOf(last.data)).toEqual([10, 11]);
    expect(last.next_before).toBeNull();
  });

  it('filters by actor (user or token), action or its prefix, target, team and time', async () => {
    expect(daysOf((await list(`?actor=${alice}`)).data)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(daysOf((await list(`?actor=${token}`)).data)).toEqual([5]);
    expect(daysOf((await list('?action=integration.updated')).data)).toEqual([1, 4, 7, 10]);
    expect(daysOf((await list('?action=integration.*')).data)).toEqual([0, 1, 3, 4, 6, 7, 9, 10]);
    expect(daysOf((await list('?action=integration')).data)).toEqual([]);
    expect(daysOf((await list('?target_type=schedule')).data)).toEqual([2, 5, 8, 11]);
    expect(daysOf((await list('?target_type=integration&target_id=target-0')).data)).toEqual([0, 4]);
    expect(daysOf((await list(`?team_id=${team}`)).data)).toEqual([0, 1, 2]);
    const since = new Date(NOW.getTime() - 4 * DAY).toISOString();
    const until = new Date(NOW.getTime() - DAY).toISOString();
    expect(daysOf((await list(`?since=${since}&until=${until}`)).data)).toEqual([2, 3, 4]);
    expect(daysOf((await list(`?actor=${bob}&action=schedule.*&since=${since}`)).data)).toEqual([]);
    expect(daysOf((await list(`?actor=${bob}&action=schedule.*`)).data)).toEqual([11]);
  });

  it('refuses bad filters and limits with a 422, and caps nothing silently', async () => {
    for (const query of [
      `?limit=${AUDIT_PAGE_MAX + 1}`,
      '?limit=0',
      '?before=abc',
      '?actor=not-a-uuid',
      '?action=DROP%20TABLE',
      '?action=a%25',
      '?target_type=nothing',
      '?since=yesterday',
      `?target_id=${'x'.repeat(101)}`,
    ]) {
      const res = await callAs(t, t.superuser, 'GET', `${AUDIT_LOG}${query}`);
      expect(res.statusCode, query).toBe(422);
    }
    expect((await list(`?limit=${AUDIT_PAGE_MAX}`)).data).toHaveLength(12);
  });
});

describe('GET /audit-log/export', () => {
  it('streams the matching entries as JSON lines, newest first', async () => {
    const res = await callAs(t, t.superuser, 'GET', `${AUDIT_LOG}export?action=integration.*`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.jsonl"$/);
    const lines = res.body.split('\n');
    expect(lines.at(-1)).toBe('');
    const entries = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(daysOf(entries)).toEqual([0, 1, 3, 4, 6, 7, 9, 10]);
    expect(entries[0]).toEqual((await list('?limit=1')).data[0]);
  });

  it('reads past one page of the database, in order, without repeating an entry', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => ({
      at: new Date(NOW.getTime() - 20 * DAY + i),
      actor_label: 'bulk',
      action: 'user.updated',
      target_type: 'user',
      target_id: `bulk-${i}`,
    }));
    await t.db.insertInto('audit_log').values(rows).execute();
    const res = await callAs(t, t.superuser, 'GET', `${AUDIT_LOG}export?action=user.updated`);
    const ids = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).target_id);
    expect(ids).toEqual(rows.map((row) => row.target_id).reverse());
    await t.db.deleteFrom('audit_log').where('actor_label', '=', 'bulk').execute();
  });
});

describe('retention', () => {
  it('deletes entries older than AUDIT_LOG_RETENTION_DAYS in batches, and keeps the rest', async () => {
    const old = Array.from({ length: RETENTION_BATCH + 5 }, (_, i) => ({
      at: new Date(NOW.getTime() - 31 * DAY - i),
      action: 'user.updated',
      target_type: 'user',
      target_id: 'expired',
    }));
    await t.db.insertInto('audit_log').values(old).execute();
    const kept = await t.db.selectFrom('audit_log').select('target_id').where('target_id', '<>', 'expired').execute();
    expect(await t.parts.auditRetention.pass()).toBe(RETENTION_BATCH + 5);
    const left = await t.db.selectFrom('audit_log').select('target_id').execute();
    expect(left).toHaveLength(kept.length);
    expect(left.filter((row) => row.target_id === 'expired')).toEqual([]);
    expect(await t.parts.auditRetention.pass()).toBe(0);
  });
});
