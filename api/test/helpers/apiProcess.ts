import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const START_TIMEOUT_MS = 110_000;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** A real API server process (src through tsx), as production runs it, on its own port. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Everything it logged so far (JSON lines). */
  output(): string;
  /** Resolves once the process has logged a line containing `text` (already, or later). */
  waitForLog(text: string): Promise<void>;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  let output = '';
  const waiters = new Set<() => void>();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CONSOLE_DIR: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that dies (a failed hook, a timeout) must not leave its server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // 'close': the process has exited and its output is all read.
  const outputEnded = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const waitForLog = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes(text)) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      check();
      // No deadline of its own (the test's timeout is the bound); an exit ends the wait.
      void outputEnded.then(() => {
        if (waiters.delete(check)) reject(new Error(`the API process exited without logging "${text}": ${output.slice(-2000)}`));
      });
    });
  const url = `http://127.0.0.1:${port}`;
  // tsx compiles the sources as they load: on a loaded 2-core machine that alone can take a
  // minute. Callers start processes in hooks of 120 s; a process that is still not healthy
  // just before then is killed rather than left behind.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited (${child.exitCode}): ${output}`);
    // The probe every role serves (a worker answers nothing under /api).
    const ok = await fetch(`${url}/healthz/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API process not healthy within ${START_TIMEOUT_MS / 1000} s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output: () => output,
    waitForLog,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
