import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES, type Role } from './operations/roles.js';

// Every environment variable the API reads, declared once: its default, its bounds, its
// one-line meaning, and how deploy/env.example lists it. config.ts assembles the Config from
// these; docs/configuration.md and deploy/env.example are generated from them
// (`npm run gen:config`), and api/test/app/configDocs.test.ts fails when either drifts.

export type Env = Record<string, string | undefined>;

/** Thrown for a bad environment: start-up prints `message` as one line and exits. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

export const SETTING_GROUPS = [
  'Server',
  'Database',
  'Secrets and lifetimes',
  'First superuser',
  'Email',
  'Rate limits and bounds',
  'Notifications and escalation',
  'Escalation contacts and contact methods',
  'Replicas and monitoring',
  'Single sign-on (OIDC)',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/**
 * How deploy/env.example lists a setting for the Compose deployment: `required` (or one every
 * deployment should set) with its example value, `optional` blank (the API's default), or not at all: `compose` when
 * docker-compose.yml sets it itself, `container` when it means nothing in the API's container.
 */
export type ComposeUse = { kind: 'required'; example: string } | { kind: 'optional' } | { kind: 'compose' } | { kind: 'container' };

export interface Setting<T> {
  readonly name: string;
  readonly group: SettingGroup;
  /** One line, for the table and the example file. */
  readonly meaning: string;
  /** The default as a reader should see it (`8000`, `unset: …`). */
  readonly shownDefault: string;
  /** What a value may be (`1 to 65535`), where there is a bound. */
  readonly bounds?: string;
  readonly compose: ComposeUse;
  read(env: Env): T;
}

type Declaration = Pick<Setting<unknown>, 'group' | 'meaning'> & { compose?: ComposeUse };

const OPTIONAL: ComposeUse = { kind: 'optional' };

function raw(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

const code = (value: string | number | boolean) => `\`${value}\``;

function declare<T>(name: string, d: Declaration, shownDefault: string, read: (env: Env) => T, bounds?: string): Setting<T> {
  return { name, group: d.group, meaning: d.meaning, shownDefault, bounds, compose: d.compose ?? OPTIONAL, read };
}

/** A whole number within [min, max]; the default may depend on other settings. */
function integer(
  name: string,
  d: Declaration & { default: number | ((env: Env) => number); shownDefault?: string; min: number; max: number },
): Setting<number> {
  const shown = d.shownDefault ?? code(d.default as number);
  return declare(
    name,
    d,
    shown,
    (env) => {
      const text = raw(env, name);
      if (text === undefined) return typeof d.default === 'function' ? d.default(env) : d.default;
      if (!/^\d+$/.test(text)) throw new ConfigError(name, `must be a whole number, got "${text}"`);
      const value = Number(text);
      if (value < d.min || value > d.max) throw new ConfigError(name, `must be between ${d.min} and ${d.max}, got ${value}`);
      return value;
    },
    `${d.min} to ${d.max}`,
  );
}

function flag(name: string, d: Declaration & { default: boolean | ((env: Env) => boolean); shownDefault?: string }): Setting<boolean> {
  return declare(name, d, d.shownDefault ?? code(d.default as boolean), (env) => {
    const text = raw(env, name)?.toLowerCase();
    if (text === undefined) return typeof d.default === 'function' ? d.default(env) : d.default;
    if (['true', '1', 'yes', 'on'].includes(text)) return true;
    if (['false', '0', 'no', 'off'].includes(text)) return false;
    throw new ConfigError(name, `must be true or false, got "${text}"`);
  });
}

/** Free text; `minLength` for secrets that must be long enough to be secret. */
function text(name: string, d: Declaration & { default?: string; shownDefault?: string; minLength?: number }): Setting<string | undefined> {
  return declare(
    name,
    d,
    d.shownDefault ?? (d.default === undefined ? 'unset' : code(d.default)),
    (env) => {
      const value = raw(env, name) ?? d.default;
      if (value !== undefined && d.minLength !== undefined && value.length < d.minLength)
        throw new ConfigError(name, `must be at least ${d.minLength} characters`);
      return value;
    },
    d.minLength === undefined ? undefined : `at least ${d.minLength} characters`,
  );
}

function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return value;
}

const urlBounds = (protocols: string[]) => `a ${protocols.map((p) => `${p}//`).join(' or ')} URL`;

/** Loopback hosts, where plain http is a development or test provider on this machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OIDC_ISSUER: https, or http on a loopback address (a provider on the same machine). Over
 * plain http elsewhere the client secret and the tokens would cross the network readable.
 */
function readIssuer(env: Env): string | undefined {
  const value = readUrl(env, 'OIDC_ISSUER', ['http:', 'https:']);
  if (value === undefined) return undefined;
  const url = new URL(value);
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new ConfigError('OIDC_ISSUER', 'must be an https:// URL (http:// only on localhost, 127.0.0.1 or [::1])');
  }
  if (url.search || url.hash) throw new ConfigError('OIDC_ISSUER', 'must be the issuer identifier, without a query or fragment');
  return value;
}

function urlOf(name: string, protocols: string[], d: Declaration & { shownDefault: string }): Setting<string | undefined> {
  return declare(name, d, d.shownDefault, (env) => readUrl(env, name, protocols), urlBounds(protocols));
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailOf(name: string, d: Declaration & { default: string }): Setting<string> {
  return declare(
    name,
    d,
    code(d.default),
    (env) => {
      const value = raw(env, name) ?? d.default;
      if (!EMAIL_RE.test(value)) throw new ConfigError(name, `must be an email address, got "${value}"`);
      return value;
    },
    'an email address',
  );
}

/** A folder, resolved against the working directory. */
function folder(name: string, d: Declaration & { shownDefault: string }): Setting<string | undefined> {
  return declare(name, d, d.shownDefault, (env) => {
    const value = raw(env, name);
    return value === undefined ? undefined : path.resolve(value);
  });
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
function readTrustedProxies(env: Env): string[] | false {
  const value = raw(env, 'TRUST_PROXY');
  if (value === undefined || ['false', '0', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(value.toLowerCase()) || /^\d+$/.test(value)) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must name the proxies, not "${value}" (which would believe any caller's X-Forwarded-For): an address or CIDR range, a comma-separated list of them, or loopback`,
    );
  }
  const ranges = value.split(',').map((part) => part.trim());
  const bad = ranges.find((range) => !isProxyRange(range));
  if (bad !== undefined) {
    throw new ConfigError('TRUST_PROXY', `must be addresses or CIDR ranges separated by commas (or loopback), got "${bad}"`);
  }
  return ranges;
}

/** The built console, `<repo>/dist`: two levels up from both api/src and api/dist. */
const DEFAULT_CONSOLE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

const production = (env: Env) => env.NODE_ENV === 'production';
const perMinute = (name: string, fallback: number, meaning: string) =>
  integer(name, { group: 'Rate limits and bounds', meaning, default: fallback, min: 1, max: 1_000_000 });

// Read by other settings' defaults, so declared first.
const PORT = integer('PORT', { group: 'Server', meaning: 'HTTP port', default: 8000, min: 0, max: 65535, compose: { kind: 'container' } });
const SMTP_SSL = flag('SMTP_SSL', { group: 'Email', meaning: 'TLS from the first byte (usually port 465)', default: false });

export { settings as SETTINGS };

const settings = {
  NODE_ENV: declare(
    'NODE_ENV',
    {
      group: 'Server',
      meaning: '`production` requires `SECRET_KEY` and `FIRST_SUPERUSER_PASSWORD`, listens on all addresses and drains on shutdown',
      compose: { kind: 'compose' },
    },
    'unset',
    production,
  ),
  PORT,
  HOST: declare(
    'HOST',
    { group: 'Server', meaning: 'listen address', compose: { kind: 'container' } },
    '`127.0.0.1` (`0.0.0.0` in production)',
    (env) => raw(env, 'HOST') ?? (production(env) ? '0.0.0.0' : '127.0.0.1'),
  ),
  TRUST_PROXY: declare(
    'TRUST_PROXY',
    {
      group: 'Server',
      meaning:
        'addresses, CIDR ranges or `loopback`: the proxies whose `X-Forwarded-For` is believed (docs/api/security.md, "Client addresses")',
      compose: { kind: 'compose' },
    },
    '`false`: nobody',
    readTrustedProxies,
  ),
  LOG_LEVEL: text('LOG_LEVEL', {
    group: 'Server',
    meaning: 'pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace`',
    default: 'info',
  }),
  BODY_LIMIT_BYTES: integer('BODY_LIMIT_BYTES', {
    group: 'Server',
    meaning: 'largest request body; a larger one is a 413 (the Compose gateway refuses it too)',
    default: 1024 * 1024,
    min: 1024,
    max: 64 * 1024 * 1024,
  }),
  SHUTDOWN_DRAIN_SECONDS: integer('SHUTDOWN_DRAIN_SECONDS', {
    group: 'Server',
    meaning: 'on SIGTERM, the health check answers 503 for this long before the server stops accepting',
    // A load balancer needs a few health checks to see the 503 and stop sending; locally, stop at once.
    default: (env) => (production(env) ? 5 : 0),
    shownDefault: '`5` in production, else `0`',
    min: 0,
    max: 300,
  }),
  CONSOLE_DIR: declare(
    'CONSOLE_DIR',
    { group: 'Server', meaning: "the built console served on the API's origin; `none`: the API only", compose: { kind: 'compose' } },
    '`dist/` of the repository',
    (env): string | undefined => {
      const value = raw(env, 'CONSOLE_DIR');
      return value === 'none' ? undefined : path.resolve(value ?? DEFAULT_CONSOLE_DIR);
    },
  ),
  REMOTE_ACTIONS_DIR: folder('REMOTE_ACTIONS_DIR', {
    group: 'Server',
    meaning: "API only, behind the Compose gateway: remote-actions' published versions, to render `/actions/<id>` (with `REMOTES_MAP_DIR`)",
    shownDefault: 'unset: no public pages with `CONSOLE_DIR=none`',
    compose: { kind: 'compose' },
  }),
  REMOTES_MAP_DIR: folder('REMOTES_MAP_DIR', {
    group: 'Server',
    meaning: "the remotes map's folder, naming remote-actions' live version (with `REMOTE_ACTIONS_DIR`)",
    shownDefault: 'unset',
    compose: { kind: 'compose' },
  }),

  DATABASE_URL: urlOf('DATABASE_URL', ['postgres:', 'postgresql:'], {
    group: 'Database',
    meaning: 'a PostgreSQL server',
    shownDefault: 'unset: the embedded PGlite under `DATA_DIR`',
    compose: { kind: 'compose' },
  }),
  DATA_DIR: declare(
    'DATA_DIR',
    { group: 'Database', meaning: 'the embedded database and the development secret key', compose: { kind: 'container' } },
    '`./.data`',
    (env) => path.resolve(raw(env, 'DATA_DIR') ?? '.data'),
  ),
  DATABASE_PREPARED_STATEMENTS: flag('DATABASE_PREPARED_STATEMENTS', {
    group: 'Database',
    meaning: 'repeated queries as prepared statements; `false` behind PgBouncer in transaction mode (docs/deploy/scaling.md)',
    default: true,
  }),

  SECRET_KEY: text('SECRET_KEY', {
    group: 'Secrets and lifetimes',
    meaning: 'signs access tokens and, through a derived key, notification links (e.g. `openssl rand -base64 48`)',
    shownDefault: 'generated once into `DATA_DIR` (development only)',
    minLength: 32,
    compose: { kind: 'required', example: 'change-me-a-secret-of-at-least-32-characters' },
  }),
  ACCESS_TOKEN_EXPIRE_MINUTES: integer('ACCESS_TOKEN_EXPIRE_MINUTES', {
    group: 'Secrets and lifetimes',
    meaning: 'access token lifetime',
    default: 60 * 24 * 8,
    shownDefault: '`11520` (8 days)',
    min: 1,
    max: 60 * 24 * 365,
  }),
  EMAIL_RESET_TOKEN_EXPIRE_MINUTES: integer('EMAIL_RESET_TOKEN_EXPIRE_MINUTES', {
    group: 'Secrets and lifetimes',
    meaning: 'password-reset link lifetime (it works once)',
    default: 60,
    min: 1,
    max: 60 * 24 * 7,
  }),
  SIGNED_LINK_TTL_HOURS: integer('SIGNED_LINK_TTL_HOURS', {
    group: 'Secrets and lifetimes',
    meaning: "a notification's signed action link's lifetime (it stops acting when the alert closes)",
    default: 72,
    min: 1,
    max: 24 * 90,
  }),
  AUDIT_LOG_RETENTION_DAYS: integer('AUDIT_LOG_RETENTION_DAYS', {
    group: 'Secrets and lifetimes',
    meaning: 'how long audit log entries are kept; older ones are deleted hourly (docs/api/audit-log.md)',
    default: 365,
    min: 1,
    max: 365 * 20,
  }),
  METRICS_TOKEN: text('METRICS_TOKEN', {
    group: 'Secrets and lifetimes',
    meaning: 'bearer token with which Prometheus reads `/api/v1/utils/metrics` (e.g. `openssl rand -hex 32`)',
    shownDefault: 'unset: superusers only',
    minLength: 32,
  }),

  FIRST_SUPERUSER: emailOf('FIRST_SUPERUSER', {
    group: 'First superuser',
    meaning: 'created on the first start only',
    default: 'admin@example.com',
    compose: { kind: 'required', example: 'admin@example.com' },
  }),
  FIRST_SUPERUSER_PASSWORD: declare(
    'FIRST_SUPERUSER_PASSWORD',
    {
      group: 'First superuser',
      meaning: 'its password; without one, the development default, printed on the first start',
      compose: { kind: 'required', example: 'change-me-superuser-password' },
    },
    '`changethis` (development only)',
    (env) => {
      const value = raw(env, 'FIRST_SUPERUSER_PASSWORD');
      if (value !== undefined && (value.length < 8 || value.length > 128))
        throw new ConfigError('FIRST_SUPERUSER_PASSWORD', 'must be 8 to 128 characters');
      return value;
    },
    '8 to 128 characters',
  ),

  SMTP_HOST: text('SMTP_HOST', {
    group: 'Email',
    meaning: 'SMTP server',
    shownDefault: 'unset: each email is written to the log, links included',
  }),
  SMTP_PORT: integer('SMTP_PORT', {
    group: 'Email',
    meaning: 'SMTP port',
    default: (env) => (SMTP_SSL.read(env) ? 465 : 587),
    shownDefault: '`587` (`465` with `SMTP_SSL`)',
    min: 1,
    max: 65535,
  }),
  SMTP_USER: text('SMTP_USER', { group: 'Email', meaning: 'SMTP user', shownDefault: 'unset: no authentication' }),
  SMTP_PASSWORD: text('SMTP_PASSWORD', { group: 'Email', meaning: "the SMTP user's password", shownDefault: 'unset' }),
  SMTP_TLS: flag('SMTP_TLS', {
    group: 'Email',
    meaning: 'STARTTLS required (not with `SMTP_SSL`)',
    default: (env) => !SMTP_SSL.read(env),
    shownDefault: '`true` unless `SMTP_SSL`',
  }),
  SMTP_SSL,
  EMAILS_FROM_EMAIL: emailOf('EMAILS_FROM_EMAIL', {
    group: 'Email',
    meaning: "the sender's address",
    default: 'vigil@localhost.localdomain',
    compose: { kind: 'required', example: 'vigil@example.com' },
  }),
  EMAILS_FROM_NAME: text('EMAILS_FROM_NAME', { group: 'Email', meaning: "the sender's name", default: 'Vigil' }),
  FRONTEND_HOST: declare(
    'FRONTEND_HOST',
    {
      group: 'Email',
      meaning: "the console's public URL: the base of every link in an email and of the ingest URLs",
      compose: { kind: 'required', example: 'https://vigil.example.com' },
    },
    '`http://localhost:$PORT`',
    (env) => (readUrl(env, 'FRONTEND_HOST', ['http:', 'https:']) ?? `http://localhost:${PORT.read(env)}`).replace(/\/+$/, ''),
    urlBounds(['http:', 'https:']),
  ),

  RATE_LIMIT_LOGIN_PER_MINUTE: perMinute('RATE_LIMIT_LOGIN_PER_MINUTE', 10, 'login attempts per client address and minute'),
  RATE_LIMIT_RECOVERY_PER_MINUTE: perMinute(
    'RATE_LIMIT_RECOVERY_PER_MINUTE',
    5,
    'password recoveries, and resets, per client address and minute (each)',
  ),
  RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE: perMinute(
    'RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE',
    60,
    'public alert reads and actions (and contact confirmations, calendar feed fetches) per client address and minute',
  ),
  RATE_LIMIT_SIGNUP_PER_MINUTE: perMinute('RATE_LIMIT_SIGNUP_PER_MINUTE', 5, 'sign-ups per client address and minute'),
  RATE_LIMIT_PASSWORD_CHANGE_PER_MINUTE: perMinute(
    'RATE_LIMIT_PASSWORD_CHANGE_PER_MINUTE',
    5,
    'password changes per client address and minute',
  ),
  RATE_LIMIT_PER_ALERT_PER_MINUTE: perMinute(
    'RATE_LIMIT_PER_ALERT_PER_MINUTE',
    120,
    'public reads and actions of one alert per minute, every address together',
  ),
  // 100 alerts a second per key, sustained; a storm above it waits (429, Retry-After) rather than floods.
  RATE_LIMIT_INGEST_ALERTS_PER_MINUTE: integer('RATE_LIMIT_INGEST_ALERTS_PER_MINUTE', {
    group: 'Rate limits and bounds',
    meaning: 'alerts per ingest key and minute, its ingest URLs and `/v2/enqueue` together; at least `INGEST_MAX_ALERTS_PER_BODY`',
    default: 6000,
    min: 1,
    max: 100_000_000,
  }),
  RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE: perMinute(
    'RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE',
    30,
    'heartbeat pings with a token that opens no monitor, per client address (an IPv6 one by its /64) and minute',
  ),
  INGEST_MAX_ALERTS_PER_BODY: integer('INGEST_MAX_ALERTS_PER_BODY', {
    group: 'Rate limits and bounds',
    meaning: 'alerts one ingest request may carry; a larger body is a 413 and stores nothing',
    default: 1000,
    min: 1,
    max: 10_000,
  }),
  CHANGE_STREAMS_PER_USER: integer('CHANGE_STREAMS_PER_USER', {
    group: 'Rate limits and bounds',
    // A console tab holds one: five tabs open at once is generous, fifty sockets are not.
    meaning: 'open live change streams (one per console tab) per user and API process; then 429',
    default: 5,
    min: 1,
    max: 100,
  }),

  NOTIFICATION_RETRY_LIMIT: integer('NOTIFICATION_RETRY_LIMIT', {
    group: 'Notifications and escalation',
    // 12 retries from 10 s, doubling: an email keeps trying for roughly 6 to 11 hours.
    meaning: 'retries of a failed notification, with exponential backoff',
    default: 12,
    min: 0,
    max: 50,
  }),
  NOTIFICATION_RETRY_DELAY_SECONDS: integer('NOTIFICATION_RETRY_DELAY_SECONDS', {
    group: 'Notifications and escalation',
    meaning: "the first retry's delay; each next one doubles",
    default: 10,
    min: 1,
    max: 3600,
  }),
  ESCALATION_CHECK_SECONDS: integer('ESCALATION_CHECK_SECONDS', {
    group: 'Notifications and escalation',
    meaning: 'how often each API process escalates alerts left unacknowledged',
    default: 15,
    min: 1,
    max: 3600,
  }),
  ESCALATION_REPEAT_WINDOW_SECONDS: integer('ESCALATION_REPEAT_WINDOW_SECONDS', {
    group: 'Notifications and escalation',
    meaning: 'a second escalate of an alert within this of its last is ignored (`0`: never)',
    default: 60,
    min: 0,
    max: 3600,
  }),
  ESCALATION_MAX_ROUNDS_PER_HOUR: integer('ESCALATION_MAX_ROUNDS_PER_HOUR', {
    group: 'Notifications and escalation',
    // Enough for a ten-level policy escalating every minute; 20 contacts a level: 200 emails an hour at most.
    meaning: 'escalations (rounds of notifications) of one alert in any hour, at most',
    default: 10,
    min: 1,
    max: 100,
  }),
  // No storm (docs/oncall/contact-methods.md): past a limit, one bundled message tells of the rest.
  NOTIFY_LIMIT_WINDOW_MINUTES: integer('NOTIFY_LIMIT_WINDOW_MINUTES', {
    group: 'Notifications and escalation',
    meaning: 'the window of the per-person limits below; also how long a voice call of an alert is not repeated',
    default: 15,
    min: 1,
    max: 24 * 60,
  }),
  NOTIFY_LIMIT_SMS: integer('NOTIFY_LIMIT_SMS', {
    group: 'Notifications and escalation',
    meaning: 'alert SMS one person is sent per window; past it, one bundled SMS tells of the rest (`0`: unlimited)',
    default: 5,
    min: 0,
    max: 1000,
  }),
  NOTIFY_LIMIT_VOICE: integer('NOTIFY_LIMIT_VOICE', {
    group: 'Notifications and escalation',
    meaning: 'alert voice calls one person gets per window; past it, one bundled call tells of the rest (`0`: unlimited)',
    default: 3,
    min: 0,
    max: 1000,
  }),
  NOTIFY_LIMIT_OTHER: integer('NOTIFY_LIMIT_OTHER', {
    group: 'Notifications and escalation',
    meaning:
      'alert notifications one person is sent per window through each other kind (email, webhook, Slack-compatible, ntfy), counted per kind (`0`: unlimited)',
    default: 0,
    min: 0,
    max: 10_000,
  }),
  NOTIFY_BUNDLE_DELAY_SECONDS: integer('NOTIFY_BUNDLE_DELAY_SECONDS', {
    group: 'Notifications and escalation',
    meaning: 'a bundle leaves this long after the first notification it holds (then at most one per window and method)',
    default: 60,
    min: 0,
    max: 3600,
  }),

  CONTACT_CONFIRMATION_TTL_HOURS: integer('CONTACT_CONFIRMATION_TTL_HOURS', {
    group: 'Escalation contacts and contact methods',
    meaning: "an escalation contact's confirmation link's lifetime",
    default: 72,
    min: 1,
    max: 24 * 30,
  }),
  CONTACT_CONFIRMATION_RESEND_MINUTES: integer('CONTACT_CONFIRMATION_RESEND_MINUTES', {
    group: 'Escalation contacts and contact methods',
    meaning: 'one confirmation email per owner and address this often',
    default: 60,
    min: 1,
    max: 7 * 24 * 60,
  }),
  CONTACT_CONFIRMATIONS_PER_DAY: integer('CONTACT_CONFIRMATIONS_PER_DAY', {
    group: 'Escalation contacts and contact methods',
    meaning: "confirmation emails one owner's contacts may be sent per 24 hours",
    default: 100,
    min: 1,
    max: 100_000,
  }),
  CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS: flag('CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS', {
    group: 'Escalation contacts and contact methods',
    meaning:
      'let webhook, Slack-compatible and ntfy URLs reach addresses that are not global unicast (the SSRF guard off): only for a receiver inside your own network',
    default: false,
  }),
  // A user verifies a few methods, once each: 10 a day leaves room for retries, and bounds what
  // one account can send to strangers (the codes carry no text of its own).
  CONTACT_METHOD_CODES_PER_DAY: integer('CONTACT_METHOD_CODES_PER_DAY', {
    group: 'Escalation contacts and contact methods',
    meaning: "verification codes one user may have sent per 24 hours, deleted methods' included",
    default: 10,
    min: 1,
    max: 1000,
  }),
  // A code lives 15 minutes: a new one for the same target every 5 is plenty, and bounds what
  // every account together can send to one address to 12 an hour.
  CONTACT_METHOD_CODE_COOLDOWN_SECONDS: integer('CONTACT_METHOD_CODE_COOLDOWN_SECONDS', {
    group: 'Escalation contacts and contact methods',
    meaning: 'one verification code per target (an address, a URL) this often, whoever asks',
    default: 300,
    min: 10,
    max: 86_400,
  }),
  // 10 wrong 6-digit codes an hour: a guess at one code in 100,000 per hour, per user and per target.
  CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR: integer('CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR', {
    group: 'Escalation contacts and contact methods',
    meaning: 'wrong verification codes per user (across their methods), and per target, per hour',
    default: 10,
    min: 1,
    max: 1000,
  }),

  VIGIL_ROLE: declare(
    'VIGIL_ROLE',
    {
      group: 'Replicas and monitoring',
      meaning:
        'what this process runs: `all`, `web` (the HTTP API, no background work) or `worker` (sending and timers; over HTTP only probes and metrics); `web` and `worker` need `DATABASE_URL` (docs/deploy/scaling.md)',
    },
    '`all`',
    (env): Role => {
      const value = raw(env, 'VIGIL_ROLE') ?? 'all';
      if (!(ROLES as readonly string[]).includes(value)) throw new ConfigError('VIGIL_ROLE', `must be all, web or worker, got "${value}"`);
      return value as Role;
    },
    '`all`, `web` or `worker`',
  ),
  REDIS_URL: urlOf('REDIS_URL', ['redis:', 'rediss:'], {
    group: 'Replicas and monitoring',
    meaning: 'rate-limit counters shared by API replicas',
    shownDefault: 'unset: PostgreSQL with `DATABASE_URL`, else process memory',
    compose: { kind: 'compose' },
  }),
  REDIS_KEY_PREFIX: text('REDIS_KEY_PREFIX', {
    group: 'Replicas and monitoring',
    meaning: 'prefix of every Redis key, for several deployments on one Redis',
    default: 'vigil:',
  }),

  OIDC_ISSUER: declare(
    'OIDC_ISSUER',
    {
      group: 'Single sign-on (OIDC)',
      meaning:
        "the OpenID provider's issuer identifier; set with the client id and secret, the login page offers single sign-on (docs/api/single-sign-on.md)",
    },
    'unset: password login only',
    readIssuer,
    'an https:// URL (http:// on a loopback address)',
  ),
  OIDC_CLIENT_ID: text('OIDC_CLIENT_ID', {
    group: 'Single sign-on (OIDC)',
    meaning: "Vigil's client id at the provider",
    shownDefault: 'unset',
  }),
  OIDC_CLIENT_SECRET: text('OIDC_CLIENT_SECRET', {
    group: 'Single sign-on (OIDC)',
    meaning: "Vigil's client secret at the provider: never logged nor answered",
    shownDefault: 'unset',
  }),
  OIDC_SCOPES: declare(
    'OIDC_SCOPES',
    { group: 'Single sign-on (OIDC)', meaning: 'scopes asked for, space-separated; `openid` and `email` are always among them' },
    '`openid email profile`',
    (env) => {
      const given = (raw(env, 'OIDC_SCOPES') ?? 'openid email profile').split(/[\s,]+/).filter(Boolean);
      const bad = given.find((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/.test(scope));
      if (bad !== undefined) throw new ConfigError('OIDC_SCOPES', `holds a scope that is not a scope token: "${bad}"`);
      return [...new Set(['openid', 'email', ...given])];
    },
    'scope tokens separated by spaces',
  ),
  OIDC_PROVIDER_NAME: declare(
    'OIDC_PROVIDER_NAME',
    { group: 'Single sign-on (OIDC)', meaning: "the provider's name on the login page's button, after 'Sign in with'" },
    '`SSO`',
    (env) => {
      const value = raw(env, 'OIDC_PROVIDER_NAME') ?? 'SSO';
      if (value.length > 40) throw new ConfigError('OIDC_PROVIDER_NAME', 'must be at most 40 characters');
      return value;
    },
    'at most 40 characters',
  ),
  OIDC_GROUPS_CLAIM: text('OIDC_GROUPS_CLAIM', {
    group: 'Single sign-on (OIDC)',
    meaning: "the claim listing the user's groups, stored at each sign-in",
    default: 'groups',
  }),
  PASSWORD_LOGIN_SUPERUSERS_ONLY: flag('PASSWORD_LOGIN_SUPERUSERS_ONLY', {
    group: 'Single sign-on (OIDC)',
    meaning:
      'password login refused (403) to everyone but superusers, who keep it to reach Vigil when the provider is down; needs `OIDC_ISSUER`',
    default: false,
  }),
};

/** Every setting, in the order the docs list them. */
export const ALL_SETTINGS: readonly Setting<unknown>[] = Object.values(settings);
