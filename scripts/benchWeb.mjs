#!/usr/bin/env node
// `npm run bench:web`: what the browser downloads and how soon it paints, for the two pages a
// visitor reaches first: /login (the shell) and a notification link's /actions/{id}
// (remote-actions' standalone page). Starts the built product on a free port with a throwaway
// DATA_DIR, creates a real alert, then loads each page in 5 fresh Chromium contexts with 4x CPU
// throttling. A report, not a test: it never fails for missing a target. Results: stdout and
// .bench/web.json. With PEER_CONSOLE_DIR (a built copy of the FastAPI template's console, the
// nearest peer) its /login is measured in the same run, alternating with ours, and the ratios
// ours / peer are printed (scripts/benchWebPeer.mjs; docs/benchmarks.md, "The peer console").
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { compare, peerDistDir, printPeer, startStaticServer } from './benchWebPeer.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_THROTTLING = 4;
const KiB = 1024;
/** Gzipped JS budgets (the brief's targets). */
const TARGETS_KIB = { login: 250, actions: 150 };

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** remote-actions' standalone page (what /actions/{id} serves) in any built version. */
const actionsPageBuilt = () =>
  readdirSync(path.join(root, 'dist/remote-actions'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .some((e) => existsSync(path.join(root, 'dist/remote-actions', e.name, 'page/index.html')));

function ensureBuilt() {
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

async function startServer() {
  const port = await freePort();
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
    if (ok) return { baseUrl, password, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`The server did not answer within 120 s:\n${stderr}`);
}

/** A real alert, created through the API, for the /actions page. */
async function createAlert(baseUrl, password) {
  const login = await fetch(`${baseUrl}/api/v1/login/access-token`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'admin@example.com', password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { access_token: token } = await login.json();
  const created = await fetch(`${baseUrl}/api/v1/alert/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Disk usage above 90% on db-1', description: 'Benchmark alert', severity: 'high' }),
  });
  if (!created.ok) throw new Error(`creating an alert answered ${created.status}: ${await created.text()}`);
  return (await created.json()).id;
}

/** Which app a URL belongs to: `shell`, `remote-alerts`, `remote-actions page` (the standalone one), … */
const appOf = (url) => {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/(remote-[a-z]+)\/[^/]+\/(page\/)?/.exec(pathname);
  if (!remote) return 'shell';
  return remote[2] ? `${remote[1]} page` : remote[1];
};

/** One cold load of `pagePath` in a fresh context: every JS file fetched, and the paint timings. */
async function measureOnce(browser, baseUrl, pagePath, readySelector) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  const scripts = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type === 'script' || contentType.includes('javascript')) {
      scripts.push(
        response.body().then(
          (body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body).length }),
          () => null,
        ),
      );
    }
  });
  await page.goto(baseUrl + pagePath, { waitUntil: 'load' });
  await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 60_000 });
  const readyMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  const files = (await Promise.all(scripts)).filter(Boolean);
  await context.close();
  return { fcpMs, readyMs, files };
}

function summarise(name, pagePath, runs, targetKiB, appOfUrl = appOf) {
  const totals = runs.map((r) => ({
    raw: r.files.reduce((n, f) => n + f.raw, 0),
    gzip: r.files.reduce((n, f) => n + f.gzip, 0),
  }));
  const byApp = {};
  for (const file of runs[0].files) {
    const app = appOfUrl(file.url);
    byApp[app] ??= { files: 0, rawKiB: 0, gzipKiB: 0 };
    byApp[app].files += 1;
    byApp[app].rawKiB += file.raw / KiB;
    byApp[app].gzipKiB += file.gzip / KiB;
  }
  for (const app of Object.values(byApp)) {
    app.rawKiB = Number(app.rawKiB.toFixed(1));
    app.gzipKiB = Number(app.gzipKiB.toFixed(1));
  }
  const gzipKiB = Number((median(totals.map((t) => t.gzip)) / KiB).toFixed(1));
  const fcps = runs.map((r) => r.fcpMs).filter((v) => v !== null);
  return {
    page: name,
    path: pagePath,
    runs: runs.length,
    jsFiles: runs[0].files.length,
    jsRawKiB: Number((median(totals.map((t) => t.raw)) / KiB).toFixed(1)),
    jsGzipKiB: gzipKiB,
    targetGzipKiB: targetKiB,
    withinTarget: targetKiB == null ? null : gzipKiB < targetKiB,
    fcpMs: fcps.length ? Math.round(median(fcps)) : null,
    fcpRunsMs: fcps.map(Math.round),
    contentReadyMs: Math.round(median(runs.map((r) => r.readyMs))),
    byApp,
    files: runs[0].files
      .map((f) => ({ path: new URL(f.url).pathname, rawKiB: Number((f.raw / KiB).toFixed(1)), gzipKiB: Number((f.gzip / KiB).toFixed(1)) }))
      .sort((a, b) => b.gzipKiB - a.gzipKiB),
  };
}

/**
 * Warm-up, then RUNS cold loads of one page on each side. With a peer, the runs alternate (and
 * who goes first alternates too) so machine load falls on both alike; a peer that fails is
 * reported and dropped without losing our figures.
 */
async function measurePage(browser, spec, ourBaseUrl, peerBaseUrl) {
  const ours = { baseUrl: ourBaseUrl, runs: [] };
  let peer = peerBaseUrl ? { baseUrl: peerBaseUrl, runs: [] } : null;
  let peerError = null;
  const once = async (side) => {
    if (side === ours) return ours.runs.push(await measureOnce(browser, ours.baseUrl, spec.path, spec.ready));
    try {
      peer.runs.push(await measureOnce(browser, peer.baseUrl, spec.path, spec.ready));
    } catch (error) {
      peerError = error instanceof Error ? error.message.split('\n')[0] : String(error);
      peer = null;
    }
  };
  await measureOnce(browser, ours.baseUrl, spec.path, spec.ready); // warm-up: server caches, not the browser's
  if (peer) await once(peer);
  peer?.runs.splice(0); // that was the peer's warm-up
  for (let i = 0; i < RUNS; i++) {
    for (const side of i % 2 && peer ? [peer, ours] : [ours, peer]) if (side) await once(side);
  }
  return {
    ours: summarise(spec.name, spec.path, ours.runs, spec.target),
    peer: peer && summarise(`peer ${spec.name}`, spec.path, peer.runs, null, () => 'peer'),
    peerError,
  };
}

ensureBuilt();
const peerDir = peerDistDir();
const server = await startServer();
const peerServer = peerDir ? await startStaticServer(peerDir) : null;
let browser;
try {
  const alertId = await createAlert(server.baseUrl, server.password);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const pages = [
    // Ready when the page's own content shows: the login form's password field, the alert's title.
    // The peer has no page like /actions/{id}, so only /login is compared.
    { name: 'login', path: '/login', ready: 'input[type="password"]', target: TARGETS_KIB.login, peer: true },
    { name: 'actions', path: `/actions/${alertId}`, ready: 'h1', target: TARGETS_KIB.actions },
  ];
  const results = [];
  const peerResults = [];
  for (const spec of pages) {
    try {
      const measured = await measurePage(browser, spec, server.baseUrl, spec.peer ? peerServer?.baseUrl : null);
      results.push(measured.ours);
      if (measured.peer) peerResults.push({ ...measured.peer, oursOverPeer: compare(measured.ours, measured.peer) });
      if (measured.peerError) peerResults.push({ page: `peer ${spec.name}`, path: spec.path, error: measured.peerError });
    } catch (error) {
      // A page that never shows its content is reported, and the other page still measured.
      results.push({ page: spec.name, path: spec.path, error: error instanceof Error ? error.message.split('\n')[0] : String(error) });
    }
  }

  console.log(`\nWeb benchmark: headless Chromium, ${CPU_THROTTLING}x CPU throttling, median of ${RUNS} fresh contexts\n`);
  for (const r of results) {
    if (r.error) {
      console.log(`${r.path.replace(alertId, '{id}')}\n  could not be measured: ${r.error}`);
      continue;
    }
    const verdict = r.withinTarget ? 'within target' : 'OVER TARGET';
    console.log(`${r.path.replace(alertId, '{id}')}`);
    console.log(`  JS: ${r.jsFiles} files, ${r.jsRawKiB} KiB raw, ${r.jsGzipKiB} KiB gzip (target < ${r.targetGzipKiB} KiB: ${verdict})`);
    console.log(`  first contentful paint: ${r.fcpMs} ms (runs: ${r.fcpRunsMs.join(', ')}); content ready: ${r.contentReadyMs} ms`);
    for (const [app, s] of Object.entries(r.byApp))
      console.log(`    ${app.padEnd(20)} ${String(s.files).padStart(3)} files ${String(s.gzipKiB).padStart(7)} KiB gzip`);
  }
  printPeer(peerDir, peerResults);
  mkdirSync(path.join(root, '.bench'), { recursive: true });
  const report = {
    date: new Date().toISOString(),
    chromium: browser.version(),
    cpuThrottling: CPU_THROTTLING,
    runs: RUNS,
    gzip: 'zlib level 6 of each fetched JS file',
    pages: results,
    peer: peerDir ? { dir: peerDir, pages: peerResults } : null,
  };
  writeFileSync(path.join(root, '.bench/web.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nWritten to .bench/web.json');
} finally {
  await browser?.close();
  server.stop();
  peerServer?.stop();
}
