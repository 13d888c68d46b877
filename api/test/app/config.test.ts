import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig } from '../../src/config.js';
import { ALL_SETTINGS } from '../../src/configSettings.js';
import { configFailure } from '../helpers/configFailure.js';

const failure = configFailure;

describe('configuration', () => {
  it('has working development defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      firstSuperuser: 'admin@example.com',
      frontendHost: 'http://localhost:8000',
      smtp: undefined,
    });
    expect(config.firstSuperuserPasswordIsDefault).toBe(true);
  });

  it('treats every declared setting set empty as unset (Compose passes a blank optional setting so)', () => {
    const names = ALL_SETTINGS.map((setting) => setting.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'METRICS_TOKEN',
        'SHUTDOWN_DRAIN_SECONDS',
        'BODY_LIMIT_BYTES',
        'SIGNED_LINK_TTL_HOURS',
        'TRUST_PROXY',
        'CHANGE_STREAMS_PER_USER',
      ]),
    );
    expect(parseConfig(Object.fromEntries(names.map((name) => [name, ''])))).toEqual(parseConfig({}));
    expect(parseConfig(Object.fromEntries(names.map((name) => [name, '  '])))).toEqual(parseConfig({}));
  });

  it('names the variable in one line when a value is bad', () => {
    expect(failure({ PORT: 'eighty' })).toBe('Invalid configuration: PORT must be a whole number, got "eighty"');
    expect(failure({ DATABASE_URL: 'mysql://x' })).toBe('Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://');
    expect(failure({ SMTP_HOST: 'mail', SMTP_TLS: 'maybe' })).toContain('SMTP_TLS');
    expect(failure({ FIRST_SUPERUSER: 'not-an-email' })).toContain('FIRST_SUPERUSER must be an email address');
    expect(failure({ SECRET_KEY: 'short' })).toContain('SECRET_KEY must be at least 32 characters');
    expect(failure({ FRONTEND_HOST: 'ftp://x' })).toContain('FRONTEND_HOST');
  });

  it('requires SECRET_KEY and FIRST_SUPERUSER_PASSWORD in production', () => {
    expect(failure({ NODE_ENV: 'production' })).toContain('SECRET_KEY is required');
    expect(failure({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40) })).toContain('FIRST_SUPERUSER_PASSWORD is required');
    const config = parseConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40), FIRST_SUPERUSER_PASSWORD: 'strong-password' });
    expect(config.host).toBe('0.0.0.0');
  });

  it('reads the signed links lifetime: 72 hours unless set, 1 hour to 90 days', () => {
    expect(parseConfig({}).signedLinkTtlHours).toBe(72);
    expect(parseConfig({ SIGNED_LINK_TTL_HOURS: '24' }).signedLinkTtlHours).toBe(24);
    expect(failure({ SIGNED_LINK_TTL_HOURS: '0' })).toBe('Invalid configuration: SIGNED_LINK_TTL_HOURS must be between 1 and 2160, got 0');
    expect(failure({ SIGNED_LINK_TTL_HOURS: '2161' })).toContain('SIGNED_LINK_TTL_HOURS must be between 1 and 2160');
    expect(failure({ SIGNED_LINK_TTL_HOURS: '1.5' })).toBe(
      'Invalid configuration: SIGNED_LINK_TTL_HOURS must be a whole number, got "1.5"',
    );
  });

  it("trusts X-Forwarded-For only from the proxies it names, and refuses a TRUST_PROXY that would believe anyone's", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '172.29.80.2' }).trustProxy).toEqual(['172.29.80.2']);
    expect(parseConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'fd00::/8', 'loopback']);
    for (const anyone of ['true', 'TRUE', 'yes', 'on', '1', '2']) {
      expect(failure({ TRUST_PROXY: anyone })).toBe(
        `Invalid configuration: TRUST_PROXY must name the proxies, not "${anyone}" (which would believe any caller's X-Forwarded-For): an address or CIDR range, a comma-separated list of them, or loopback`,
      );
    }
    for (const bad of ['gateway', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', '10.0.0.1,', '10.0.0.1/8/2', '*']) {
      expect(failure({ TRUST_PROXY: bad }), bad).toMatch(
        /^Invalid configuration: TRUST_PROXY must be addresses or CIDR ranges separated by commas \(or loopback\), got "/,
      );
    }
  });

  it('bounds the change streams a user holds open: 5 unless set, 1 to 100', () => {
    expect(parseConfig({}).changeStreams.maxPerUser).toBe(5);
    expect(parseConfig({ CHANGE_STREAMS_PER_USER: '12' }).changeStreams.maxPerUser).toBe(12);
    expect(failure({ CHANGE_STREAMS_PER_USER: '0' })).toBe(
      'Invalid configuration: CHANGE_STREAMS_PER_USER must be between 1 and 100, got 0',
    );
  });

  it('reads the amplification bounds: their defaults, and an ingest limit a full body can pass', () => {
    const config = parseConfig({});
    expect(config.rateLimit).toMatchObject({
      signup: 5,
      passwordChange: 5,
      perAlert: 120,
      ingestAlertsPerKey: 6000,
      heartbeatUnknownPings: 30,
    });
    expect(parseConfig({ RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE: '5' }).rateLimit.heartbeatUnknownPings).toBe(5);
    expect(failure({ RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE: '0' })).toBe(
      'Invalid configuration: RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE must be between 1 and 1000000, got 0',
    );
    expect(config.ingest.maxAlertsPerBody).toBe(1000);
    expect(config.notifications.escalationMaxRoundsPerHour).toBe(10);
    expect(parseConfig({ INGEST_MAX_ALERTS_PER_BODY: '200', RATE_LIMIT_INGEST_ALERTS_PER_MINUTE: '200' }).ingest.maxAlertsPerBody).toBe(
      200,
    );
    expect(failure({ RATE_LIMIT_INGEST_ALERTS_PER_MINUTE: '999' })).toBe(
      'Invalid configuration: RATE_LIMIT_INGEST_ALERTS_PER_MINUTE must be at least INGEST_MAX_ALERTS_PER_BODY (1000)',
    );
    expect(failure({ INGEST_MAX_ALERTS_PER_BODY: '0' })).toContain('INGEST_MAX_ALERTS_PER_BODY must be between 1 and 10000');
    expect(failure({ ESCALATION_MAX_ROUNDS_PER_HOUR: '0' })).toContain('ESCALATION_MAX_ROUNDS_PER_HOUR must be between 1 and 100');
  });

  it('reads where the public pages come from behind a gateway: both folders, or neither', () => {
    expect(parseConfig({}).publicPages).toBeUndefined();
    expect(parseConfig({ REMOTE_ACTIONS_DIR: '/srv/vigil/remote-actions', REMOTES_MAP_DIR: '/srv/vigil/remotes-map' }).publicPages).toEqual(
      {
        remoteActionsDir: '/srv/vigil/remote-actions',
        remotesMapDir: '/srv/vigil/remotes-map',
      },
    );
    expect(failure({ REMOTE_ACTIONS_DIR: '/srv/vigil/remote-actions' })).toContain('REMOTES_MAP_DIR');
    expect(failure({ REMOTES_MAP_DIR: '/srv/vigil/remotes-map' })).toContain('REMOTE_ACTIONS_DIR');
  });

  it('reads the limits on verification codes: their defaults and bounds', () => {
    expect(parseConfig({}).contactMethods).toEqual({
      allowPrivateNetworks: false,
      codesPerDay: 10,
      codeCooldownSeconds: 300,
      codeAttemptsPerHour: 10,
    });
    const set = parseConfig({
      CONTACT_METHOD_CODES_PER_DAY: '3',
      CONTACT_METHOD_CODE_COOLDOWN_SECONDS: '60',
      CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR: '5',
    });
    expect(set.contactMethods).toMatchObject({ codesPerDay: 3, codeCooldownSeconds: 60, codeAttemptsPerHour: 5 });
    expect(failure({ CONTACT_METHOD_CODES_PER_DAY: '0' })).toBe(
      'Invalid configuration: CONTACT_METHOD_CODES_PER_DAY must be between 1 and 1000, got 0',
    );
    expect(failure({ CONTACT_METHOD_CODE_COOLDOWN_SECONDS: '5' })).toBe(
      'Invalid configuration: CONTACT_METHOD_CODE_COOLDOWN_SECONDS must be between 10 and 86400, got 5',
    );
    expect(failure({ CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR: 'many' })).toBe(
      'Invalid configuration: CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR must be a whole number, got "many"',
    );
  });

  it('reads single sign-on: issuer, client id and secret together; https, or http on a loopback address', () => {
    expect(parseConfig({}).oidc).toBeUndefined();
    const sso = { OIDC_ISSUER: 'https://id.example.com/realms/ops', OIDC_CLIENT_ID: 'vigil', OIDC_CLIENT_SECRET: 's3cret' };
    expect(parseConfig(sso).oidc).toEqual({
      issuer: 'https://id.example.com/realms/ops',
      clientId: 'vigil',
      clientSecret: 's3cret',
      scopes: ['openid', 'email', 'profile'],
      providerName: 'SSO',
      groupsClaim: 'groups',
      passwordLoginSuperusersOnly: false,
    });
    expect(
      parseConfig({ ...sso, OIDC_SCOPES: 'profile groups', OIDC_PROVIDER_NAME: 'Keycloak', PASSWORD_LOGIN_SUPERUSERS_ONLY: 'true' }).oidc,
    ).toMatchObject({
      scopes: ['openid', 'email', 'profile', 'groups'],
      providerName: 'Keycloak',
      passwordLoginSuperusersOnly: true,
    });
    expect(parseConfig({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    expect(failure({ ...sso, OIDC_ISSUER: 'http://id.example.com' })).toBe(
      'Invalid configuration: OIDC_ISSUER must be an https:// URL (http:// only on localhost, 127.0.0.1 or [::1])',
    );
    expect(failure({ ...sso, OIDC_CLIENT_SECRET: '' })).toBe('Invalid configuration: OIDC_CLIENT_SECRET is required with OIDC_ISSUER');
    expect(failure({ OIDC_CLIENT_ID: 'vigil' })).toBe('Invalid configuration: OIDC_CLIENT_ID needs OIDC_ISSUER');
    expect(failure({ PASSWORD_LOGIN_SUPERUSERS_ONLY: 'true' })).toBe(
      'Invalid configuration: PASSWORD_LOGIN_SUPERUSERS_ONLY needs OIDC_ISSUER',
    );
    expect(failure({ ...sso, OIDC_SCOPES: 'openid "email"' })).toBe(
      'Invalid configuration: OIDC_SCOPES holds a scope that is not a scope token: ""email""',
    );
  });

  it('parses plain SMTP with no auth', () => {
    const config = parseConfig({ SMTP_HOST: 'mail.local', SMTP_PORT: '25', SMTP_TLS: 'false', SMTP_SSL: 'false' });
    expect(config.smtp).toEqual({ host: 'mail.local', port: 25, tls: false, ssl: false, user: undefined, password: undefined });
  });

  it('generates a development SECRET_KEY once and keeps it in DATA_DIR', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vigil-config-'));
    const first = await loadConfig({ DATA_DIR: dir });
    const second = await loadConfig({ DATA_DIR: dir });
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(second.secretKey).toBe(first.secretKey);
    expect((await readFile(path.join(dir, 'secret_key'), 'utf8')).trim()).toBe(first.secretKey);
    expect((await stat(path.join(dir, 'secret_key'))).mode & 0o077).toBe(0);
  });
});
