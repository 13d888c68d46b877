import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../api/test/helpers/apiProcess';

export interface ApiServer {
  url: string;
  process: ChildProcess;
  /** What it has written to its standard output so far (its JSON log lines). */
  log: string[];
}

/**
 * Starts another API process (the build in api/dist, as `npm start` runs it; the API's tests'
 * startApiProcess runs its sources) on a free port with `env` added, and
 * resolves once it says it is ready (its "Vigil API ready" log line, written after it listens):
 * no polling, however long a busy machine makes the start. Rejects, with its output, if it exits
 * first or is not ready within `timeoutMs`.
 */
export async function startApiServer(env: Record<string, string>, timeoutMs = 240_000): Promise<ApiServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['api/dist/server.js'], {
    env: { ...process.env, FRONTEND_HOST: url, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const errors: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const output = () => `${log.join('')}${errors.join('')}`;
    const timer = setTimeout(() => {
      server.kill();
      reject(new Error(`the API server on ${url} was not ready within ${timeoutMs / 1000} s:\n${output()}`));
    }, timeoutMs);
    server.stdout?.on('data', (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.join('').includes('"msg":"Vigil API ready"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API server on ${url} exited (${code}) before it was ready:\n${output()}`));
    });
  });
  return { url, process: server, log };
}
