import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../src/settings/service.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

const URL = '/api/v1/settings/';

let t: TestApp;
let user: TestUser;

const stored = async () => (await t.db.selectFrom('app_settings').selectAll().executeTakeFirstOrThrow()).require_signed_links;

describe('settings API', () => {
  beforeAll(async () => {
    t = await createTestApp({ signedLinkTtlHours: 48 });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts with signed links not required and sign-up open, and names the links lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: t.superuser.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ require_signed_links: false, signed_link_ttl_hours: 48, signup_open: true });
  });

  it('is for superusers only: anonymous 401, a user 403, before the body is looked at', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const anonymous = await t.app.inject({ method, url: URL, payload: method === 'PATCH' ? { bad: 1 } : undefined });
      expect(anonymous.statusCode, method).toBe(401);
      expect(body(anonymous)).toEqual({ detail: 'Could not validate credentials' });
      const ordinary = await t.app.inject({
        method,
        url: URL,
        headers: user.auth,
        payload: method === 'PATCH' ? { require_signed_links: true } : undefined,
      });
      expect(ordinary.statusCode, method).toBe(403);
      expect(body(ordinary)).toEqual({ detail: "The user doesn't have enough privileges" });
    }
    expect(await stored()).toBe(false);
  });

  it('turns the requirement on and off, in the database, recording who', async () => {
    const on = await t.app.inject({ method: 'PATCH', url: URL, headers: t.superuser.auth, payload: { require_signed_links: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(body(on)).toEqual({ require_signed_links: true, signed_link_ttl_hours: 48, signup_open: true });
    const row = await t.db.selectFrom('app_settings').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ require_signed_links: true, updated_by: t.superuser.id });
    expect(body(await t.app.inject({ method: 'GET', url: URL, headers: t.superuser.auth })).require_signed_links).toBe(true);

    const off = await t.app.inject({ method: 'PATCH', url: URL, headers: t.superuser.auth, payload: { require_signed_links: false } });
    expect(body(off).require_signed_links).toBe(false);
    expect(await stored()).toBe(false);
  });

  it('closes and opens sign-up, one setting at a time, recording who', async () => {
    const closed = await t.app.inject({ method: 'PATCH', url: URL, headers: t.superuser.auth, payload: { signup_open: false } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(body(closed)).toEqual({ require_signed_links: false, signed_link_ttl_hours: 48, signup_open: false });
    const row = await t.db.selectFrom('app_settings').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ signup_open: false, require_signed_links: false, updated_by: t.superuser.id });
    const both = await t.app.inject({
      method: 'PATCH',
      url: URL,
      headers: t.superuser.auth,
      payload: { signup_open: true, require_signed_links: false },
    });
    expect(body(both)).toEqual({ require_signed_links: false, signed_link_ttl_hours: 48, signup_open: true });
  });

  it.each([
    [
      'a value that is not a boolean',
      { require_signed_links: 'maybe' },
      ['body', 'require_signed_links'],
      'Input should be a valid boolean',
    ],
    ['an object', { require_signed_links: { on: true } }, ['body', 'require_signed_links'], 'Input should be a valid boolean'],
    ['sign-up as a string', { signup_open: 'false' }, ['body', 'signup_open'], 'Input should be a valid boolean'],
    ['no setting at all', {}, ['body'], 'Dictionary should have at least 1 item after validation, not 0'],
  ])('answers 422 for %s and changes nothing', async (_name, payload, loc, msg) => {
    const res = await t.app.inject({ method: 'PATCH', url: URL, headers: t.superuser.auth, payload });
    expect(res.statusCode).toBe(422);
    expect(body(res).detail).toEqual([expect.objectContaining({ loc, msg })]);
    const row = await t.db.selectFrom('app_settings').selectAll().executeTakeFirstOrThrow();
    expect([row.require_signed_links, row.signup_open]).toEqual([false, true]);
  });

  it('holds across API replicas: each reads the shared row, at most once per cache period', async () => {
    let nowMs = 0;
    const replicaA = new SettingsStore(t.db, () => nowMs, 5_000);
    const replicaB = new SettingsStore(t.db, () => nowMs, 5_000);
    const actor = { userId: t.superuser.id, tokenId: null, label: t.superuser.email, address: null };
    expect((await replicaB.read()).requireSignedLinks).toBe(false);
    await replicaA.update({ requireSignedLinks: true }, actor);
    // The replica that changed it applies it at once; another one when its copy ages out.
    expect((await replicaA.read()).requireSignedLinks).toBe(true);
    expect((await replicaB.read()).requireSignedLinks).toBe(false);
    nowMs = 5_000;
    expect((await replicaB.read()).requireSignedLinks).toBe(true);
    await replicaA.update({ requireSignedLinks: false, signupOpen: false }, actor);
    expect((await replicaB.read()).signupOpen).toBe(true);
    nowMs = 10_000;
    expect(await replicaB.read()).toEqual({ requireSignedLinks: false, signupOpen: false });
    await replicaA.update({ signupOpen: true }, actor);
    expect(await stored()).toBe(false);
  });
});
