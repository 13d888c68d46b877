// The product side of `npm run bench:web`: the built product as `npm start` runs it (the API
// serving the console, assets precompressed by the build), on a free port with a throwaway
// DATA_DIR, and what its pages show, created through the API.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const ALERT_TITLE = 'Disk usage above 90% on db-1';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** remote-actions' standalone page (what /actions/{id} serves) in any built version. */
const actionsPageBuilt = () =>
  readdirSync(path.join(root, 'dist/remote-actions'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .some((e) => existsSync(path.join(root, 'dist/remote-actions', e.name, 'page/index.html')));

export function ensureBuilt() {
  const missing =
    !existsSync(path.join(root, 'api/dist/server.js')) ||
    !existsSync(path.join(root, 'dist/shell/index.html')) ||
    !existsSync(path.join(root, 'dist/remote-actions')) ||
    !actionsPageBuilt();
  if (!missing) return;
  console.log('The product is not built: building it first…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export async function startServer() {
  // BENCH_WEB_PORT pins the port (a shared machine's allotted range); else any free one.
  const port = Number(process.env.BENCH_WEB_PORT) || (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-web-'));
  const password = `bench-${randomBytes(8).toString('hex')}`;
  const child = spawn(process.execPath, [path.join(root, 'api/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIRST_SUPERUSER: 'admin@example.com',
      FIRST_SUPERUSER_PASSWORD: password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_ALERT_PER_MINUTE: '100000',
    },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${stderr}`);
    const ok = await fetch(`${baseUrl}/api/v1/utils/health-check/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, password, dataDir, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`The server did not answer within 120 s:\n${stderr}`);
}

/**
 * A page of alerts for /alerts (the first one for /actions/{id}), and the signed link a
 * notification email would carry to it, made with the server's own key and link builder.
 */
export async function seed(server) {
  const login = await fetch(`${server.baseUrl}/api/v1/login/access-token`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'admin@example.com', password: server.password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { access_token: token } = await login.json();
  const ids = [];
  for (let i = 0; i < 25; i++) {
    const created = await fetch(`${server.baseUrl}/api/v1/alert/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: i === 0 ? ALERT_TITLE : `Latency above 500 ms on api-${i}`,
        description: 'Benchmark alert: the 5-minute p99 crossed its threshold.',
        severity: ['critical', 'high', 'warning', 'info'][i % 4],
      }),
    });
    if (!created.ok) throw new Error(`creating an alert answered ${created.status}: ${await created.text()}`);
    ids.push((await created.json()).id);
  }
  const { actionLink } = await import(pathToFileURL(path.join(root, 'api/dist/email/actionLinks.js')).href);
  const secretKey = readFileSync(path.join(server.dataDir, 'secret_key'), 'utf8').trim();
  const link = new URL(actionLink({ frontendHost: server.baseUrl, secretKey, signedLinkTtlHours: 72 }, ids[0], 'oncall@example.com'));
  return { token, actionsPath: link.pathname + link.search };
}
