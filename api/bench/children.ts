import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Child processes of the benchmark. Every server runs in its own process so autocannon (in the
 * parent) never shares the measured server's event loop; all are tracked here so that an error,
 * Ctrl-C or the overall deadline never leaves one behind.
 */
const live = new Set<ChildProcess>();

export function killAllNow(): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  live.clear();
}

let hooked = false;
/** Kills every child on exit, on SIGINT/SIGTERM, and after `deadlineMs` (a bounded run). */
export function installCleanup(deadlineMs: number): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the benchmark`);
      killAllNow();
      process.exit(130);
    });
  }
  const timer = setTimeout(() => {
    console.error(`Benchmark exceeded its ${Math.round(deadlineMs / 1000)} s budget: stopping`);
    killAllNow();
    process.exit(2);
  }, deadlineMs);
  timer.unref();
}

/** A free loopback port (the OS picks it; a tiny race with other programs is acceptable here). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ReadyChild {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

/** Stops a child: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      live.delete(child);
      resolve();
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      live.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Forks one of bench/servers/*.ts under tsx and waits for its `{ type: 'ready', port }` message.
 * The servers exit by themselves when the IPC channel closes (parent gone).
 */
export function forkServer(modulePath: string, env: Record<string, string>, timeoutMs = 60_000): Promise<ReadyChild> {
  const child = fork(modulePath, [], {
    // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") to profile a server.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.add(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopChild(child, 0);
      reject(new Error(`${modulePath} did not get ready within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      reject(new Error(`${modulePath} exited before it was ready (code ${code}, signal ${signal})`));
    });
    child.on('message', (message: { type?: string; port?: number; error?: string }) => {
      if (message.type === 'error') {
        clearTimeout(timer);
        void stopChild(child, 0);
        reject(new Error(`${modulePath}: ${message.error}`));
      }
      if (message.type === 'ready' && typeof message.port === 'number') {
        clearTimeout(timer);
        resolve({ child, port: message.port, stop: () => stopChild(child) });
      }
    });
  });
}

/** Spawns a plain command (the real server entry point) tracked like the forked servers. */
export function spawnTracked(command: string, args: string[], env: Record<string, string>, cwd: string): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Polls `url` until it answers 200; resolves with the moment it did (performance.now()). */
export async function waitFor200(url: string, child: ChildProcess, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (code ${child.exitCode}) before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now();
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} gave no 200 within ${timeoutMs} ms`);
}
