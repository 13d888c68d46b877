import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.js';
import { redactUrlSecrets } from '../../src/operations/logRedaction.js';
import { SmtpSink } from '../helpers/smtpSink.js';
import { openTestDatabase, SUPERUSER, testConfig } from '../helpers/testApp.js';

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line));

describe('logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let mail: SmtpSink;
  // A built console of one page, so the console's own routes (/reset-password) are served and logged.
  const consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-log-console-'));
  const config = testConfig({ logLevel: 'debug', consoleDir });

  beforeAll(async () => {
    mkdirSync(path.join(consoleDir, 'shell'), { recursive: true });
    writeFileSync(path.join(consoleDir, 'shell/index.html'), '<!doctype html><title>shell</title>');
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
    rmSync(consoleDir, { recursive: true, force: true });
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
      SUPERUSER.password,
    ]) {
      expect(all).not.toContain(secret);
    }
    const request = lines.map((l) => JSON.parse(l)).find((l) => l.req);
    expect(request.reqId).toMatch(/^[\w-]+$/);
  });

  it('show the URL of a reset or action page with its token masked', async () => {
    const secret = 'SECRET-reset-token-0123456789';
    const pages = [
      [`/reset-password?token=${secret}`, '/reset-password?token=[redacted]', 200],
      // The action page checks its link on the server: this one is forged (403, its page all the same).
      [
        `/actions/6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b?t=1.${secret}&from=mail`,
        '/actions/6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b?t=[redacted]&from=mail',
        403,
      ],
    ] as const;
    for (const [url, logged, status] of pages) {
      const from = lines.length;
      const res = await app.inject({ method: 'GET', url });
      // Both are the console's pages (here the shell's, as no remote-actions page is built).
      expect(res.statusCode, url).toBe(status);
      expect(res.body).toContain('<title>shell</title>');
      const requestLines = parsed(lines.slice(from)).filter((line) => line.req);
      expect(requestLines.map((line) => line.req.url)).toEqual([logged]);
    }
    expect(lines.join('\n')).not.toContain(secret);
  });
});

describe('redactUrlSecrets', () => {
  it("masks the reset token, the link token, the ingest key and an OpenID provider's authorization code", () => {
    expect(redactUrlSecrets('/reset-password?token=abc.DEF-123_x')).toBe('/reset-password?token=[redacted]');
    expect(redactUrlSecrets('/api/v1/auth/oidc/callback?code=Abc-123&state=s&iss=x')).toBe(
      '/api/v1/auth/oidc/callback?code=[redacted]&state=s&iss=x',
    );
    expect(redactUrlSecrets('/api/v1/thing?a=1&token=abc#top')).toBe('/api/v1/thing?a=1&token=[redacted]#top');
    expect(redactUrlSecrets('/actions/42?t=1.k0.bWU.mac&x=2')).toBe('/actions/42?t=[redacted]&x=2');
    expect(redactUrlSecrets('/actions/42?x=2&t=1.k0.bWU.mac&token=y')).toBe('/actions/42?x=2&t=[redacted]&token=[redacted]');
    expect(redactUrlSecrets('/api/v1/ingest/s3cr3t-KEY_x')).toBe('/api/v1/ingest/[redacted]');
    expect(redactUrlSecrets('/api/v1/ingest/s3cr3t-KEY_x/pagerduty')).toBe('/api/v1/ingest/[redacted]/pagerduty');
    expect(redactUrlSecrets('/api/v1/ingest/s3cr3t-KEY_x?token=y')).toBe('/api/v1/ingest/[redacted]?token=[redacted]');
  });

  it('matches any case and any percent-encoding, however often applied', () => {
    const key = 's3cr3t-KEY_x';
    for (const url of [
      `/API/V1/INGEST/${key}`,
      `/api/v1/Ingest/${key}/alertmanager`,
      `/api/v1/%69ngest/${key}`,
      `/api/v1/%2569ngest/${key}`,
      `/api/v1/%252569%256e%2567est/${key}`,
      `/api/v1/ingest;v=1/${key}`,
      `/api/v1/ingest%2F${key}`,
      `/api/v1/ingest%252F${key}`,
      `/api/v1/x%5Cingest%5C${key}`,
    ]) {
      expect(redactUrlSecrets(url), url).not.toContain(key);
    }
    expect(redactUrlSecrets(`/API/V1/INGEST/${key}/pagerduty`)).toBe('/API/V1/INGEST/[redacted]/pagerduty');
    expect(redactUrlSecrets(`/api/v1/%69ngest/${key}?x=1`)).toBe('/api/v1/%69ngest/[redacted]?x=1');

    const token = 'SECRET-reset-token-0123456789';
    for (const url of [
      `/reset-password?TOKEN=${token}`,
      `/reset-password?%74oken=${token}`,
      `/reset-password?%2574%256Fken=${token}`,
      `/reset-password?a=1;token=${token}`,
      `/reset-password?token[]=${token}`,
      `/reset-password?+token=${token}`,
      `/reset-password?token%3D${token}`,
      `/actions/42?%54=${token}`,
      `/reset-password%3Ftoken=${token}`,
      `/reset-password%253Ftoken%253D${token}`,
    ]) {
      expect(redactUrlSecrets(url), url).not.toContain(token);
    }
    expect(redactUrlSecrets(`/reset-password?x=1&%74oken=${token}&y=2`)).toBe('/reset-password?x=1&%74oken=[redacted]&y=2');
  });

  it("masks the token of Grafana OnCall's integration URLs, in any case or encoding", () => {
    const token = 'ONCALLtoken0123456789abcdef';
    expect(redactUrlSecrets(`/integrations/v1/alertmanager/${token}/`)).toBe('/integrations/v1/alertmanager/[redacted]/');
    expect(redactUrlSecrets(`/integrations/v1/webhook/${token}`)).toBe('/integrations/v1/webhook/[redacted]');
    for (const url of [
      `/INTEGRATIONS/V1/webhook/${token}/`,
      `/%69ntegrations/v1/webhook/${token}/`,
      `/integrations/v1/webhook%2F${token}/`,
      `/integrations%2Fv1%2Fformatted_webhook%2F${token}`,
      `/integrations/v1/webhook;x=1/${token}/`,
    ]) {
      expect(redactUrlSecrets(url), url).not.toContain(token);
    }
    expect(redactUrlSecrets('/integrations/v1/webhook/')).toBe('/integrations/v1/webhook/');
    expect(redactUrlSecrets('/v2/alerts/backup%2Fdb-1/close?identifierType=alias')).toBe(
      '/v2/alerts/backup%2Fdb-1/close?identifierType=alias',
    );
  });

  it('leaves URLs without a secret as they are', () => {
    for (const url of [
      '/api/v1/alert/?skip=0&limit=10',
      '/api/v1/alert/?title=disk&at=1&tokens=2',
      '/api/v1/integration/6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b/ingest-key',
      '/reset-password',
      '/api/v1/alert/?q=%74okens&title=ingest',
      '/api/v1/integration/6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b/INGESTION',
      '/remotes/remote-alerts/1.0.0/static/js/page.89abcdef.js?v=%2F',
    ]) {
      expect(redactUrlSecrets(url)).toBe(url);
    }
  });
});

describe('the development password of the first superuser', () => {
  it('is logged on the start that creates the superuser, and not on a later start', async () => {
    const database = await openTestDatabase();
    const config = testConfig({ firstSuperuserPassword: 'changethis', firstSuperuserPasswordIsDefault: true });
    const start = async () => {
      const lines: string[] = [];
      const app = await buildApp({ config, db: database.db, logger: loggerOptions(config, { write: (line) => lines.push(line) }) });
      await app.close();
      return parsed(lines);
    };
    try {
      const first = (await start()).filter((line) => String(line.msg).includes('changethis'));
      expect(first).toHaveLength(1);
      expect(first[0].msg).toContain(`First superuser created: ${config.firstSuperuser} with the development password "changethis"`);
      expect(first[0].level).toBe(40);
      const second = await start();
      expect(JSON.stringify(second)).not.toContain('changethis');
      expect(second.some((line) => String(line.msg).includes('First superuser created'))).toBe(false);
    } finally {
      await database.drop();
    }
  });
});
