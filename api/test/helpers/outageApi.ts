import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type ApiProcess, startApiProcess } from './apiProcess.js';
import { eventually } from './eventually.js';
import type { SmtpSink } from './smtpSink.js';

/** The API process, its first superuser, and what both outage tests ask of it. */
export const ADMIN = { email: 'admin@example.com', password: 'outage-admin-password' };

/** A real API process on `databaseUrl`, sending its emails to `mail`, escalating every second. */
export function startOutageApi(databaseUrl: string, mail: SmtpSink): Promise<ApiProcess> {
  return startApiProcess({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SECRET_KEY: 'outage-test-secret-key-0123456789abcdef',
    FIRST_SUPERUSER: ADMIN.email,
    FIRST_SUPERUSER_PASSWORD: ADMIN.password,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.port),
    SMTP_TLS: 'false',
    SMTP_SSL: 'false',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    NOTIFICATION_RETRY_DELAY_SECONDS: '1',
    ESCALATION_CHECK_SECONDS: '1',
    SHUTDOWN_DRAIN_SECONDS: '0',
    LOG_LEVEL: 'info',
  });
}

export async function login(api: ApiProcess, email: string, password: string): Promise<string> {
  const res = await fetch(`${api.url}/api/v1/login/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Calls the API as `token`; throws unless the answer is 200. */
export async function call<T>(api: ApiProcess, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new ordinary user, created by the superuser, logged in: their token. */
export async function createUser(api: ApiProcess, adminToken: string): Promise<string> {
  const email = `watcher-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'watcher-password-1';
  await call(api, adminToken, 'POST', '/api/v1/users/', { email, password, full_name: 'Watcher', is_superuser: false, is_active: true });
  return login(api, email, password);
}

/** One statement on `url`, on a connection of its own. */
export async function sqlOn(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Whether the API's LISTEN connection (the live change stream's) is open on `database`. */
export async function listening(adminUrl: string, database: string): Promise<boolean> {
  const { rows } = await sqlOn(adminUrl, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'`, [
    database,
  ]);
  return rows[0].n > 0;
}

/** Once every notification is sent: how many new-alert emails each alert title got (must be one each). */
export async function emailsPerTitle(databaseUrl: string, mail: SmtpSink, titles: string[]): Promise<Map<string, number>> {
  await eventually(
    async () => {
      const { rows } = await sqlOn(databaseUrl, `SELECT count(*)::int AS n FROM notifications WHERE status <> 'sent'`);
      return rows[0].n === 0;
    },
    'every notification sent',
    60_000,
  );
  return new Map(
    titles.map((title) => [
      title,
      mail.messages.filter((m) => !m.subject.startsWith('[Vigil][ESCALATED') && m.subject.endsWith(` ${title}`)).length,
    ]),
  );
}
