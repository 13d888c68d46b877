import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

const NOT_ENOUGH = "The user doesn't have enough privileges";
const EXISTS = 'The user with this email already exists in the system';

describe('users', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createUser({ full_name: 'Alice' });
    bob = await t.createUser({ full_name: 'Bob' });
  });
  afterAll(() => t.close());

  const inject = (method: string, url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers, payload });

  describe('superuser-only routes: anonymous 401, user 403, superuser 200', () => {
    const routes: [string, (id: string) => string, object?][] = [
      ['GET', () => '/users/'],
      ['POST', () => '/users/', { email: 'new-one@example.com', password: 'password-123' }],
      ['PATCH', (id) => `/users/${id}`, { full_name: 'Renamed' }],
      ['DELETE', (id) => `/users/${id}`],
    ];
    for (const [method, path, payload] of routes) {
      it(`${method} ${path(':id')}`, async () => {
        const victim = await t.createUser();
        const anon = await inject(method, path(victim.id), {}, payload);
        expect(anon.statusCode).toBe(401);
        expect(body(anon)).toEqual({ detail: 'Could not validate credentials' });
        const user = await inject(method, path(victim.id), alice.auth, payload);
        expect(user.statusCode).toBe(403);
        expect(body(user)).toEqual({ detail: NOT_ENOUGH });
        const admin = await inject(method, path(victim.id), t.superuser.auth, payload);
        expect(admin.statusCode).toBe(200);
      });
    }
  });

  describe('login routes: no token or a bad one is 401 "Could not validate credentials", and nothing changes', () => {
    const routes: [string, (id: string) => string, object?][] = [
      ['GET', () => '/users/me'],
      ['PATCH', () => '/users/me', { full_name: 'Intruder' }],
      ['DELETE', () => '/users/me'],
      ['PATCH', () => '/users/me/password', { current_password: 'user-password-1', new_password: 'intruder-password' }],
      ['GET', (id) => `/users/${id}`],
    ];
    for (const [method, path, payload] of routes) {
      it(`${method} ${path(':id')}`, async () => {
        const headerSets: Record<string, string>[] = [
          {},
          { authorization: 'Bearer not.a.token' },
          { authorization: `Bearer ${alice.token}x` },
        ];
        for (const headers of headerSets) {
          const res = await inject(method, path(alice.id), headers, payload);
          expect(res.statusCode, JSON.stringify(headers)).toBe(401);
          expect(body(res)).toEqual({ detail: 'Could not validate credentials' });
          expect(res.headers['www-authenticate']).toBe('Bearer');
        }
        expect(body(await inject('GET', '/users/me', alice.auth))).toMatchObject({ id: alice.id, full_name: 'Alice' });
      });
    }
  });

  it('lists users with a count and pages them; nobody sees a password', async () => {
    const all = body(await inject('GET', '/users/?skip=0&limit=100', t.superuser.auth));
    expect(all.count).toBe(all.data.length);
    expect(all.data.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining([alice.email, bob.email, t.superuser.email]));
    const page = body(await inject('GET', '/users/?skip=1&limit=1', t.superuser.auth));
    expect(page.data).toHaveLength(1);
    expect(page.data[0].id).toBe(all.data[1].id);
    expect(page.count).toBe(all.count);
    expect(JSON.stringify(all)).not.toMatch(/password/i);
  });

  it('GET /users/me answers the caller; a user may read themself but not others', async () => {
    const me = body(await inject('GET', '/users/me', alice.auth));
    expect(me).toMatchObject({ id: alice.id, email: alice.email, full_name: 'Alice', is_active: true, is_superuser: false });
    expect(me).not.toHaveProperty('hashed_password');
    expect((await inject('GET', `/users/${alice.id}`, alice.auth)).statusCode).toBe(200);
    const other = await inject('GET', `/users/${bob.id}`, alice.auth);
    expect(other.statusCode).toBe(403);
    expect(body(other).detail).toBe(NOT_ENOUGH);
    expect(body(await inject('GET', `/users/${bob.id}`, t.superuser.auth)).email).toBe(bob.email);
  });

  it('unknown user id is 404 "User not found"; a malformed id is 422', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const res = await inject(method, `/users/${unknown}`, t.superuser.auth, method === 'PATCH' ? { full_name: 'x' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ detail: 'User not found' });
    }
    const bad = await inject('GET', '/users/not-a-uuid', t.superuser.auth);
    expect(bad.statusCode).toBe(422);
    expect(body(bad).detail[0].loc).toEqual(['path', 'user_id']);
  });

  it('signup is open, makes an active ordinary user, refuses a role in the body, and refuses a taken email case-insensitively', async () => {
    const sneaky = { email: 'Signup@Example.com', password: 'password-123', full_name: 'New Person', is_superuser: true };
    const refused = await inject('POST', '/users/signup', {}, sneaky);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).detail).toEqual([
      { loc: ['body', 'is_superuser'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
    const res = await inject(
      'POST',
      '/users/signup',
      {},
      { email: 'Signup@Example.com', password: 'password-123', full_name: 'New Person' },
    );
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ email: 'Signup@Example.com', full_name: 'New Person', is_active: true, is_superuser: false });
    const dup = await inject('POST', '/users/signup', {}, { email: 'signup@example.COM', password: 'password-123' });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toEqual({ detail: EXISTS });
    expect(await t.login('SIGNUP@example.com', 'password-123')).toBeTruthy();
  });

  it('validates signup: email format, password 8 to 128, full name up to 255', async () => {
    const cases: [object, (string | number)[], string][] = [
      [{ email: 'nope', password: 'password-123' }, ['body', 'email'], 'value is not a valid email address'],
      [{ email: 'a@example.com', password: 'short' }, ['body', 'password'], 'String should have at least 8 characters'],
      [{ email: 'a@example.com', password: 'x'.repeat(129) }, ['body', 'password'], 'String should have at most 128 characters'],
      [
        { email: 'a@example.com', password: 'password-123', full_name: 'x'.repeat(256) },
        ['body', 'full_name'],
        'String should have at most 255 characters',
      ],
      [{ password: 'password-123' }, ['body', 'email'], 'Field required'],
    ];
    for (const [payload, loc, msg] of cases) {
      const res = await inject('POST', '/users/signup', {}, payload);
      expect(res.statusCode).toBe(422);
      expect(body(res).detail).toContainEqual(expect.objectContaining({ loc, msg }));
    }
    expect(
      body(await inject('GET', '/users/?limit=100', t.superuser.auth)).data.some((u: { email: string }) => u.email === 'a@example.com'),
    ).toBe(false);
  });

  it('a superuser creates a user; a duplicate is 409; the new user gets a welcome email without the password', async () => {
    const res = await inject('POST', '/users/', t.superuser.auth, {
      email: 'made@example.com',
      password: 'secret-pass-9',
      full_name: 'Made',
      is_superuser: true,
      is_active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ email: 'made@example.com', is_superuser: true });
    const dup = await inject('POST', '/users/', t.superuser.auth, { email: 'MADE@example.com', password: 'secret-pass-9' });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).detail).toBe(EXISTS);
    const mail = await t.mail.waitFor((m) => m.to.includes('made@example.com'));
    expect(mail.subject).toContain('New account');
    expect(mail.text).toContain('http://console.test/login');
    expect(mail.text + mail.html).not.toContain('secret-pass-9');
  });

  it('PATCH /users/me changes name and email; a taken email is 409', async () => {
    const user = await t.createUser();
    const res = await inject('PATCH', '/users/me', user.auth, { full_name: 'Changed Name', email: `changed-${user.email}` });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ full_name: 'Changed Name', email: `changed-${user.email}` });
    const taken = await inject('PATCH', '/users/me', user.auth, { email: alice.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toEqual({ detail: EXISTS });
    expect(body(await inject('GET', '/users/me', user.auth)).email).toBe(`changed-${user.email}`);
  });

  it('PATCH /users/me/password: wrong current 400, same 400, success ends old tokens', async () => {
    const user = await t.createUser({ password: 'first-password' });
    const wrong = await inject('PATCH', '/users/me/password', user.auth, {
      current_password: 'not-it-at-all',
      new_password: 'second-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toEqual({ detail: 'Incorrect password' });
    const same = await inject('PATCH', '/users/me/password', user.auth, {
      current_password: 'first-password',
      new_password: 'first-password',
    });
    expect(same.statusCode).toBe(400);
    expect(body(same)).toEqual({ detail: 'New password cannot be the same as the current one' });
    const short = await inject('PATCH', '/users/me/password', user.auth, { current_password: 'first-password', new_password: 'short' });
    expect(short.statusCode).toBe(422);
    const ok = await inject('PATCH', '/users/me/password', user.auth, {
      current_password: 'first-password',
      new_password: 'second-password',
    });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toEqual({ message: 'Password updated successfully' });
    expect((await inject('GET', '/users/me', user.auth)).statusCode).toBe(401);
    await expect(t.login(user.email, 'first-password')).rejects.toThrow();
    expect(await t.login(user.email, 'second-password')).toBeTruthy();
  });

  it('DELETE /users/me deletes an ordinary user; a superuser gets 403', async () => {
    const user = await t.createUser();
    const res = await inject('DELETE', '/users/me', user.auth);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ message: 'User deleted successfully' });
    expect((await inject('GET', '/users/me', user.auth)).statusCode).toBe(401);
    const admin = await inject('DELETE', '/users/me', t.superuser.auth);
    expect(admin.statusCode).toBe(403);
    expect(body(admin)).toEqual({ detail: 'Super users are not allowed to delete themselves' });
  });

  it('superuser edits a user; absent password unchanged; new password or deactivation voids their tokens', async () => {
    const user = await t.createUser({ password: 'original-pass' });
    const edit = await inject('PATCH', `/users/${user.id}`, t.superuser.auth, { full_name: 'Edited', is_superuser: false });
    expect(body(edit)).toMatchObject({ full_name: 'Edited' });
    expect((await inject('GET', '/users/me', user.auth)).statusCode).toBe(200);
    expect(await t.login(user.email, 'original-pass')).toBeTruthy();

    await inject('PATCH', `/users/${user.id}`, t.superuser.auth, { password: 'replaced-pass' });
    expect((await inject('GET', '/users/me', user.auth)).statusCode).toBe(401);
    const token = await t.login(user.email, 'replaced-pass');

    const off = await inject('PATCH', `/users/${user.id}`, t.superuser.auth, { is_active: false });
    expect(body(off).is_active).toBe(false);
    expect((await inject('GET', '/users/me', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${encodeURIComponent(user.email)}&password=replaced-pass`,
    });
    expect(login.statusCode).toBe(400);
    expect(body(login)).toEqual({ detail: 'Inactive user' });

    const taken = await inject('PATCH', `/users/${user.id}`, t.superuser.auth, { email: bob.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toEqual({ detail: EXISTS });
    expect(body(await inject('GET', `/users/${user.id}`, t.superuser.auth)).email).toBe(user.email);
  });

  it('a superuser cannot delete, demote or deactivate themself through /users/{id}', async () => {
    const del = await inject('DELETE', `/users/${t.superuser.id}`, t.superuser.auth);
    expect(del.statusCode).toBe(403);
    expect(body(del)).toEqual({ detail: 'Super users are not allowed to delete themselves' });
    const demote = await inject('PATCH', `/users/${t.superuser.id}`, t.superuser.auth, { is_superuser: false });
    expect(demote.statusCode).toBe(403);
    expect(body(await inject('GET', '/users/me', t.superuser.auth)).is_superuser).toBe(true);
  });

  it('deleting a user leaves what they made with its team, made by nobody now', async () => {
    const user = await t.createUser();
    const alert = body(await inject('POST', '/alert/', user.auth, { title: 'Disk full' }));
    const integration = body(await inject('POST', '/integration/', user.auth, { title: 'Prometheus' }));
    const before = body(await inject('GET', '/alert/?limit=1', t.superuser.auth)).count;
    expect((await inject('DELETE', `/users/${user.id}`, t.superuser.auth)).statusCode).toBe(200);
    expect(body(await inject('GET', `/alert/${alert.id}`))).toMatchObject({ owner_id: null, team_id: alert.team_id });
    expect(body(await inject('GET', `/integration/${integration.id}`, t.superuser.auth))).toMatchObject({
      owner_id: null,
      team_id: integration.team_id,
    });
    expect(body(await inject('GET', '/alert/?limit=1', t.superuser.auth)).count).toBe(before);
    const team = body(await inject('GET', `/teams/${alert.team_id}`, t.superuser.auth));
    expect(team.members).toEqual([]);
  });
});
