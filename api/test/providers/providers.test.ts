import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecrets } from '../../src/providers/secretBox.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const TWILIO = {
  account_sid: `AC${'a'.repeat(32)}`,
  auth_token: 'twilio-auth-token-1234',
  from_number: '+15005550006',
  api_base: 'http://127.0.0.1:9/twilio',
};

describe('notification providers', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = t.superuser.auth;
  });
  afterAll(async () => t.close());

  it('stores a provider with its secret sealed, answers only a hint, and keeps the secret on a PUT without it', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/notification-providers/twilio', headers: admin, payload: TWILIO });
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toContain(TWILIO.auth_token);
    expect(put.json()).toMatchObject({ kind: 'twilio', configured: true, secret_hints: { auth_token: '…1234' } });
    expect(put.json().config).toEqual({ account_sid: TWILIO.account_sid, from_number: TWILIO.from_number, api_base: TWILIO.api_base });

    const row = await t.db.selectFrom('notification_providers').selectAll().where('kind', '=', 'twilio').executeTakeFirstOrThrow();
    expect(row.secrets).not.toContain(TWILIO.auth_token);
    expect(openSecrets(t.config.secretKey, row.secrets ?? '')).toEqual({ auth_token: TWILIO.auth_token });
    expect(openSecrets('another key entirely, at least 32 chars', row.secrets ?? '')).toBeNull();

    const { auth_token: _, ...withoutSecret } = TWILIO;
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification-providers/twilio',
      headers: admin,
      payload: { ...withoutSecret, from_number: '+15005550007' },
    });
    expect(again.json()).toMatchObject({ config: { from_number: '+15005550007' }, secret_hints: { auth_token: '…1234' } });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/notification-providers/', headers: admin });
    expect(list.body).not.toContain(TWILIO.auth_token);
    expect(list.json().data.map((p: { kind: string; configured: boolean }) => [p.kind, p.configured])).toEqual([
      ['twilio', true],
      ['sms_gateway', false],
      ['slack_app', false],
      ['telegram', false],
    ]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'after']).where('target_type', '=', 'provider').execute();
    expect(audit.map((a) => a.action)).toEqual(['provider.configured', 'provider.updated']);
    expect(JSON.stringify(audit)).not.toContain(TWILIO.auth_token);
    expect(audit[1]?.after).toMatchObject({ from_number: '+15005550007', secrets_changed: [] });
  });

  it('refuses a malformed body with a 422 naming the field, and changes nothing', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification-providers/twilio',
      headers: admin,
      payload: { ...TWILIO, from_number: '555-0100' },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().detail)).toContain('from_number');
  });

  // `http://a:b` passes the schema's uri format, and Node's URL parser refuses it (a port of b).
  it('refuses an API base that Node cannot parse as an http(s) URL, naming the field', async () => {
    for (const api_base of ['http://a:b', 'http://exa mple.com', 'ftp://example.com/']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/notification-providers/telegram',
        headers: admin,
        payload: {
          bot_token: '123456:ABCdef',
          webhook_secret: 'a-webhook-secret-of-16',
          api_base,
        },
      });
      expect(res.statusCode, api_base).toBe(422);
      expect(JSON.stringify(res.json().detail), api_base).toContain('api_base');
    }
    const stored = await t.db.selectFrom('notification_providers').select('kind').where('kind', '=', 'telegram').executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('is for superusers only', async () => {
    const user = await t.createUser();
    for (const [method, url] of [
      ['GET', '/api/v1/notification-providers/'],
      ['PUT', '/api/v1/notification-providers/twilio'],
      ['DELETE', '/api/v1/notification-providers/twilio'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: user.auth, ...(method === 'PUT' && { payload: TWILIO }) });
      expect(res.statusCode).toBe(403);
    }
  });

  it('removes a provider, and a second removal is a 404', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/notification-providers/twilio', headers: admin })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/v1/notification-providers/twilio', headers: admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Twilio is not configured' });
  });
});
