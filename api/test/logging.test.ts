import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.js';
import { SmtpSink } from './helpers/smtpSink.js';
import { openTestDatabase, testConfig } from './helpers/testApp.js';

describe('logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let mail: SmtpSink;
  const config = testConfig({ logLevel: 'debug' });

  beforeAll(async () => {
    mail = await new SmtpSink().start();
    const database = await openTestDatabase();
    drop = database.drop;
    app = await buildApp({
      config: { ...config, smtp: { host: '127.0.0.1', port: mail.port, tls: false, ssl: false } },
      db: database.db,
      logger: loggerOptions(config, { write: (line) => lines.push(line) }),
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
    await mail.stop();
  });

  it('are JSON lines with a request id, and never hold a password, token or the secret key', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: { email: 'logged@example.com', password: 'very-secret-pw-1' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      headers: form,
      payload: 'username=logged@example.com&password=very-secret-pw-1',
    });
    const token = login.json().access_token as string;
    await app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      headers: form,
      payload: 'username=logged@example.com&password=wrong-secret-pw-2',
    });
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { current_password: 'very-secret-pw-1', new_password: 'next-secret-pw-3' },
    });
    await app.inject({ method: 'POST', url: '/api/v1/password-recovery/logged@example.com' });
    const resetToken = decodeURIComponent(
      (await mail.waitFor((m) => m.subject.includes('Password recovery'))).text.match(/token=([\w%-]+)/)![1]!,
    );
    await app.inject({ method: 'POST', url: '/api/v1/reset-password/', payload: { token: resetToken, new_password: 'last-secret-pw-4' } });

    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [
      'very-secret-pw-1',
      'wrong-secret-pw-2',
      'next-secret-pw-3',
      'last-secret-pw-4',
      token,
      resetToken,
      config.secretKey,
    ]) {
      expect(all).not.toContain(secret);
    }
    const request = lines.map((l) => JSON.parse(l)).find((l) => l.req);
    expect(request.reqId).toMatch(/^[\w-]+$/);
  });
});
