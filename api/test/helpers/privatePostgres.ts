import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { it } from 'vitest';

/**
 * A PostgreSQL server of a test's own, for what the machine's shared one must not go through
 * (a stop and start under load): initdb into a temporary directory, started and stopped with
 * pg_ctl on a free port of `ports`. initdb and postgres refuse to run as root: as root they
 * run as the `postgres` user, which owns the directory.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** A fast shutdown, as a restart does: sessions are ended, new connections refused. */
  stop(): Promise<void>;
  /** Stops it and deletes its directory. */
  dispose(): Promise<void>;
}

/** The newest server binaries Debian installed (/usr/lib/postgresql/<version>/bin), if any. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

/**
 * Inside a describe: the server binaries, or undefined after adding the one test that says
 * why there are none (a skip, or a failure under VIGIL_REQUIRE_POSTGRES=1, as on CI).
 */
export function serverBinariesOrSkip(needs = 'initdb and pg_ctl'): string | undefined {
  const binDir = postgresBinDir();
  if (binDir) return binDir;
  it(`needs the PostgreSQL server binaries (/usr/lib/postgresql/*/bin/${needs})`, (context) => {
    if (process.env.VIGIL_REQUIRE_POSTGRES === '1')
      throw new Error('VIGIL_REQUIRE_POSTGRES=1 but no /usr/lib/postgresql/*/bin/initdb: install the postgresql package');
    context.skip('no /usr/lib/postgresql/*/bin/initdb: a private server cannot be started');
  });
  return undefined;
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The first of `ports` nobody listens on. */
export async function freePortAmong(ports: number[]): Promise<number> {
  for (const candidate of ports) if (await portIsFree(candidate)) return candidate;
  throw new Error(`no free port for a private PostgreSQL among ${ports.join(', ')}`);
}

/** Who the server's tools run as. */
export type ServerUser = { uid: number; gid: number } | undefined;

/** Root's processes run the server as `postgres`; anyone else as themselves. */
export function serverUser(): ServerUser {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs one of the server's tools (initdb, pg_ctl, pg_basebackup) as `user`; rejects with its output. */
export function runServerTool(bin: string, args: string[], user: ServerUser): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...user, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} ${args.join(' ')} exited ${code}: ${output}`)),
    );
  });
}

/** A new temporary directory the server's user owns. */
export async function serverOwnedDir(user: ServerUser): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vigil-pg-'));
  if (user) await chown(dir, user.uid, user.gid);
  return dir;
}

/** A new cluster in `data`: user `postgres`, trust authentication (loopback only), UTF-8. */
export const initDataDir = (binDir: string, data: string, user: ServerUser) =>
  runServerTool(path.join(binDir, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'], user);

export async function startPrivatePostgres(binDir: string, ports: number[]): Promise<PrivatePostgres> {
  const port = await freePortAmong(ports);
  const user = serverUser();
  const dir = await serverOwnedDir(user);
  const data = path.join(dir, 'data');
  await initDataDir(binDir, data, user);
  // Durability is not what this server is for: no fsync keeps its start and checkpoints quick.
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const pgCtl = path.join(binDir, 'pg_ctl');
  const logFile = path.join(dir, 'server.log');
  const start = () => runServerTool(pgCtl, ['-D', data, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start'], user);
  const stop = () => runServerTool(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], user);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async dispose() {
      await runServerTool(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'], user).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
