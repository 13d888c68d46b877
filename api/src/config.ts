import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Env, SETTINGS as S } from './configSettings.js';
import type { Role } from './operations/roles.js';

export { ConfigError };

export interface SmtpConfig {
  host: string;
  port: number;
  user?: string;
  password?: string;
  /** STARTTLS after connecting (the template's SMTP_TLS). */
  tls: boolean;
  /** TLS from the first byte (the template's SMTP_SSL, usually port 465). */
  ssl: boolean;
}

export interface RateLimitConfig {
  /** Attempts per client address and minute. */
  login: number;
  passwordRecovery: number;
  publicAlert: number;
  /** Sign-ups and password changes per client address and minute (each runs argon2). */
  signup: number;
  passwordChange: number;
  /** Public reads and actions of one alert per minute, from every address together. */
  perAlert: number;
  /** Alerts one integration key may send per minute (a body counts its alerts, at least one). */
  ingestAlertsPerKey: number;
  /** Heartbeat pings with a token that opens no monitor, per client address and minute. */
  heartbeatUnknownPings: number;
}

/** Bounds on what one request may set off (docs/api/security.md). */
export interface IngestConfig {
  /** Alerts (distinct dedup keys) one ingest body may carry; a larger body is refused whole (413). */
  maxAlertsPerBody: number;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** What this process runs (operations/roles.ts): `all`, or `web` / `worker` on PostgreSQL. */
  role: Role;
  /** A postgres:// URL, or undefined for the embedded PGlite database under dataDir. */
  databaseUrl?: string;
  /** Repeated queries as server-side prepared statements (db/preparedStatements.ts); off behind PgBouncer in transaction mode. */
  preparedStatements: boolean;
  /** Kept out of logs: only ever handed to the token signer. */
  secretKey: string;
  accessTokenExpireMinutes: number;
  passwordResetExpireMinutes: number;
  /** How long a notification's signed action link works (it also stops acting when the alert closes). */
  signedLinkTtlHours: number;
  firstSuperuser: string;
  firstSuperuserPassword: string;
  /** True when the first superuser's password is the development default (printed at start-up). */
  firstSuperuserPasswordIsDefault: boolean;
  smtp?: SmtpConfig;
  emailsFromEmail: string;
  emailsFromName: string;
  frontendHost: string;
  /**
   * The proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or proxy-addr's
   * `loopback`, `linklocal`, `uniquelocal`); false: none, the client is the socket's peer.
   */
  trustProxy: string[] | false;
  logLevel: string;
  bodyLimitBytes: number;
  /** The built console (shell and remotes) served on the API's origin; undefined: API only. */
  consoleDir?: string;
  /**
   * API only (no consoleDir) behind a gateway: where the public alert pages come from, so the API
   * renders them with the server renderer of remote-actions' live version (docs/deploy/public-action-page.md).
   * Undefined: the API serves no page.
   */
  publicPages?: PublicPagesConfig;
  rateLimit: RateLimitConfig;
  ingest: IngestConfig;
  /** Redis for state shared by API replicas (rate limits); undefined: process memory. */
  redisUrl?: string;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  /** A bearer token that may read /utils/metrics besides superusers; kept out of logs. */
  metricsToken?: string;
  /** On SIGTERM, how long the health check answers 503 before the server stops accepting. */
  shutdownDrainMs: number;
  notifications: NotificationConfig;
  /** How long audit log entries are kept (AUDIT_LOG_RETENTION_DAYS; audit/retention.ts). */
  auditLogRetentionDays: number;
  changeStreams: ChangeStreamConfig;
  contacts: ContactConfig;
  contactMethods: ContactMethodConfig;
  /** Single sign-on through an OpenID provider; undefined: password login only. */
  oidc?: OidcConfig;
}

/** Single sign-on (docs/api/single-sign-on.md). */
export interface OidcConfig {
  /** The provider's issuer identifier (discovery reads `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  /** Never logged, never in an answer: only ever handed to openid-client. */
  clientSecret: string;
  /** Always holds `openid` and `email`. */
  scopes: string[];
  /** "Sign in with <providerName>". */
  providerName: string;
  /** The ID token or userinfo claim that lists the user's groups. */
  groupsClaim: string;
  /** Password login refused to everyone but superusers. */
  passwordLoginSuperusersOnly: boolean;
}

/** Users' contact methods (docs/oncall/contact-methods.md). */
export interface ContactMethodConfig {
  /**
   * Webhook, Slack-compatible and ntfy URLs may reach private, loopback and link-local
   * addresses (CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS). Off by default: a user's URL must not
   * make the API call into its own network (SSRF). Development and tests turn it on.
   */
  allowPrivateNetworks: boolean;
  /** Verification codes one user may have sent in 24 hours, deleted methods' included (CONTACT_METHOD_CODES_PER_DAY). */
  codesPerDay: number;
  /** One code per target (an address, a URL) this often, whoever asks (CONTACT_METHOD_CODE_COOLDOWN_SECONDS). */
  codeCooldownSeconds: number;
  /** Wrong codes one user may enter in an hour, across their methods; as many per target (CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR). */
  codeAttemptsPerHour: number;
}

/** remote-actions' published files and the remotes map that says which of its versions is live. */
export interface PublicPagesConfig {
  /** Every published version of remote-actions: `<version>/page/index.html`, `<version>/server/index.mjs`. */
  remoteActionsDir: string;
  /** The gateway's remotes map folder: `live.json`, else `default.json` (deploy/remotes-map). */
  remotesMapDir: string;
}

/** Live change streams (GET /alert/changes, docs/api/alerts.md, "Live changes"). */
export interface ChangeStreamConfig {
  /** Open streams one user may hold on one API process; past it a new one is a 429. */
  maxPerUser: number;
  /** How often a stream sends a keep-alive and re-reads its user (token, role, active). */
  heartbeatMs: number;
}

/** Escalation contacts confirm their address before they get alerts (docs/api/contact-confirmation.md). */
export interface ContactConfig {
  /** How long a confirmation link works. */
  confirmationTtlHours: number;
  /** One confirmation email per owner and address at most this often (a re-send sooner is a 429). */
  resendMinutes: number;
  /** Confirmation emails one owner's contacts may be sent per 24 hours, all addresses together. */
  confirmationsPerDay: number;
}

/** Delivery of notification emails and the escalation timer (docs/api/notifications.md, "Notifications and escalation"). */
export interface NotificationConfig {
  /** Retries of an email after its first attempt, with exponential backoff from retryDelaySeconds. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often each API process looks for alerts due to escalate. */
  escalationCheckMs: number;
  /** A second escalate of an alert within this time of its last escalation, in any state, is ignored (0: never). */
  escalationRepeatWindowMs: number;
  /** Escalations (each a round of emails) of one alert in any hour, at most. */
  escalationMaxRoundsPerHour: number;
  /** How often the queue's worker looks for jobs when nothing woke it. */
  pollingIntervalSeconds: number;
  /** No storm: a person's alert notifications per kind of contact method (contactMethods/notificationLimits.ts). */
  limits: NotificationLimits;
}

/** Per kind of contact method, a person's alert notifications in any window; 0: unlimited. */
export interface NotificationLimits {
  windowMs: number;
  sms: number;
  voice: number;
  /** Each of email, webhook, Slack-compatible and ntfy, counted apart. */
  other: number;
  /** The first bundle of a window leaves this long after the first notification held: a storm arrives in seconds. */
  bundleDelayMs: number;
}

/** REMOTE_ACTIONS_DIR and REMOTES_MAP_DIR: both, or neither (one alone names no live version's files). */
function publicPagesConfig(env: Env): PublicPagesConfig | undefined {
  const remoteActionsDir = S.REMOTE_ACTIONS_DIR.read(env);
  const remotesMapDir = S.REMOTES_MAP_DIR.read(env);
  if (!remoteActionsDir && !remotesMapDir) return undefined;
  if (!remoteActionsDir) throw new ConfigError('REMOTE_ACTIONS_DIR', 'is required with REMOTES_MAP_DIR');
  if (!remotesMapDir) throw new ConfigError('REMOTES_MAP_DIR', 'is required with REMOTE_ACTIONS_DIR');
  return { remoteActionsDir, remotesMapDir };
}

/** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: all three, or none. */
function oidcConfig(env: Env): OidcConfig | undefined {
  const issuer = S.OIDC_ISSUER.read(env);
  const clientId = S.OIDC_CLIENT_ID.read(env);
  const clientSecret = S.OIDC_CLIENT_SECRET.read(env);
  // Read even without an issuer: a bad value is refused now, not on the day SSO is turned on.
  const scopes = S.OIDC_SCOPES.read(env);
  const providerName = S.OIDC_PROVIDER_NAME.read(env);
  const groupsClaim = S.OIDC_GROUPS_CLAIM.read(env) as string;
  const passwordLoginSuperusersOnly = S.PASSWORD_LOGIN_SUPERUSERS_ONLY.read(env);
  if (!issuer) {
    const stray = clientId
      ? 'OIDC_CLIENT_ID'
      : clientSecret
        ? 'OIDC_CLIENT_SECRET'
        : passwordLoginSuperusersOnly
          ? 'PASSWORD_LOGIN_SUPERUSERS_ONLY'
          : undefined;
    if (stray) throw new ConfigError(stray, 'needs OIDC_ISSUER');
    return undefined;
  }
  if (!clientId) throw new ConfigError('OIDC_CLIENT_ID', 'is required with OIDC_ISSUER');
  if (!clientSecret) throw new ConfigError('OIDC_CLIENT_SECRET', 'is required with OIDC_ISSUER');
  return { issuer, clientId, clientSecret, scopes, providerName, groupsClaim, passwordLoginSuperusersOnly };
}

const DEV_SUPERUSER_PASSWORD = 'changethis';

/**
 * Parses and validates the environment once, at start-up, through the declared settings
 * (configSettings.ts): here only what ties settings together. Pure: the development
 * SECRET_KEY is resolved separately by {@link resolveSecretKey}.
 */
export function parseConfig(env: Env = process.env): Omit<Config, 'secretKey'> & { secretKey?: string } {
  const production = S.NODE_ENV.read(env);
  const secretKey = S.SECRET_KEY.read(env);
  if (production && !secretKey) throw new ConfigError('SECRET_KEY', 'is required when NODE_ENV=production');
  const firstSuperuserPassword = S.FIRST_SUPERUSER_PASSWORD.read(env);
  if (production && !firstSuperuserPassword) {
    throw new ConfigError('FIRST_SUPERUSER_PASSWORD', 'is required when NODE_ENV=production');
  }
  const smtpHost = S.SMTP_HOST.read(env);
  const smtpSsl = S.SMTP_SSL.read(env);
  const smtpTls = S.SMTP_TLS.read(env);
  if (smtpSsl && smtpTls) throw new ConfigError('SMTP_TLS', 'cannot be true together with SMTP_SSL');
  // Read even without SMTP_HOST: a bad SMTP_PORT is refused now, not on the day a host is set.
  const smtpPort = S.SMTP_PORT.read(env);
  const smtp: SmtpConfig | undefined = smtpHost
    ? { host: smtpHost, port: smtpPort, user: S.SMTP_USER.read(env), password: S.SMTP_PASSWORD.read(env), tls: smtpTls, ssl: smtpSsl }
    : undefined;
  const maxAlertsPerBody = S.INGEST_MAX_ALERTS_PER_BODY.read(env);
  const ingestAlertsPerKey = S.RATE_LIMIT_INGEST_ALERTS_PER_MINUTE.read(env);
  if (ingestAlertsPerKey < maxAlertsPerBody) {
    // Else a full body could never pass.
    throw new ConfigError('RATE_LIMIT_INGEST_ALERTS_PER_MINUTE', `must be at least INGEST_MAX_ALERTS_PER_BODY (${maxAlertsPerBody})`);
  }
  const databaseUrl = S.DATABASE_URL.read(env);
  const role = S.VIGIL_ROLE.read(env);
  if (role !== 'all' && !databaseUrl) {
    // The embedded database belongs to one process: a web process and a worker cannot share it.
    throw new ConfigError('VIGIL_ROLE', `is ${role}, which needs DATABASE_URL (PostgreSQL): on the embedded PGlite database only all runs`);
  }
  return {
    production,
    role,
    port: S.PORT.read(env),
    host: S.HOST.read(env),
    dataDir: S.DATA_DIR.read(env),
    databaseUrl,
    preparedStatements: S.DATABASE_PREPARED_STATEMENTS.read(env),
    secretKey,
    accessTokenExpireMinutes: S.ACCESS_TOKEN_EXPIRE_MINUTES.read(env),
    passwordResetExpireMinutes: S.EMAIL_RESET_TOKEN_EXPIRE_MINUTES.read(env),
    signedLinkTtlHours: S.SIGNED_LINK_TTL_HOURS.read(env),
    firstSuperuser: S.FIRST_SUPERUSER.read(env),
    firstSuperuserPassword: firstSuperuserPassword ?? DEV_SUPERUSER_PASSWORD,
    firstSuperuserPasswordIsDefault: firstSuperuserPassword === undefined,
    smtp,
    emailsFromEmail: S.EMAILS_FROM_EMAIL.read(env),
    emailsFromName: S.EMAILS_FROM_NAME.read(env) as string,
    frontendHost: S.FRONTEND_HOST.read(env),
    trustProxy: S.TRUST_PROXY.read(env),
    logLevel: S.LOG_LEVEL.read(env) as string,
    bodyLimitBytes: S.BODY_LIMIT_BYTES.read(env),
    consoleDir: S.CONSOLE_DIR.read(env),
    publicPages: publicPagesConfig(env),
    rateLimit: {
      login: S.RATE_LIMIT_LOGIN_PER_MINUTE.read(env),
      passwordRecovery: S.RATE_LIMIT_RECOVERY_PER_MINUTE.read(env),
      publicAlert: S.RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE.read(env),
      signup: S.RATE_LIMIT_SIGNUP_PER_MINUTE.read(env),
      passwordChange: S.RATE_LIMIT_PASSWORD_CHANGE_PER_MINUTE.read(env),
      perAlert: S.RATE_LIMIT_PER_ALERT_PER_MINUTE.read(env),
      ingestAlertsPerKey,
      heartbeatUnknownPings: S.RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE.read(env),
    },
    ingest: { maxAlertsPerBody },
    redisUrl: S.REDIS_URL.read(env),
    redisKeyPrefix: S.REDIS_KEY_PREFIX.read(env) as string,
    metricsToken: S.METRICS_TOKEN.read(env),
    shutdownDrainMs: S.SHUTDOWN_DRAIN_SECONDS.read(env) * 1000,
    notifications: {
      retryLimit: S.NOTIFICATION_RETRY_LIMIT.read(env),
      retryDelaySeconds: S.NOTIFICATION_RETRY_DELAY_SECONDS.read(env),
      escalationCheckMs: S.ESCALATION_CHECK_SECONDS.read(env) * 1000,
      escalationRepeatWindowMs: S.ESCALATION_REPEAT_WINDOW_SECONDS.read(env) * 1000,
      escalationMaxRoundsPerHour: S.ESCALATION_MAX_ROUNDS_PER_HOUR.read(env),
      pollingIntervalSeconds: 2,
      limits: {
        windowMs: S.NOTIFY_LIMIT_WINDOW_MINUTES.read(env) * 60_000,
        sms: S.NOTIFY_LIMIT_SMS.read(env),
        voice: S.NOTIFY_LIMIT_VOICE.read(env),
        other: S.NOTIFY_LIMIT_OTHER.read(env),
        bundleDelayMs: S.NOTIFY_BUNDLE_DELAY_SECONDS.read(env) * 1000,
      },
    },
    auditLogRetentionDays: S.AUDIT_LOG_RETENTION_DAYS.read(env),
    changeStreams: { maxPerUser: S.CHANGE_STREAMS_PER_USER.read(env), heartbeatMs: 20_000 },
    contacts: {
      confirmationTtlHours: S.CONTACT_CONFIRMATION_TTL_HOURS.read(env),
      resendMinutes: S.CONTACT_CONFIRMATION_RESEND_MINUTES.read(env),
      confirmationsPerDay: S.CONTACT_CONFIRMATIONS_PER_DAY.read(env),
    },
    contactMethods: {
      allowPrivateNetworks: S.CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS.read(env),
      codesPerDay: S.CONTACT_METHOD_CODES_PER_DAY.read(env),
      codeCooldownSeconds: S.CONTACT_METHOD_CODE_COOLDOWN_SECONDS.read(env),
      codeAttemptsPerHour: S.CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR.read(env),
    },
    oidc: oidcConfig(env),
  };
}

/** In development an unset SECRET_KEY is generated once and kept in DATA_DIR, so tokens survive restarts. */
export async function resolveSecretKey(config: ReturnType<typeof parseConfig>): Promise<Config> {
  if (config.secretKey) return config as Config;
  await mkdir(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'secret_key');
  let secretKey: string;
  try {
    secretKey = (await readFile(file, 'utf8')).trim();
  } catch {
    secretKey = randomBytes(48).toString('base64url');
    await writeFile(file, `${secretKey}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
  }
  return { ...config, secretKey };
}

export async function loadConfig(env: Env = process.env): Promise<Config> {
  return resolveSecretKey(parseConfig(env));
}
