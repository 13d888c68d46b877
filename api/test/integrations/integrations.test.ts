import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectWithoutPasswords } from '../helpers/api.js';
import { teamOf } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

const BASE = '/api/v1/integration';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

/** Every answer of this suite goes through here: none may carry a password or its hash. */
const call = (options: InjectOptions) => injectWithoutPasswords(t, options);

async function createIntegration(user: TestUser, payload: Record<string, unknown> = {}) {
  const res = await call({ method: 'POST', url: `${BASE}/`, headers: user.auth, payload: { title: 'Prometheus', ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res);
}

const countFor = async (user: TestUser) => body(await call({ method: 'GET', url: `${BASE}/?limit=1`, headers: user.auth })).count as number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  other = await t.createUser();
});

afterAll(async () => {
  await t?.close();
});

describe('create', () => {
  it('creates an integration owned by the caller', async () => {
    const integration = await createIntegration(owner, { title: 'Grafana', description: 'dashboards' });
    expect(integration).toMatchObject({ title: 'Grafana', description: 'dashboards', owner_id: owner.id });
    // The ingest key and URL are answered on creation only (see ingestKeys.test.ts).
    expect(Object.keys(integration).sort()).toEqual([
      'created_at',
      'description',
      'escalation_policy_id',
      'group_by',
      'group_window_minutes',
      'has_ingest_key',
      'id',
      'ingest_key',
      'ingest_url',
      'owner_id',
      'team_id',
      'title',
    ]);
    expect(new Date(integration.created_at).toISOString()).toBe(integration.created_at);
  });

  it('defaults the description to null', async () => {
    expect((await createIntegration(owner)).description).toBeNull();
  });

  it.each([
    ['a title too long', { title: 'x'.repeat(256) }, ['body', 'title'], 'String should have at most 255 characters'],
    ['an empty title', { title: '' }, ['body', 'title'], 'String should have at least 1 character'],
    ['a missing title', {}, ['body', 'title'], 'Field required'],
    [
      'a description too long',
      { title: 'ok', description: 'x'.repeat(4097) },
      ['body', 'description'],
      'String should have at most 4096 characters',
    ],
  ])('answers 422 for %s', async (_name, payload, loc, msg) => {
    const res = await call({ method: 'POST', url: `${BASE}/`, headers: owner.auth, payload });
    expect(res.statusCode).toBe(422);
    expect(body(res).detail).toContainEqual(expect.objectContaining({ loc, msg }));
  });
});

describe('permissions', () => {
  let mine: { id: string };
  beforeAll(async () => {
    mine = await createIntegration(owner, { title: 'Owned' });
  });

  it.each([
    ['GET', `${BASE}/`],
    ['POST', `${BASE}/`],
    ['GET', `${BASE}/${NO_SUCH_ID}`],
    ['DELETE', `${BASE}/${NO_SUCH_ID}`],
    ['PATCH', `${BASE}/${NO_SUCH_ID}`],
    // Anonymous callers get the 401 before any validation.
    ['GET', `${BASE}/not-a-uuid`],
  ] as const)('%s %s without a token → 401', async (method, url) => {
    const payload = method === 'POST' ? { title: 'x' } : method === 'PATCH' ? { escalation_policy_id: null } : undefined;
    const res = await call({ method, url, payload });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ detail: 'Could not validate credentials' });
  });

  it('the owner reads it', async () => {
    const res = await call({ method: 'GET', url: `${BASE}/${mine.id}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ id: mine.id, title: 'Owned' });
  });

  it('another user neither lists, reads, changes nor deletes it', async () => {
    const list = body(await call({ method: 'GET', url: `${BASE}/`, headers: other.auth }));
    expect(list.data.map((i: { id: string }) => i.id)).not.toContain(mine.id);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const payload = method === 'PATCH' ? { escalation_policy_id: null } : undefined;
      const res = await call({ method, url: `${BASE}/${mine.id}`, headers: other.auth, payload });
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ detail: 'Integration not found' });
    }
    expect((await call({ method: 'GET', url: `${BASE}/${mine.id}`, headers: owner.auth })).statusCode).toBe(200);
  });

  it('the superuser lists, reads and changes everyone’s', async () => {
    const list = body(await call({ method: 'GET', url: `${BASE}/`, headers: t.superuser.auth }));
    expect(list.data.map((i: { id: string }) => i.id)).toContain(mine.id);
    expect((await call({ method: 'GET', url: `${BASE}/${mine.id}`, headers: t.superuser.auth })).statusCode).toBe(200);
    const patched = await call({
      method: 'PATCH',
      url: `${BASE}/${mine.id}`,
      headers: t.superuser.auth,
      payload: { escalation_policy_id: null },
    });
    expect(body(patched)).toMatchObject({ id: mine.id, title: 'Owned', escalation_policy_id: null });
  });

  it('has no per-integration escalation route: levels are a policy’s (/escalation-policies)', async () => {
    const payload = { contacts: [['ops@example.com']], escalate_after_minutes: 5, max_level: 2 };
    const res = await call({ method: 'PUT', url: `${BASE}/${mine.id}/escalation-policy`, headers: owner.auth, payload });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ detail: 'Not Found' });
  });

  it('the owner deletes theirs, the superuser anyone’s', async () => {
    for (const [creator, deleter] of [
      [owner, owner],
      [other, t.superuser],
    ] as const) {
      const { id } = await createIntegration(creator);
      const res = await call({ method: 'DELETE', url: `${BASE}/${id}`, headers: deleter.auth });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ message: 'Integration deleted successfully' });
      const gone = await call({ method: 'GET', url: `${BASE}/${id}`, headers: t.superuser.auth });
      expect(gone.statusCode).toBe(404);
      expect(body(gone)).toEqual({ detail: 'Integration not found' });
    }
  });

  it('an unknown id is 404, a malformed one 422 at path.id', async () => {
    const unknown = await call({ method: 'GET', url: `${BASE}/${NO_SUCH_ID}`, headers: owner.auth });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toEqual({ detail: 'Integration not found' });
    const malformed = await call({ method: 'DELETE', url: `${BASE}/not-a-uuid`, headers: owner.auth });
    expect(malformed.statusCode).toBe(422);
    expect(body(malformed).detail).toEqual([{ loc: ['path', 'id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }]);
  });

  it('deleting an integration keeps its alerts, detached', async () => {
    const { id } = await createIntegration(owner);
    const alert = await t.db
      .insertInto('alerts')
      .values({ title: 'from an integration', owner_id: owner.id, team_id: await teamOf(t, owner), integration_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await call({ method: 'DELETE', url: `${BASE}/${id}`, headers: owner.auth });
    const res = await call({ method: 'GET', url: `/api/v1/alert/${alert.id}` });
    expect(res.statusCode).toBe(200);
    expect(body(res).integration_id).toBeNull();
  });
});

describe('list', () => {
  it('lists newest first with skip and limit', async () => {
    const user = await t.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await createIntegration(user, { title: `i${i}` })).id);
    const newestFirst = [...ids].reverse();
    const all = body(await call({ method: 'GET', url: `${BASE}/`, headers: user.auth }));
    expect(all.count).toBe(4);
    expect(all.data.map((i: { id: string }) => i.id)).toEqual(newestFirst);
    const page = body(await call({ method: 'GET', url: `${BASE}/?skip=2&limit=1`, headers: user.auth }));
    expect(page.count).toBe(4);
    expect(page.data.map((i: { id: string }) => i.id)).toEqual(newestFirst.slice(2, 3));
  });

  it('caps limit at 100 and rejects a negative skip', async () => {
    const user = await t.createUser();
    const team_id = await teamOf(t, user);
    await t.db
      .insertInto('integrations')
      .values(Array.from({ length: 103 }, (_, i) => ({ title: `bulk ${i}`, owner_id: user.id, team_id })))
      .execute();
    const res = body(await call({ method: 'GET', url: `${BASE}/?limit=500`, headers: user.auth }));
    expect(res.data).toHaveLength(100);
    expect(res.count).toBe(103);
    const bad = await call({ method: 'GET', url: `${BASE}/?skip=-1`, headers: user.auth });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).detail[0]).toMatchObject({ loc: ['query', 'skip'] });
  });

  it('keeps counts exact through creates, deletes and the deletion of their maker', async () => {
    const user = await t.createUser();
    const superBefore = await countFor(t.superuser);
    const first = await createIntegration(user);
    await createIntegration(user);
    expect(await countFor(user)).toBe(2);
    expect(await countFor(t.superuser)).toBe(superBefore + 2);
    await call({ method: 'DELETE', url: `${BASE}/${first.id}`, headers: user.auth });
    expect(await countFor(user)).toBe(1);
    expect(await countFor(t.superuser)).toBe(superBefore + 1);
    const res = await call({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: t.superuser.auth });
    expect(res.statusCode, res.body).toBe(200);
    // The integration stays with its team (docs/api/teams.md).
    expect(await countFor(t.superuser)).toBe(superBefore + 1);
  });
});
