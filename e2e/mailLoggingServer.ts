import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiServer, startApiServer } from './apiServer';
import { ADMIN, test } from './fixtures';

/**
 * A link that exists only in an email (password reset, contact confirmation): the shared test
 * server discards its log, so the describe that calls this runs its own server (same build,
 * fresh database) that logs each email and its links instead of sending it (no SMTP_HOST), and
 * reads the link there. `base` is set once the server is ready.
 */
export function mailLoggingServer(name: string): { base: string; log: string[] } {
  const state = { base: '', log: [] as string[] };
  let server: ApiServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startApiServer({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `vigil-e2e-${name}-`)),
      FIRST_SUPERUSER: ADMIN.email,
      FIRST_SUPERUSER_PASSWORD: ADMIN.password,
      SMTP_HOST: '',
    });
    state.base = server.url;
    state.log = server.log;
  });

  test.afterAll(() => {
    server?.process.kill();
  });

  return state;
}
