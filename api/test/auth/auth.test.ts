import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords.js';
import { body, createTestApp, type TestApp, testConfig } from '../helpers/testApp.js';

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

/** A 429's Retry-After: whole seconds, within the minute of the limit's window. */
function expectRetryAfter(res: { headers: Record<string, unknown> }) {
  const wait = Number(res.headers['retry-after']);
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
}

describe('rate limits of login, password recovery and reset, sign-up and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { ...testConfig().rateLimit, login: 3, passwordRecovery: 2, signup: 2, passwordChange: 2 } });
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
      if (res.statusCode === 429) {
        expect(body(res)).toEqual(TOO_MANY);
        expectRetryAfter(res);
      }
    }
    expect(codes).toEqual([400, 400, 429, 429]);
  });

  it('limits sign-ups per address (each runs argon2 for anyone): 429 with Retry-After, no account made', async () => {
    const signup = (email: string, remoteAddress = '192.0.2.40') =>
      t.app.inject({ method: 'POST', url: '/api/v1/users/signup', remoteAddress, payload: { email, password: 'signup-password-1' } });
    expect((await signup('first-signup@example.com')).statusCode).toBe(200);
    expect((await signup('second-signup@example.com')).statusCode).toBe(200);
    const refused = await signup('third-signup@example.com');
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual(TOO_MANY);
    expectRetryAfter(refused);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'third-signup@example.com').execute()).toEqual([]);
    expect((await signup('elsewhere-signup@example.com', '192.0.2.41')).statusCode).toBe(200);
  });

  it('limits password changes per address: a stolen token cannot guess the current password fast', async () => {
    // Made and signed in without the login route, whose limit this suite spends.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: t.superuser.auth,
      payload: { email: 'changer@example.com', password: 'first-password' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const token = await t.parts.tokens.sign({ userId: body(made).id, version: 0 });
    const change = (current_password: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me/password',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: '192.0.2.50',
        payload: { current_password, new_password: 'second-password' },
      });
    expect((await change('guess-one')).statusCode).toBe(400);
    expect((await change('guess-two')).statusCode).toBe(400);
    const refused = await change('first-password');
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual(TOO_MANY);
    expectRetryAfter(refused);
    // Refused before anything ran: the password is still the first one.
    const stored = await t.db
      .selectFrom('users')
      .select('hashed_password')
      .where('email', '=', 'changer@example.com')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(stored.hashed_password, 'first-password')).toBe(true);
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

  it('documents the 429 answer, with its Retry-After, of each limited route in the OpenAPI document', async () => {
    const { paths } = body(await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }));
    const limited: [string, string][] = [
      ['/api/v1/login/access-token', 'post'],
      ['/api/v1/password-recovery/{email}', 'post'],
      ['/api/v1/reset-password/', 'post'],
      ['/api/v1/users/signup', 'post'],
      ['/api/v1/users/me/password', 'patch'],
      ['/api/v1/alert/{id}', 'get'],
      ['/api/v1/alert/acknowledge/{id}', 'post'],
      ['/api/v1/alert/close/{id}', 'post'],
      ['/api/v1/alert/escalate/{id}', 'post'],
    ];
    for (const [path, method] of limited) {
      const tooMany = paths[path][method].responses['429'];
      expect(tooMany, `${method} ${path}`).toBeDefined();
      expect(tooMany.headers['Retry-After'].schema.type, `${method} ${path}`).toBe('integer');
      expect(tooMany.content['application/json'].schema, `${method} ${path}`).toEqual({ $ref: '#/components/schemas/HTTPError' });
    }
  });
});
