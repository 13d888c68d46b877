import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { chown as chownPath, mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  freePortAmong,
  initDataDir,
  runServerTool,
  type ServerUser,
  serverOwnedDir,
  serverUser,
} from '../../../api/test/helpers/privatePostgres.js';

/**
 * A PostgreSQL primary and its synchronous standby from the machine's server binaries, as
 * CloudNativePG runs them: the standby is a `pg_basebackup -R` copy streaming from the primary,
 * named in the primary's `synchronous_standby_names`, and every commit (`synchronous_commit =
 * on`) waits for it, so a promoted standby holds every answered commit. Nodes are named a, b,
 * c… in the order they were made; each has its own port and data directory under one
 * temporary directory. Whatever happens to the test, no server outlives it: dispose() and, as a
 * last resort, the process's exit kill every node's postmaster and its processes and remove
 * the directory.
 */
export interface PostgresNode {
  name: string;
  port: number;
  data: string;
  /** The `postgres` database on this node. */
  url: string;
}

/** Postmasters of every node started, and the roots to remove. */
const live = { postmasters: new Set<number>(), roots: new Set<string>() };
let exitHookSet = false;
function killAllOnExit(): void {
  if (exitHookSet) return;
  exitHookSet = true;
  process.once('exit', () => {
    for (const pid of live.postmasters) killWithChildren(pid);
    for (const root of live.roots) rmSync(root, { recursive: true, force: true });
  });
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** A postmaster and its processes (each backend leads a session of its own, so not one group). */
function killWithChildren(pid: number): void {
  for (const child of running((p) => p.ppid === pid)) kill(child);
  kill(pid);
}

/** Running processes (a zombie, dead but not reaped, does not count) that `match`. */
function running(match: (p: { pid: number; ppid: number }) => boolean): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    if (state !== 'Z' && match({ pid, ppid: Number(ppid) })) found.push(pid);
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(50);
  }
}

/** One statement on a connection of its own; rejects when the server cannot be reached. */
export async function sqlAt<R extends pg.QueryResultRow = any>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

export class PostgresCluster {
  private nodes: PostgresNode[] = [];
  /** Each running node's postmaster pid. */
  private postmasters = new Map<PostgresNode, number>();

  private constructor(
    private readonly binDir: string,
    private readonly ports: number[],
    private readonly user: ServerUser,
    private readonly root: string,
    public primary: PostgresNode,
    public standby: PostgresNode | undefined,
  ) {}

  /** A primary (initdb) and its synchronous standby, both running. */
  static async start(binDir: string, ports: number[]): Promise<PostgresCluster> {
    killAllOnExit();
    const user = serverUser();
    const root = await serverOwnedDir(user);
    live.roots.add(root);
    const cluster = new PostgresCluster(binDir, ports, user, root, undefined as never, undefined);
    try {
      const primary = await cluster.newNode();
      await initDataDir(binDir, primary.data, user);
      await cluster.startNode(primary);
      cluster.primary = primary;
      await cluster.addStandby();
      return cluster;
    } catch (error) {
      await cluster.dispose();
      throw error;
    }
  }

  /** The database `database` on `node`. */
  urlOf(node: PostgresNode, database: string): string {
    return `postgres://postgres@127.0.0.1:${node.port}/${database}`;
  }

  /**
   * A new standby copied from the primary (pg_basebackup -R), streaming, then made the
   * synchronous one. The copy is taken before the primary names it: a promoted standby must
   * not wait for a standby of its own that does not exist.
   */
  async addStandby(): Promise<PostgresNode> {
    if (this.standby) throw new Error(`node ${this.standby.name} is already the standby`);
    const node = await this.newNode();
    await runServerTool(
      path.join(this.binDir, 'pg_basebackup'),
      [
        '-D',
        node.data,
        '-h',
        '127.0.0.1',
        '-p',
        String(this.primary.port),
        '-U',
        'postgres',
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
      ],
      this.user,
    );
    await this.startNode(node);
    this.standby = node;
    await sqlAt(this.primary.url, `ALTER SYSTEM SET synchronous_standby_names = '*'`);
    await sqlAt(this.primary.url, 'SELECT pg_reload_conf()');
    await waitFor(`node ${node.name} streams synchronously from ${this.primary.name}`, async () => {
      const rows = await sqlAt(this.primary.url, `SELECT 1 FROM pg_stat_replication WHERE state = 'streaming' AND sync_state = 'sync'`);
      return rows.length === 1;
    });
    return node;
  }

  /**
   * The primary's node dies: SIGKILL to its postmaster (the pid in postmaster.pid). Its
   * backends notice and end; any still there after 5 s are killed too, as a dead pod's are.
   */
  async killPrimary(): Promise<void> {
    const pid = this.postmasterOf(this.primary);
    const children = running((p) => p.ppid === pid);
    process.kill(pid, 'SIGKILL');
    const left = () => running((p) => children.includes(p.pid));
    await waitFor(`the killed primary's backends end`, () => left().length === 0, 5_000).catch(() => left().forEach(kill));
    this.forget(this.primary);
  }

  /** Promotes the standby (pg_ctl promote) and waits until it takes writes: it is the primary now. */
  async promoteStandby(): Promise<PostgresNode> {
    const node = this.standby;
    if (!node) throw new Error('there is no standby to promote');
    await runServerTool(path.join(this.binDir, 'pg_ctl'), ['-D', node.data, '-w', '-t', '60', 'promote'], this.user);
    // txid_current() refuses to run during recovery: it answers once the node takes writes.
    await waitFor(`node ${node.name} takes writes`, () =>
      sqlAt(node.url, 'SELECT txid_current()').then(
        () => true,
        () => false,
      ),
    );
    this.primary = node;
    this.standby = undefined;
    return node;
  }

  /**
   * A planned switchover: the primary stops (a fast shutdown, as CloudNativePG demotes it:
   * sessions end, and its WAL up to the shutdown checkpoint reaches the standby first), then the
   * standby is promoted. The old primary's node is left stopped. `stoppedAt` (Date.now()) is
   * when the old primary had stopped.
   */
  async switchover(): Promise<{ primary: PostgresNode; stoppedAt: number }> {
    const old = this.primary;
    await runServerTool(path.join(this.binDir, 'pg_ctl'), ['-D', old.data, '-m', 'fast', '-w', '-t', '60', 'stop'], this.user);
    const stoppedAt = Date.now();
    this.forget(old);
    return { primary: await this.promoteStandby(), stoppedAt };
  }

  /** Stops every node at once and removes the directory; safe to call twice. */
  async dispose(): Promise<void> {
    for (const [node, pid] of this.postmasters) {
      const pgCtl = path.join(this.binDir, 'pg_ctl');
      await runServerTool(pgCtl, ['-D', node.data, '-m', 'immediate', '-w', '-t', '10', 'stop'], this.user).catch(() => {});
      killWithChildren(pid);
      this.forget(node);
    }
    rmSync(this.root, { recursive: true, force: true });
    live.roots.delete(this.root);
  }

  private async newNode(): Promise<PostgresNode> {
    if (this.nodes.length >= 26) throw new Error('a cluster makes at most 26 nodes (a to z)');
    const name = String.fromCharCode(97 + this.nodes.length);
    // A running node's port is never handed out again, even were it to stop listening a moment.
    const taken = new Set([...this.postmasters.keys()].map((n) => n.port));
    const port = await freePortAmong(this.ports.filter((p) => !taken.has(p)));
    const dir = path.join(this.root, name);
    await mkdir(dir);
    if (this.user) await chownPath(dir, this.user.uid, this.user.gid);
    const node = { name, port, data: path.join(dir, 'data'), url: `postgres://postgres@127.0.0.1:${port}/postgres` };
    this.nodes.push(node);
    return node;
  }

  private async startNode(node: PostgresNode): Promise<void> {
    // Durability against an operating system crash is not what these servers are for: no fsync
    // keeps them quick. A node's death (SIGKILL) loses nothing the OS was given, and the
    // standby's acknowledgement still comes only once it has the commit's WAL.
    const options = [
      `-p ${node.port}`,
      '-c listen_addresses=127.0.0.1',
      `-k ${this.root}`,
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c synchronous_commit=on',
      '-c wal_level=replica',
      '-c max_wal_senders=4',
      `-c cluster_name=vigil-${node.name}`,
    ].join(' ');
    const log = path.join(path.dirname(node.data), 'server.log');
    await runServerTool(
      path.join(this.binDir, 'pg_ctl'),
      ['-D', node.data, '-l', log, '-o', options, '-w', '-t', '60', 'start'],
      this.user,
    );
    const pid = Number(readFileSync(path.join(node.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    this.postmasters.set(node, pid);
    live.postmasters.add(pid);
  }

  private postmasterOf(node: PostgresNode): number {
    const pid = this.postmasters.get(node);
    if (pid === undefined) throw new Error(`node ${node.name} is not running`);
    return pid;
  }

  private forget(node: PostgresNode): void {
    const pid = this.postmasters.get(node);
    if (pid !== undefined) live.postmasters.delete(pid);
    this.postmasters.delete(node);
  }
}
