import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, test } from './fixtures';

/**
 * A link that exists only in an email (password reset, contact confirmation): the shared test
 * server discards its log, so the describe that calls this runs its own server (same build,
 * fresh database) that logs each email and its links instead of sending it (no SMTP_HOST), and
 * reads the link there. `base` is set once the server answers.
 */
export function mailLoggingServer(name: string): { base: string; log: string[] } {
  const state = { base: '', log: [] as string[] };
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    state.base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['api/dist/server.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `vigil-e2e-${name}-`)),
        FIRST_SUPERUSER: ADMIN.email,
        FIRST_SUPERUSER_PASSWORD: ADMIN.password,
        FRONTEND_HOST: state.base,
        LOG_LEVEL: 'info',
        SMTP_HOST: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => state.log.push(chunk.toString()));
    for (let i = 0; i < 200; i++) {
      const ok = await fetch(`${state.base}/api/v1/utils/health-check/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the mail-logging server did not start:\n${state.log.join('')}`);
  });

  test.afterAll(() => {
    server?.kill();
  });

  return state;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const bound = probe.address();
      probe.close(() => (typeof bound === 'object' && bound ? resolve(bound.port) : reject(new Error('no port'))));
    });
  });
}
