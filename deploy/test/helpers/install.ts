import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../../api/src/app.js';
import { type Config, parseConfig } from '../../../api/src/config.js';
import { ROOT } from './repo.js';

export const ADMIN = { email: 'admin@example.com', password: 'export-admin-1' };
export const USER = { email: 'oncall@example.com', password: 'export-user-1' };

/** `npm run db:export -- <args>`, as a user runs it. */
export const dbExport = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/dbExport.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });

export function configFor(env: Record<string, string>): Config {
  const parsed = parseConfig({ CONSOLE_DIR: 'none', FIRST_SUPERUSER: ADMIN.email, FIRST_SUPERUSER_PASSWORD: ADMIN.password, ...env });
  return { ...parsed, secretKey: 'db-export-test-secret-key-0123456789abcdef' };
}

/** A 200 answer's JSON, or an error naming the request. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const res = await app.inject(options);
  if (res.statusCode !== 200) throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function login(app: FastifyInstance, user: { email: string; password: string }) {
  const { access_token } = await call(app, {
    method: 'POST',
    url: '/api/v1/login/access-token',
    payload: new URLSearchParams({ username: user.email, password: user.password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { authorization: `Bearer ${access_token}` };
}

export interface Install {
  /** A temporary folder for this test file; dataDir is inside. */
  work: string;
  /** The DATA_DIR of a single-process install (its database in dataDir/pglite). */
  dataDir: string;
  /** An alert acknowledged from its public link. */
  alertId: string;
}

/**
 * A single-process install with real data, made through the API on its embedded database:
 * two users, an integration, two alerts, one of them acknowledged from its public link.
 */
export async function createInstall(): Promise<Install> {
  const work = mkdtempSync(path.join(tmpdir(), 'vigil-export-'));
  const dataDir = path.join(work, 'data');
  const app = await buildApp({ config: configFor({ DATA_DIR: dataDir }), logger: false });
  try {
    const admin = await login(app, ADMIN);
    await call(app, {
      method: 'POST',
      url: '/api/v1/users/',
      headers: admin,
      payload: { ...USER, full_name: 'On Call', is_superuser: false },
    });
    const user = await login(app, USER);
    await call(app, { method: 'POST', url: '/api/v1/integration/', headers: user, payload: { title: 'Prometheus' } });
    const alert = await call(app, {
      method: 'POST',
      url: '/api/v1/alert/',
      headers: user,
      payload: { title: "Disk 'full' on db-1", severity: 'critical' },
    });
    await call(app, { method: 'POST', url: `/api/v1/alert/acknowledge/${alert.id}` });
    await call(app, { method: 'POST', url: '/api/v1/alert/', headers: user, payload: { title: 'CPU high' } });
    return { work, dataDir, alertId: alert.id };
  } finally {
    await app.close();
  }
}
