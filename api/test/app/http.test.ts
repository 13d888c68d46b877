import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../helpers/testApp.js';

describe('HTTP conventions: FastAPI-shaped errors, limits, headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ bodyLimitBytes: 4096 });
  });
  afterAll(() => t.close());

  it('answers an unknown route with 404 {"detail":"Not Found"}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ detail: 'Not Found' });
  });

  it('answers malformed JSON with a 422 json_invalid item', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(422);
    expect(body(res)).toEqual({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
  });

  it('answers a wrong content type with 415 and a detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(body(res).detail).toMatch(/^Unsupported media type/);
  });

  it('answers a body over the limit with 413 and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: { email: 'big@example.com', password: 'password-123', full_name: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ detail: 'Request body is too large' });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'big@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('lists every validation problem at once with loc, msg and type', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/signup', payload: { email: 'bad', password: 'short' } });
    expect(res.statusCode).toBe(422);
    const locs = body(res).detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.email', 'body.password']));
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/utils/health-check/' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("sends helmet's document headers outside the API, on unknown routes too", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an OpenAPI 3.1 document naming every route of the spec', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = body(res);
    expect(doc.openapi).toBe('3.1.0');
    const routes = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v1/alert/',
        'POST /api/v1/alert/',
        'GET /api/v1/alert/{id}',
        'DELETE /api/v1/alert/{id}',
        'POST /api/v1/alert/acknowledge/{id}',
        'POST /api/v1/alert/close/{id}',
        'POST /api/v1/alert/escalate/{id}',
        'GET /api/v1/integration/',
        'POST /api/v1/integration/',
        'GET /api/v1/integration/{id}',
        'DELETE /api/v1/integration/{id}',
        'POST /api/v1/login/access-token',
        'POST /api/v1/login/test-token',
        'POST /api/v1/password-recovery/{email}',
        'POST /api/v1/reset-password/',
        'POST /api/v1/password-recovery-html-content/{email}',
        'GET /api/v1/users/',
        'POST /api/v1/users/',
        'GET /api/v1/users/me',
        'PATCH /api/v1/users/me',
        'DELETE /api/v1/users/me',
        'PATCH /api/v1/users/me/password',
        'POST /api/v1/users/signup',
        'GET /api/v1/users/{user_id}',
        'PATCH /api/v1/users/{user_id}',
        'DELETE /api/v1/users/{user_id}',
      ]),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['UserPublic', 'AlertPublic', 'IntegrationPublic', 'HTTPValidationError', 'Token']),
    );
    expect(JSON.stringify(doc.components.schemas.UserPublic)).not.toContain('password');
  });
});
