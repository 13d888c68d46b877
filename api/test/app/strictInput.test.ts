import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireClosedBodies } from '../../src/requestValidation.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * No field a caller may not set is applied, and types are as strict as
 * FastAPI's. Each refusal is a 422 naming the field (or a 415), and nothing is stored.
 */
const EXTRA = (field: string) => ({ loc: ['body', field], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
const NUL = (...loc: (string | number)[]) => ({ loc, msg: 'String should not contain NUL characters', type: 'string_nul' });

describe('strict input', () => {
  let t: TestApp;
  let user: TestUser;
  let ingestKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser({ full_name: 'Ordinary' });
    const integration = await t.app.inject({ method: 'POST', url: '/api/v1/integration/', headers: user.auth, payload: { title: 'Prom' } });
    ingestKey = body(integration).ingest_key;
  });
  afterAll(() => t?.close());

  const json = (method: string, url: string, payload: unknown, headers: Record<string, string> = user.auth) =>
    t.app.inject({
      method: method as 'POST',
      url: `/api/v1${url}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const row = (id: string) =>
    t.db
      .selectFrom('users')
      .select(['email', 'full_name', 'is_active', 'is_superuser', 'hashed_password', 'token_version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const alertCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('alerts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('no field a caller may not set is applied', () => {
    for (const [field, value] of [
      ['is_superuser', true],
      ['is_active', false],
      ['password', 'chosen-password-1'],
      ['hashed_password', 'x'],
    ] as const) {
      it(`PATCH /users/me with ${field} is a 422 naming it, and the user row is unchanged`, async () => {
        const before = await row(user.id);
        const res = await json('PATCH', '/users/me', { full_name: 'Renamed', [field]: value });
        expect(res.statusCode).toBe(422);
        expect(body(res).detail).toEqual([EXTRA(field)]);
        expect(await row(user.id)).toEqual(before);
      });
    }

    it('an ordinary user is still refused the admin edit of themself', async () => {
      const res = await json('PATCH', `/users/${user.id}`, { is_superuser: true });
      expect(res.statusCode).toBe(403);
      expect((await row(user.id)).is_superuser).toBe(false);
    });

    it('a superuser edit refuses fields the edit does not have', async () => {
      const res = await json('PATCH', `/users/${user.id}`, { full_name: 'X', token_version: 0 }, t.superuser.auth);
      expect(res.statusCode).toBe(422);
      expect(body(res).detail).toEqual([EXTRA('token_version')]);
    });

    it('creating an alert or an integration refuses an owner or id chosen by the caller', async () => {
      const before = await alertCount();
      const alert = await json('POST', '/alert/', { title: 'Disk', owner_id: t.superuser.id });
      expect(alert.statusCode).toBe(422);
      expect(body(alert).detail).toEqual([EXTRA('owner_id')]);
      expect(await alertCount()).toBe(before);
      const integration = await json('POST', '/integration/', { title: 'Prom', id: '00000000-0000-4000-8000-000000000000' });
      expect(body(integration).detail).toEqual([EXTRA('id')]);
    });

    it('every request body schema of the app is closed: an open one stops start-up', async () => {
      const app = Fastify();
      requireClosedBodies(app);
      expect(() => app.post('/open', { schema: { body: Type.Object({ a: Type.String() }) } }, async () => 'x')).toThrow(
        /POST \/open: the body schema must set additionalProperties: false at body/,
      );
      const nested = Type.Object({ a: Type.Array(Type.Object({ b: Type.String() })) }, { additionalProperties: false });
      expect(() => app.post('/nested', { schema: { body: nested } }, async () => 'x')).toThrow(/at body\.a\[\]/);
      expect(() =>
        app.post('/third-party', { config: { openBody: true }, schema: { body: Type.Object({}) } }, async () => 'x'),
      ).not.toThrow();
      await app.close();
    });
  });

  describe('types are strict, as FastAPI is', () => {
    it('a number where a string is required is a 422 naming the field, and nothing is stored', async () => {
      const before = await alertCount();
      const res = await json('POST', '/alert/', { title: 12345 });
      expect(res.statusCode).toBe(422);
      expect(body(res).detail).toEqual([{ loc: ['body', 'title'], msg: 'Input should be a valid string', type: 'string_type' }]);
      expect(await alertCount()).toBe(before);
      const name = await json('PATCH', '/users/me', { full_name: 12345 });
      expect(body(name).detail).toEqual([{ loc: ['body', 'full_name'], msg: 'Input should be a valid string', type: 'string_type' }]);
    });

    it('a string where a number or a boolean is required is a 422', async () => {
      const policy = await json('POST', '/escalation-policies/', {
        name: 'Typed',
        repeat: '3',
        levels: [{ delay_minutes: null, targets: {} }],
      });
      expect(policy.statusCode).toBe(422);
      expect(body(policy).detail).toEqual([{ loc: ['body', 'repeat'], msg: 'Input should be a valid integer', type: 'integer_type' }]);
      const setting = await json('PATCH', '/settings/', { require_signed_links: 'true' }, t.superuser.auth);
      expect(setting.statusCode).toBe(422);
      expect(body(setting).detail[0].loc).toEqual(['body', 'require_signed_links']);
    });

    it('a form-encoded body on a JSON route is a 415 and creates nothing; the login form stays a form', async () => {
      const before = await alertCount();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/alert/',
        headers: { ...user.auth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'title=Disk+full',
      });
      expect(res.statusCode).toBe(415);
      expect(body(res).detail).toMatch(/^Unsupported media type/);
      expect(await alertCount()).toBe(before);
      expect(await t.login(user.email, user.password)).toBeTruthy();
    });

    it('{} on a PATCH is a 422, and changes nothing', async () => {
      const tooShort = { loc: ['body'], msg: 'Dictionary should have at least 1 item after validation, not 0', type: 'too_short' };
      const before = await row(user.id);
      for (const [url, auth] of [
        ['/users/me', user.auth],
        [`/users/${user.id}`, t.superuser.auth],
      ] as const) {
        const res = await json('PATCH', url, {}, auth);
        expect(res.statusCode, url).toBe(422);
        expect(body(res).detail).toEqual([tooShort]);
      }
      expect(await row(user.id)).toEqual(before);
      const settings = await json('PATCH', '/settings/', {}, t.superuser.auth);
      expect(settings.statusCode).toBe(422);
      expect(body(settings).detail).toEqual([tooShort]);
    });

    it('a NUL character in any string of a body, a query or a path is a 422, never a 500', async () => {
      const before = await alertCount();
      const title = await json('POST', '/alert/', { title: 'a\u0000b' });
      expect(title.statusCode).toBe(422);
      expect(body(title).detail).toEqual([NUL('body', 'title')]);
      const name = await json('PATCH', '/users/me', { full_name: '\u0000' });
      expect(body(name).detail).toEqual([NUL('body', 'full_name')]);
      const signup = await json('POST', '/users/signup', { email: 'nul@example.com', password: 'pass\u0000word-1' }, {});
      expect(body(signup).detail).toEqual([NUL('body', 'password')]);
      const query = await t.app.inject({ method: 'GET', url: '/api/v1/alert/?q=disk%00', headers: user.auth });
      expect(query.statusCode).toBe(422);
      expect(body(query).detail).toEqual([NUL('query', 'q')]);
      const path = await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery/a%00@example.com' });
      expect(path.statusCode).toBe(422);
      expect(await alertCount()).toBe(before);
    });

    it('?skip= and ?limit= past their maximum are a 422, never a 500; a limit up to it is still capped at 100', async () => {
      for (const url of ['/alert/', '/integration/', `/alert/${'0'.repeat(8)}-0000-4000-8000-000000000000/events`]) {
        for (const query of [
          'skip=100001',
          'skip=1e400',
          'skip=99999999999999999999',
          'limit=10001',
          'limit=1e400',
          'skip=-1',
          'limit=0',
        ]) {
          const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}?${query}`, headers: user.auth });
          expect(res.statusCode, `${url}?${query}`).toBe(422);
          expect(body(res).detail[0].loc[0]).toBe('query');
        }
      }
      const deep = await t.app.inject({ method: 'GET', url: '/api/v1/users/?skip=100001', headers: t.superuser.auth });
      expect(body(deep).detail).toEqual([
        { loc: ['query', 'skip'], msg: 'Input should be less than or equal to 100000', type: 'less_than_equal' },
      ]);
      const capped = await t.app.inject({ method: 'GET', url: '/api/v1/alert/?skip=100000&limit=10000', headers: user.auth });
      expect(capped.statusCode).toBe(200);
    });

    it('an ingest call with a wrong key is a 401 whatever its body: not JSON, a form, another media type', async () => {
      const bodies: [string, string][] = [
        ['application/json', '{"title": '],
        ['application/json', ''],
        ['application/x-www-form-urlencoded', 'title=x'],
        ['text/plain', 'hello'],
      ];
      for (const [type, payload] of bodies) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/ingest/not-a-key', headers: { 'content-type': type }, payload });
        expect(res.statusCode, `${type} ${payload}`).toBe(401);
        expect(body(res)).toEqual({ detail: 'Invalid integration key' });
      }
      const good = await t.app.inject({
        method: 'POST',
        url: `/api/v1/ingest/${ingestKey}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"title": ',
      });
      expect(good.statusCode).toBe(422);
      expect(body(good).detail).toEqual([{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }]);
    });

    it('ingestion stays tolerant: a monitoring tool may send fields we do not read', async () => {
      const res = await json(
        'POST',
        `/ingest/${ingestKey}/generic`,
        { title: 'CPU', action: 'trigger', source: 'prom', extra: { a: 1 } },
        {},
      );
      expect(res.statusCode).toBe(202);
    });
  });
});
