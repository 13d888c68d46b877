import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAdminSql as admin } from '../test/helpers/adminSql.js';
import { freePort, spawnTracked, stopChild, waitFor200 } from './children.js';

export interface StartupRun {
  label: string;
  /** Process spawn to the first 200 from /api/v1/utils/health-check/. */
  ms?: number;
  /** buildApp + listen, as the server logs it itself (startupMs). */
  serverReportedMs?: number;
  error?: string;
}

export interface StartupReport {
  entry: string;
  note: string;
  runs: StartupRun[];
}

const STARTUP_DB = 'vigil_bench_startup';

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/** The built server if dist/ is present and not older than src/; otherwise src/ through tsx. */
async function pickEntry(apiDir: string): Promise<{ args: string[]; entry: string; note: string }> {
  const dist = path.join(apiDir, 'dist', 'server.js');
  if (existsSync(dist)) {
    if (statSync(dist).mtimeMs >= (await newestMtime(path.join(apiDir, 'src')))) {
      return { args: [dist], entry: 'node dist/server.js', note: 'built server (npm run build -w api)' };
    }
    return {
      args: ['--import', 'tsx', 'src/server.ts'],
      entry: 'node --import tsx src/server.ts',
      note: 'dist/ is older than src/, so src/ through tsx (includes on-the-fly transpiling; run `npm run build -w api` for the built figure)',
    };
  }
  return {
    args: ['--import', 'tsx', 'src/server.ts'],
    entry: 'node --import tsx src/server.ts',
    note: 'no dist/ build, so src/ through tsx (includes on-the-fly transpiling; run `npm run build -w api` for the built figure)',
  };
}

async function startOnce(label: string, apiDir: string, args: string[], env: Record<string, string>): Promise<StartupRun> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnTracked(process.execPath, args, { ...env, PORT: String(port), HOST: '127.0.0.1' }, apiDir);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    const ready = await waitFor200(`http://127.0.0.1:${port}/api/v1/utils/health-check/`, child, 60_000);
    const reported = /"startupMs":(\d+)/.exec(output)?.[1];
    return { label, ms: Math.round(ready - started), serverReportedMs: reported ? Number(reported) : undefined };
  } catch (error) {
    const tail = output.trim().split('\n').slice(-3).join(' | ');
    return { label, error: `${error instanceof Error ? error.message : String(error)}${tail ? ` — ${tail}` : ''}` };
  } finally {
    await stopChild(child);
  }
}

/**
 * Start-up time of the real entry point, fresh process each time: on PGlite (a new DATA_DIR:
 * first start with migrations, then a second start on the same data) and on PostgreSQL (a
 * dedicated database, since DATABASE_URL has no schema option: first start, then again).
 */
export async function measureStartup(
  apiDir: string,
  databaseUrl: string,
  secrets: { secretKey: string; superuserPassword: string },
): Promise<StartupReport> {
  const { args, entry, note } = await pickEntry(apiDir);
  // LOG_LEVEL=info so the server's own "Vigil API ready" line (with startupMs) is printed.
  const base = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    SECRET_KEY: secrets.secretKey,
    FIRST_SUPERUSER_PASSWORD: secrets.superuserPassword,
  };
  const runs: StartupRun[] = [];

  const dataDir = await mkdtemp(path.join(tmpdir(), 'vigil-bench-'));
  try {
    const env = { ...base, DATA_DIR: dataDir, DATABASE_URL: '' };
    runs.push(await startOnce('PGlite, first start (new DATA_DIR, migrations)', apiDir, args, env));
    runs.push(await startOnce('PGlite, second start (same DATA_DIR)', apiDir, args, env));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const dbUrl = new URL(databaseUrl);
  dbUrl.pathname = `/${STARTUP_DB}`;
  try {
    await admin(databaseUrl, `DROP DATABASE IF EXISTS ${STARTUP_DB}`);
    await admin(databaseUrl, `CREATE DATABASE ${STARTUP_DB}`);
  } catch (error) {
    runs.push({
      label: 'PostgreSQL',
      error: `cannot create database ${STARTUP_DB} (${error instanceof Error ? error.message : error}); DATABASE_URL has no schema option, so this measurement needs its own database`,
    });
    return { entry, note, runs };
  }
  const scratch = await mkdtemp(path.join(tmpdir(), 'vigil-bench-'));
  try {
    const env = { ...base, DATA_DIR: scratch, DATABASE_URL: dbUrl.toString() };
    runs.push(await startOnce('PostgreSQL, first start (new database, migrations)', apiDir, args, env));
    runs.push(await startOnce('PostgreSQL, second start (same database)', apiDir, args, env));
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await admin(databaseUrl, `DROP DATABASE IF EXISTS ${STARTUP_DB} WITH (FORCE)`).catch(() => {});
  }
  return { entry, note, runs };
}
