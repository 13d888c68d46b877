import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Thrown for a bad environment: start-up prints `message` as one line and exits. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

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

/** Bounds on what one request may set off (docs/api.md, "Security"). */
export interface IngestConfig {
  /** Alerts (distinct dedup keys) one ingest body may carry; a larger body is refused whole (413). */
  maxAlertsPerBody: number;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
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
   * renders them with the server renderer of remote-actions' live version (docs/deploy.md).
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
  changeStreams: ChangeStreamConfig;
  contacts: ContactConfig;
  contactMethods: ContactMethodConfig;
}

/** Users' contact methods (docs/oncall.md, "Contact methods and notification rules"). */
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

/** Live change streams (GET /alert/changes, docs/api.md "Live changes"). */
export interface ChangeStreamConfig {
  /** Open streams one user may hold on one API process; past it a new one is a 429. */
  maxPerUser: number;
  /** How often a stream sends a keep-alive and re-reads its user (token, role, active). */
  heartbeatMs: number;
}

/** Escalation contacts confirm their address before they get alerts (docs/api.md, "Contacts confirm their address"). */
export interface ContactConfig {
  /** How long a confirmation link works. */
  confirmationTtlHours: number;
  /** One confirmation email per owner and address at most this often (a re-send sooner is a 429). */
  resendMinutes: number;
  /** Confirmation emails one owner's contacts may be sent per 24 hours, all addresses together. */
  confirmationsPerDay: number;
}

/** Delivery of notification emails and the escalation timer (docs/api.md, "Notifications and escalation"). */
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
}

type Env = Record<string, string | undefined>;

/** The built console, `<repo>/dist`: two levels up from both api/src and api/dist. */
const DEFAULT_CONSOLE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const DEV_SUPERUSER = 'admin@example.com';
const DEV_SUPERUSER_PASSWORD = 'changethis';
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function str(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One trusted proxy: an address, a CIDR range, or a range name proxy-addr knows. */
function isProxyRange(value: string): boolean {
  if (PROXY_RANGE_NAMES.includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: the addresses of the proxies we run, never "anyone". `true` (or a hop count)
 * would believe the X-Forwarded-For of whoever connects, so a caller could pick the address
 * the rate limits count and the alert history records: refused, saying what to set instead.
 */
function trustedProxies(env: Env): string[] | false {
  const raw = str(env, 'TRUST_PROXY');
  if (raw === undefined || ['false', '0', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase()) || /^\d+$/.test(raw)) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must name the proxies, not "${raw}" (which would believe any caller's X-Forwarded-For): an address or CIDR range, a comma-separated list of them, or loopback`,
    );
  }
  const ranges = raw.split(',').map((part) => part.trim());
  const bad = ranges.find((range) => !isProxyRange(range));
  if (bad !== undefined) {
    throw new ConfigError('TRUST_PROXY', `must be addresses or CIDR ranges separated by commas (or loopback), got "${bad}"`);
  }
  return ranges;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

/** REMOTE_ACTIONS_DIR and REMOTES_MAP_DIR: both, or neither (one alone names no live version's files). */
function publicPagesConfig(env: Env): PublicPagesConfig | undefined {
  const remoteActionsDir = str(env, 'REMOTE_ACTIONS_DIR');
  const remotesMapDir = str(env, 'REMOTES_MAP_DIR');
  if (!remoteActionsDir && !remotesMapDir) return undefined;
  if (!remoteActionsDir) throw new ConfigError('REMOTE_ACTIONS_DIR', 'is required with REMOTES_MAP_DIR');
  if (!remotesMapDir) throw new ConfigError('REMOTES_MAP_DIR', 'is required with REMOTE_ACTIONS_DIR');
  return { remoteActionsDir: path.resolve(remoteActionsDir), remotesMapDir: path.resolve(remotesMapDir) };
}

function email(env: Env, name: string, fallback: string): string {
  const value = str(env, name) ?? fallback;
  if (!EMAIL_RE.test(value)) throw new ConfigError(name, `must be an email address, got "${value}"`);
  return value;
}

/**
 * Parses and validates the environment once, at start-up. Pure except for nothing:
 * the development SECRET_KEY is resolved separately by {@link resolveSecretKey}.
 */
export function parseConfig(env: Env = process.env): Omit<Config, 'secretKey'> & { secretKey?: string } {
  const production = env.NODE_ENV === 'production';
  const port = int(env, 'PORT', 8000, 0, 65535);
  const secretKey = str(env, 'SECRET_KEY');
  if (production && !secretKey) throw new ConfigError('SECRET_KEY', 'is required when NODE_ENV=production');
  if (secretKey !== undefined && secretKey.length < 32) {
    throw new ConfigError('SECRET_KEY', 'must be at least 32 characters');
  }
  const firstSuperuserPassword = str(env, 'FIRST_SUPERUSER_PASSWORD');
  if (production && !firstSuperuserPassword) {
    throw new ConfigError('FIRST_SUPERUSER_PASSWORD', 'is required when NODE_ENV=production');
  }
  if (firstSuperuserPassword !== undefined && (firstSuperuserPassword.length < 8 || firstSuperuserPassword.length > 128)) {
    throw new ConfigError('FIRST_SUPERUSER_PASSWORD', 'must be 8 to 128 characters');
  }
  const smtpHost = str(env, 'SMTP_HOST');
  const smtpSsl = bool(env, 'SMTP_SSL', false);
  const smtpTls = bool(env, 'SMTP_TLS', !smtpSsl);
  if (smtpSsl && smtpTls) throw new ConfigError('SMTP_TLS', 'cannot be true together with SMTP_SSL');
  const smtp: SmtpConfig | undefined = smtpHost
    ? {
        host: smtpHost,
        port: int(env, 'SMTP_PORT', smtpSsl ? 465 : 587, 1, 65535),
        user: str(env, 'SMTP_USER'),
        password: str(env, 'SMTP_PASSWORD'),
        tls: smtpTls,
        ssl: smtpSsl,
      }
    : undefined;
  const metricsToken = str(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 32) throw new ConfigError('METRICS_TOKEN', 'must be at least 32 characters');
  const maxAlertsPerBody = int(env, 'INGEST_MAX_ALERTS_PER_BODY', 1000, 1, 10_000);
  // 100 alerts a second per key, sustained; a storm above it waits (429, Retry-After) rather than floods.
  const ingestAlertsPerKey = int(env, 'RATE_LIMIT_INGEST_ALERTS_PER_MINUTE', 6000, 1, 100_000_000);
  if (ingestAlertsPerKey < maxAlertsPerBody) {
    // Else a full body could never pass.
    throw new ConfigError('RATE_LIMIT_INGEST_ALERTS_PER_MINUTE', `must be at least INGEST_MAX_ALERTS_PER_BODY (${maxAlertsPerBody})`);
  }
  const frontendHost = (url(env, 'FRONTEND_HOST', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    production,
    port,
    host: str(env, 'HOST') ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? '.data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    preparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', true),
    secretKey,
    accessTokenExpireMinutes: int(env, 'ACCESS_TOKEN_EXPIRE_MINUTES', 60 * 24 * 8, 1, 60 * 24 * 365),
    passwordResetExpireMinutes: int(env, 'EMAIL_RESET_TOKEN_EXPIRE_MINUTES', 60, 1, 60 * 24 * 7),
    signedLinkTtlHours: int(env, 'SIGNED_LINK_TTL_HOURS', 72, 1, 24 * 90),
    firstSuperuser: email(env, 'FIRST_SUPERUSER', DEV_SUPERUSER),
    firstSuperuserPassword: firstSuperuserPassword ?? DEV_SUPERUSER_PASSWORD,
    firstSuperuserPasswordIsDefault: firstSuperuserPassword === undefined,
    smtp,
    emailsFromEmail: email(env, 'EMAILS_FROM_EMAIL', 'vigil@localhost.localdomain'),
    emailsFromName: str(env, 'EMAILS_FROM_NAME') ?? 'Vigil',
    frontendHost,
    trustProxy: trustedProxies(env),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    consoleDir: str(env, 'CONSOLE_DIR') === 'none' ? undefined : path.resolve(str(env, 'CONSOLE_DIR') ?? DEFAULT_CONSOLE_DIR),
    publicPages: publicPagesConfig(env),
    rateLimit: {
      login: int(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 10, 1, 1_000_000),
      passwordRecovery: int(env, 'RATE_LIMIT_RECOVERY_PER_MINUTE', 5, 1, 1_000_000),
      publicAlert: int(env, 'RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE', 60, 1, 1_000_000),
      signup: int(env, 'RATE_LIMIT_SIGNUP_PER_MINUTE', 5, 1, 1_000_000),
      passwordChange: int(env, 'RATE_LIMIT_PASSWORD_CHANGE_PER_MINUTE', 5, 1, 1_000_000),
      perAlert: int(env, 'RATE_LIMIT_PER_ALERT_PER_MINUTE', 120, 1, 1_000_000),
      ingestAlertsPerKey,
      heartbeatUnknownPings: int(env, 'RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE', 30, 1, 1_000_000),
    },
    ingest: { maxAlertsPerBody },
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: str(env, 'REDIS_KEY_PREFIX') ?? 'vigil:',
    metricsToken,
    // A load balancer needs a few health checks to see the 503 and stop sending; locally, stop at once.
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_SECONDS', production ? 5 : 0, 0, 300) * 1000,
    notifications: {
      // 12 retries from 10 s, doubling: an email keeps trying for roughly 6 to 11 hours.
      retryLimit: int(env, 'NOTIFICATION_RETRY_LIMIT', 12, 0, 50),
      retryDelaySeconds: int(env, 'NOTIFICATION_RETRY_DELAY_SECONDS', 10, 1, 3600),
      escalationCheckMs: int(env, 'ESCALATION_CHECK_SECONDS', 15, 1, 3600) * 1000,
      escalationRepeatWindowMs: int(env, 'ESCALATION_REPEAT_WINDOW_SECONDS', 60, 0, 3600) * 1000,
      // Enough for a ten-level policy escalating every minute; 20 contacts a level: 200 emails an hour at most.
      escalationMaxRoundsPerHour: int(env, 'ESCALATION_MAX_ROUNDS_PER_HOUR', 10, 1, 100),
      pollingIntervalSeconds: 2,
    },
    changeStreams: {
      // A console tab holds one: five tabs open at once is generous, fifty sockets are not.
      maxPerUser: int(env, 'CHANGE_STREAMS_PER_USER', 5, 1, 100),
      heartbeatMs: 20_000,
    },
    contacts: {
      confirmationTtlHours: int(env, 'CONTACT_CONFIRMATION_TTL_HOURS', 72, 1, 24 * 30),
      resendMinutes: int(env, 'CONTACT_CONFIRMATION_RESEND_MINUTES', 60, 1, 7 * 24 * 60),
      confirmationsPerDay: int(env, 'CONTACT_CONFIRMATIONS_PER_DAY', 100, 1, 100_000),
    },
    contactMethods: {
      allowPrivateNetworks: bool(env, 'CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS', false),
      // A user verifies a few methods, once each: 10 a day leaves room for retries, and bounds
      // what one account can send to strangers (the codes carry no text of its own).
      codesPerDay: int(env, 'CONTACT_METHOD_CODES_PER_DAY', 10, 1, 1000),
      // A code lives 15 minutes: a new one for the same target every 5 is plenty, and bounds what
      // every account together can send to one address to 12 an hour.
      codeCooldownSeconds: int(env, 'CONTACT_METHOD_CODE_COOLDOWN_SECONDS', 300, 10, 86_400),
      // 10 wrong 6-digit codes an hour: a guess at one code in 100,000 per hour, per user and per target.
      codeAttemptsPerHour: int(env, 'CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR', 10, 1, 1000),
    },
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
