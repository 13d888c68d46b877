import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSettings } from '../helpers/settings.js';
import { body, createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Sign-up is a run-time setting (docs/api/security.md): open by default, as the spec has it;
 * closed by a superuser, POST /users/signup is a 403 before its body is read, and the sign-up
 * page learns it from GET /settings/public, which needs no login.
 */
const CLOSED = 'Sign-up is closed: ask an administrator for an account';

let t: TestApp;

const setSignup = (open: boolean) => changeSettings(t, { signup_open: open });
const signup = (payload: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/signup', payload, headers: { 'content-type': 'application/json', ...headers } });
const publicSettings = () => t.app.inject({ method: 'GET', url: '/api/v1/settings/public' });
const usersNamed = (email: string) => t.db.selectFrom('users').select('id').where('email', '=', email).execute();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-up setting', () => {
  it('is open by default: anyone reads so without a login, and signs up', async () => {
    const res = await publicSettings();
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ signup_open: true, sso_provider_name: null, password_login_superusers_only: false });
    const made = await signup({ email: 'open-door@example.com', password: 'password-123', full_name: 'Open Door' });
    expect(made.statusCode, made.body).toBe(200);
    expect(await usersNamed('open-door@example.com')).toHaveLength(1);
  });

  it('closed: POST /users/signup is 403 with the reason and stores nothing; the public settings say so', async () => {
    await setSignup(false);
    expect(body(await publicSettings())).toEqual({ signup_open: false, sso_provider_name: null, password_login_superusers_only: false });
    const refused = await signup({ email: 'stranger@example.com', password: 'password-123', full_name: 'Stranger' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toEqual({ detail: CLOSED });
    expect(await usersNamed('stranger@example.com')).toEqual([]);
  });

  it('closed: refuses before the body is read, so a malformed or oversized one is the same 403', async () => {
    await setSignup(false);
    for (const payload of [
      '{not json',
      JSON.stringify({ email: 'x' }),
      JSON.stringify({ email: 'big@example.com', password: 'p'.repeat(2_000_000) }),
    ]) {
      const res = await signup(payload);
      expect(res.statusCode, payload.slice(0, 20)).toBe(403);
      expect(body(res)).toEqual({ detail: CLOSED });
    }
    // A session changes nothing: closed is closed for everyone on this route.
    const user = await t.createUser();
    const withSession = await signup({ email: 'second@example.com', password: 'password-123' }, user.auth);
    expect(withSession.statusCode).toBe(403);
  });

  it('closed: a superuser still creates users', async () => {
    await setSignup(false);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: t.superuser.auth,
      payload: { email: 'made-by-admin@example.com', password: 'password-123', full_name: 'Made By Admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usersNamed('made-by-admin@example.com')).toHaveLength(1);
  });

  it('opened again: sign-up works at once on the replica that changed it', async () => {
    await setSignup(false);
    await setSignup(true);
    expect(body(await publicSettings())).toEqual({ signup_open: true, sso_provider_name: null, password_login_superusers_only: false });
    const res = await signup({ email: 'reopened@example.com', password: 'password-123' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
