import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from './helpers/testApp.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('login and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      headers: FORM,
      payload: new URLSearchParams({ username, password }).toString(),
    });

  it('answers a bearer token for a right email and password, the email in any case', async () => {
    const user = await t.createUser({ email: 'login-case@example.com', password: 'right-password' });
    const res = await login('LOGIN-Case@Example.com', 'right-password');
    expect(res.statusCode).toBe(200);
    const token = body(res);
    expect(token.token_type).toBe('bearer');
    expect(token.access_token.split('.')).toHaveLength(3);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/test-token',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(body(me)).toMatchObject({ id: user.id, email: 'login-case@example.com' });
  });

  it('answers 400 "Incorrect email or password" (never 401) for a wrong password or an unknown email', async () => {
    const user = await t.createUser({ password: 'right-password' });
    for (const res of [await login(user.email, 'wrong-password'), await login('nobody@example.com', 'whatever-pw')]) {
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ detail: 'Incorrect email or password' });
    }
  });

  it('requires username and password: 422 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login/access-token', headers: FORM, payload: 'password=x' });
    expect(res.statusCode).toBe(422);
    expect(body(res).detail).toContainEqual({ loc: ['body', 'username'], msg: 'Field required', type: 'missing' });
  });

  it('refuses missing, malformed, forged and expired tokens with 401 "Could not validate credentials"', async () => {
    const user = await t.createUser();
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-key-of-sufficient-length!!'));
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.secretKey));
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer not.a.token',
      `Basic ${user.token}`,
      `Bearer ${forged}`,
      `Bearer ${expired}`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/login/test-token', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(body(res)).toEqual({ detail: 'Could not validate credentials' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('a token of a deleted user is refused', async () => {
    const user = await t.createUser();
    await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: t.superuser.auth });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth })).statusCode).toBe(401);
  });
});

const TOO_MANY = { detail: 'Too many requests, please try again later' };

describe('rate limits of login, password recovery and reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { login: 3, passwordRecovery: 2, publicAlert: 1000 } });
  });
  afterAll(() => t.close());

  it('answers 429 past the per-minute limit of login attempts from one address', async () => {
    // createTestApp logged the superuser in once already.
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login/access-token',
        headers: FORM,
        payload: 'username=x@example.com&password=wrong-password',
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(body(res)).toEqual(TOO_MANY);
    }
    expect(codes).toEqual([400, 400, 429, 429]);
  });

  it('limits password recovery requests too', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery/someone@example.com' }));
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 429]);
    expect(body(answers[2]!)).toEqual(TOO_MANY);
  });

  it('limits password resets too', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/reset-password/',
          payload: { token: 'guessed-token', new_password: 'guess-password' },
        }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 429]);
    expect(body(answers[2]!)).toEqual(TOO_MANY);
  });

  it('documents the 429 answer of each limited route in the OpenAPI document', async () => {
    const { paths } = body(await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }));
    for (const path of ['/api/v1/login/access-token', '/api/v1/password-recovery/{email}', '/api/v1/reset-password/']) {
      expect(Object.keys(paths[path].post.responses), path).toContain('429');
    }
  });
});
