import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_PATH_ON, HOT_PATH_SWITCHES, type HotPath } from '../../src/common/hotPath.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { updateUser } from '../helpers/users.js';

/**
 * The two big lists start from the token's user as this process last read it, and check it
 * against the stored row in the same statement as their page (common/checkedPage.ts). Whatever
 * happened to that user since, it counts at once, exactly as on the routes that read the user
 * first: each case below lists once (the process reads and remembers the user), changes the
 * user, and lists again. The same cases run with the list path's optimizations off
 * (common/hotPath.ts), the benchmark's comparison: both must answer alike.
 */
const LISTS = ['/api/v1/alert/', '/api/v1/integration/'] as const;
const UNAUTHENTICATED = { detail: 'Could not validate credentials' };

let t: TestApp;
const EVERY_OPTIMIZATION_OFF = Object.fromEntries(HOT_PATH_SWITCHES.map((name) => [name, false])) as unknown as HotPath;

const list = (url: string, user: TestUser | { auth: { authorization: string } }, query = '') =>
  t.app.inject({ method: 'GET', url: `${url}${query}`, headers: user.auth });
async function ownOne(user: TestUser): Promise<void> {
  for (const url of LISTS) {
    const res = await t.app.inject({ method: 'POST', url, headers: user.auth, payload: { title: `of ${user.email}` } });
    expect(res.statusCode, res.body).toBe(200);
  }
}

function expect401(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(401);
  expect(body(res)).toEqual(UNAUTHENTICATED);
  expect(res.headers['www-authenticate']).toBe('Bearer');
}

describe.each([
  ['every list optimization on', HOT_PATH_ON],
  ['every list optimization off', EVERY_OPTIMIZATION_OFF],
])('%s', (_setting, hotPath) => {
  beforeAll(async () => {
    t = await createTestApp({}, { hotPath });
  });
  afterAll(async () => t?.close());

  it(hotPath.rememberUsers ? 'remembers the user a list read' : 'remembers no user', async () => {
    const user = await t.createUser();
    expect((await list(LISTS[0], user)).statusCode).toBe(200);
    expect(t.app.authentication.userReads.seenUser(user.id)?.id).toBe(hotPath.rememberUsers ? user.id : undefined);
  });

  describe.each(LISTS)('GET %s', (url) => {
    it('answers a user with nothing yet an empty page and a count of 0', async () => {
      const res = await list(url, await t.createUser());
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ data: [], count: 0 });
    });

    it('is 401 for the token of a user whose password changed, deactivated or deleted since', async () => {
      const changed = await t.createUser();
      const deactivated = await t.createUser();
      const deleted = await t.createUser();
      for (const user of [changed, deactivated, deleted]) {
        await ownOne(user);
        expect(body(await list(url, user)).count).toBe(1);
      }
      await updateUser(t, changed.id, { password: 'another-password-1' });
      await updateUser(t, deactivated.id, { is_active: false });
      const removal = await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${deleted.id}`, headers: t.superuser.auth });
      expect(removal.statusCode).toBe(200);
      for (const user of [changed, deactivated, deleted]) expect401(await list(url, user));
    });

    it('checks the token before the query: 401 for a void token, 422 for a valid one', async () => {
      const user = await t.createUser();
      const bad = await list(url, user, '?limit=0');
      expect(bad.statusCode).toBe(422);
      expect(body(bad).detail[0]).toMatchObject({ loc: ['query', 'limit'] });
      await updateUser(t, user.id, { is_active: false });
      expect401(await list(url, user, '?limit=0'));
      expect401(await list(url, { auth: { authorization: 'Bearer not-a-token' } }, '?limit=0'));
      expect401(await t.app.inject({ method: 'GET', url: `${url}?limit=0` }));
    });

    it('follows a role change at once, with the same token', async () => {
      const user = await t.createUser();
      await ownOne(user);
      await ownOne(await t.createUser());
      const own = body(await list(url, user));
      expect(own.count).toBe(1);
      await updateUser(t, user.id, { is_superuser: true });
      const all = body(await list(url, user));
      expect(all.count).toBe(body(await list(url, t.superuser)).count);
      expect(all.count).toBeGreaterThan(1);
      expect(all.data.some((row: { owner_id: string }) => row.owner_id !== user.id)).toBe(true);
      await updateUser(t, user.id, { is_superuser: false });
      expect(body(await list(url, user))).toEqual(own);
    });

    it('pages a superuser through everyone’s rows, newest first, with the count of all', async () => {
      const count = body(await list(url, t.superuser, '?limit=1')).count as number;
      const ids: string[] = [];
      for (let skip = 0; skip < count; skip += 2) {
        const page = body(await list(url, t.superuser, `?skip=${skip}&limit=2`));
        expect(page.count).toBe(count);
        ids.push(...page.data.map((row: { id: string }) => row.id));
      }
      expect(new Set(ids).size).toBe(count);
      const all = body(await list(url, t.superuser, '?limit=100'));
      expect(all.data.map((row: { id: string }) => row.id)).toEqual(ids);
    });
  });
});
