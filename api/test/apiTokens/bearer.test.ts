import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN, TOKEN_EXPIRED, TOKEN_REVOKED } from '../../src/apiTokens/credentials.js';
import { missingScope, SESSION_REQUIRED } from '../../src/apiTokens/scopes.js';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createApiToken, TOKENS, withBearer } from '../helpers/apiTokens.js';
import { INTEGRATIONS } from '../helpers/integrations.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';
import { updateUser } from '../helpers/users.js';

const CREDENTIALS = 'Could not validate credentials';
const detail = (res: { json(): unknown }) => (res.json() as { detail: unknown }).detail;

describe('API tokens as bearer credentials', () => {
  let t: TestApp;
  let user: TestUser;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
    user = await t.createUser();
  });
  afterAll(() => t.close());

  it('a read token reads, the alert list included, and cannot acknowledge: 403 naming the scope, the alert unchanged', async () => {
    const alert = await createAlert(t, user);
    const { caller, secret } = await createApiToken(t, user, ['read']);
    expect(secret).toMatch(API_TOKEN_PATTERN);
    const list = answered(await callAs(t, caller, 'GET', `${ALERTS}/`));
    expect(list.data.map((a: { id: string }) => a.id)).toEqual([alert.id]);
    answered(await callAs(t, caller, 'GET', '/api/v1/users/me'));

    const ack = await callAs(t, caller, 'POST', `${ALERTS}/acknowledge/${alert.id}`);
    expect(ack.statusCode).toBe(403);
    expect(detail(ack)).toBe(missingScope('alerts:write'));
    expect(answered(await callAs(t, user, 'GET', `${ALERTS}/${alert.id}`)).state).toBe('open');
  });

  it('an alerts:write token creates and acknowledges alerts as its holder, and cannot create an integration', async () => {
    const { caller } = await createApiToken(t, user, ['alerts:write']);
    const alert = answered(await callAs(t, caller, 'POST', `${ALERTS}/`, { title: 'From CI' }));
    expect(alert.owner_id).toBe(user.id);
    const acked = answered(await callAs(t, caller, 'POST', `${ALERTS}/acknowledge/${alert.id}`));
    expect(acked.state).toBe('acknowledged');
    const events = answered(await callAs(t, user, 'GET', `${ALERTS}/${alert.id}/events`));
    expect(events.data.at(-1)).toMatchObject({ actor_id: user.id, via: 'console' });

    const integration = await callAs(t, caller, 'POST', `${INTEGRATIONS}/`, { title: 'Nope' });
    expect(integration.statusCode).toBe(403);
    expect(detail(integration)).toBe(missingScope('config:write'));
    expect(answered(await callAs(t, user, 'GET', `${INTEGRATIONS}/`)).count).toBe(0);
    // Nor may it read: each scope is its own.
    expect(detail(await callAs(t, caller, 'GET', `${ALERTS}/`))).toBe(missingScope('read'));
  });

  it('a config:write token creates an integration; a superuser-only route needs admin', async () => {
    const { caller } = await createApiToken(t, user, ['config:write']);
    answered(await callAs(t, caller, 'POST', `${INTEGRATIONS}/`, { title: 'Grafana' }));
    const users = await callAs(t, caller, 'GET', '/api/v1/users/');
    expect(users.statusCode).toBe(403);
    expect(detail(users)).toBe("The user doesn't have enough privileges");
  });

  it("an admin token reaches superuser routes while its holder is a superuser; a superuser's read token does not", async () => {
    const admin = await t.createUser({ is_superuser: true });
    const adminToken = await createApiToken(t, admin, ['admin']);
    const readToken = await createApiToken(t, admin, ['read']);
    answered(await callAs(t, adminToken.caller, 'GET', '/api/v1/users/'));
    answered(await callAs(t, adminToken.caller, 'GET', '/api/v1/settings/'));
    expect(detail(await callAs(t, readToken.caller, 'GET', '/api/v1/users/'))).toBe(missingScope('admin'));

    await updateUser(t, admin.id, { is_superuser: false });
    const demoted = await callAs(t, adminToken.caller, 'GET', '/api/v1/users/');
    expect(demoted.statusCode).toBe(403);
    expect(detail(demoted)).toBe("The user doesn't have enough privileges");
  });

  it('refuses account and token management with a clear 403, whatever its scopes', async () => {
    const { caller } = await createApiToken(t, user, ['read', 'alerts:write', 'config:write']);
    for (const [method, url, payload] of [
      ['PATCH', '/api/v1/users/me/password', { current_password: user.password, new_password: 'another-password-9' }],
      ['PATCH', '/api/v1/users/me', { full_name: 'Taken over' }],
      ['DELETE', '/api/v1/users/me', undefined],
      ['POST', `${TOKENS}/`, { name: 'more', scopes: ['read'], expires_in_days: 1 }],
      ['GET', `${TOKENS}/`, undefined],
    ] as const) {
      const res = await callAs(t, caller, method, url, payload);
      expect([url, res.statusCode, detail(res)]).toEqual([url, 403, SESSION_REQUIRED]);
    }
    expect(answered(await callAs(t, user, 'GET', '/api/v1/users/me')).full_name).toBe('Test User');
  });

  it('an expired token is a 401 saying so, also on the public action routes (never turned anonymous)', async () => {
    const alert = await createAlert(t, user);
    const { caller } = await createApiToken(t, user, ['read', 'alerts:write'], { expires_in_days: 1 });
    answered(await callAs(t, caller, 'GET', `${ALERTS}/`));
    clock.advance(86_400_000);
    for (const [method, url] of [
      ['GET', `${ALERTS}/`],
      ['GET', '/api/v1/users/me'],
      ['POST', `${ALERTS}/acknowledge/${alert.id}`],
    ] as const) {
      const res = await callAs(t, caller, method, url);
      expect([url, res.statusCode, detail(res)]).toEqual([url, 401, TOKEN_EXPIRED]);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect(answered(await callAs(t, user, 'GET', `${ALERTS}/${alert.id}`)).state).toBe('open');
  });

  it('a revoked token is a 401 at once, on the list fast path too', async () => {
    const token = await createApiToken(t, user, ['read']);
    answered(await callAs(t, token.caller, 'GET', `${ALERTS}/`));
    answered(await callAs(t, user, 'DELETE', `${TOKENS}/${token.id}`));
    for (const url of [`${ALERTS}/`, `${INTEGRATIONS}/`, '/api/v1/users/me']) {
      const res = await callAs(t, token.caller, 'GET', url);
      expect([url, res.statusCode, detail(res)]).toEqual([url, 401, TOKEN_REVOKED]);
    }
  });

  it("a deactivated holder's tokens are refused; unknown and malformed ones too", async () => {
    const other = await t.createUser();
    const { caller } = await createApiToken(t, other, ['read']);
    await updateUser(t, other.id, { is_active: false });
    for (const bearer of [caller.token, `vgl_${'A'.repeat(43)}`, 'vgl_short', `${caller.token}x`]) {
      const res = await callAs(t, withBearer(other, bearer), 'GET', `${ALERTS}/`);
      expect([bearer.length, res.statusCode, detail(res)]).toEqual([bearer.length, 401, CREDENTIALS]);
    }
  });

  it('the session list fast path still serves a JWT', async () => {
    await createAlert(t, user);
    const first = answered(await callAs(t, user, 'GET', `${ALERTS}/`));
    const again = answered(await callAs(t, user, 'GET', `${ALERTS}/`));
    expect(again.count).toBe(first.count);
  });
});
