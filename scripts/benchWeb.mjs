#!/usr/bin/env node
// `npm run bench:web`: what a browser receives and how soon it paints, measured against the
// built product as `npm start` serves it (real HTTP, Chromium's own Accept-Encoding, bytes as
// they crossed the wire): /login, a notification link's /actions/{id} (signed), and the
// console after login (the dashboard, /alerts until its table shows). Each page in each
// profile of benchWebMeasure.mjs (4x CPU; slow 4G + 4x CPU), cold cache, RUNS fresh contexts.
// With PEER_CONSOLE_DIR (the production build of the FastAPI full-stack template's frontend)
// the peer's /login is served gzip-compressed and measured in the same run, alternating with
// ours. A report, not a test: it never fails for missing a target. Results: stdout and
// .bench/web.json; docs/benchmarks/web.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { measureOnce, PROFILES, summarise } from './benchWebMeasure.mjs';
import { compare, peerDistDir, startStaticServer } from './benchWebPeer.mjs';
import { ALERT_TITLE, ensureBuilt, seed, startServer } from './benchWebServer.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_PAGES: some pages only, by name, comma-separated (`/login,/actions/{id}`); all by default. */
const ONLY_PAGES = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
/** The targets (docs/benchmarks/web.md) (slow 4G + 4x CPU for times; bytes are the same in both profiles). */
const TARGETS = { loginJsKiB: 200, loginFcpOverPeer: 0.6, loginReadyOverPeer: 1.0, actionsJsKiB: 100, actionsFcpMs: 1000 };
const SLOW = 'slow 4G + 4x CPU';

/** Our pages: where, what shows when the page's own content is there, and whether the peer has one like it. */
const pagesOf = ({ token, actionsPath }) => [
  // Usable, not only shown: our prerendered form paints at once but stays disabled (its fieldset)
  // until the shell has hydrated it; the peer's is enabled when it first renders.
  { name: '/login', path: '/login', ready: (p) => p.locator('input[type="password"]:enabled').first(), peer: true },
  // Its target asks for the alert's title in the first paint itself.
  {
    name: '/actions/{id}',
    path: actionsPath,
    ready: (p) => p.getByRole('heading', { name: ALERT_TITLE }).first(),
    paintText: ALERT_TITLE,
  },
  { name: 'dashboard', path: '/', token, ready: (p) => p.getByRole('heading', { name: 'Dashboard' }).first() },
  { name: '/alerts (table)', path: '/alerts', token, ready: (p) => p.getByRole('table', { name: 'Alerts' }).getByRole('row').nth(1) },
];

/**
 * A warm-up load on each side (the servers' caches, not the browser's: every run is a fresh
 * context), then RUNS loads each. With a peer, runs alternate and who goes first alternates,
 * so machine load falls on both alike; a peer that fails is reported and dropped.
 */
async function measurePage(browser, spec, profile, ourBaseUrl, peerBaseUrl) {
  const load = (baseUrl) =>
    measureOnce(browser, { url: baseUrl + spec.path, ready: spec.ready, profile, token: spec.token, paintText: spec.paintText });
  const ours = [];
  let peer = peerBaseUrl ? [] : null;
  let peerError = null;
  const once = async (side) => {
    if (side === ours) return ours.push(await load(ourBaseUrl));
    try {
      peer.push(await load(peerBaseUrl));
    } catch (error) {
      peerError = error instanceof Error ? error.message.split('\n')[0] : String(error);
      peer = null;
    }
  };
  await load(ourBaseUrl);
  if (peer) await once(peer);
  peer?.splice(0);
  for (let i = 0; i < RUNS; i++) for (const side of i % 2 && peer ? [peer, ours] : [ours, peer]) if (side) await once(side);
  const oursSummary = summarise(ours);
  const peerSummary = peer && summarise(peer);
  return { ours: oursSummary, peer: peerSummary, oursOverPeer: peerSummary && compare(oursSummary, peerSummary), peerError };
}

const line = (label, s) =>
  `  ${label.padEnd(6)} first paint ${String(s.fcpMs).padStart(5)} ms (${s.fcpRunsMs.join(', ')}); content ${String(s.readyMs).padStart(5)} ms;` +
  ` JS ${String(s.jsKiB).padStart(6)} KiB in ${s.jsRequests} requests (${s.jsEncodings.join('/')}); ${s.requests} requests, ${s.totalKiB} KiB in all` +
  (s.paintHoldsText ? `; content in the first paint: ${s.paintHoldsText} runs` : '');

/** Met or not, per target, from the slow-4G figures. */
function verdicts(results) {
  const at = (page) => results.find((r) => r.profile === SLOW && r.page === page);
  const login = at('/login');
  const actions = at('/actions/{id}');
  const check = (name, value, limit, unit) => ({ target: `${name} ≤ ${limit}${unit}`, value, met: value == null ? null : value <= limit });
  return [
    login?.ours && check('/login JS on the wire', login.ours.jsKiB, TARGETS.loginJsKiB, ' KiB'),
    login?.oursOverPeer && check('/login first paint / peer', login.oursOverPeer.fcp, TARGETS.loginFcpOverPeer, '×'),
    login?.oursOverPeer && check('/login form usable (hydrated) / peer', login.oursOverPeer.ready, TARGETS.loginReadyOverPeer, '×'),
    actions?.ours && check('/actions/{id} first paint', actions.ours.fcpMs, TARGETS.actionsFcpMs, ' ms'),
    actions?.ours && {
      target: "/actions/{id} alert's title in the first paint",
      value: actions.ours.paintHoldsText,
      met: actions.ours.paintHoldsText == null ? null : actions.ours.paintHoldsText === `${actions.ours.runs}/${actions.ours.runs}`,
    },
    actions?.ours && check('/actions/{id} JS on the wire', actions.ours.jsKiB, TARGETS.actionsJsKiB, ' KiB'),
  ].filter(Boolean);
}

ensureBuilt();
const peerDir = peerDistDir();
const loadBefore = loadavg().map((v) => v.toFixed(2));
const server = await startServer();
const peerServer = peerDir ? await startStaticServer(peerDir) : null;
let browser;
try {
  const seeded = await seed(server);
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
  const results = [];
  for (const profile of PROFILES) {
    for (const spec of pagesOf(seeded).filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.name))) {
      const entry = { profile: profile.name, page: spec.name };
      try {
        Object.assign(entry, await measurePage(browser, spec, profile, server.baseUrl, spec.peer ? peerServer?.baseUrl : null));
      } catch (error) {
        // A page that never shows its content is reported, and the others still measured.
        entry.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
      }
      results.push(entry);
      console.log(`${profile.name} · ${spec.name}`);
      if (entry.error) console.log(`  could not be measured: ${entry.error}`);
      if (entry.ours) console.log(line('vigil', entry.ours));
      if (entry.peer) console.log(line('peer', entry.peer));
      if (entry.peerError) console.log(`  peer could not be measured: ${entry.peerError}`);
      if (entry.oursOverPeer) {
        const x = entry.oursOverPeer;
        console.log(`  vigil / peer: first paint ${x.fcp} (paired runs ${x.fcpPairedMedian}), content ${x.ready}, JS ${x.js}`);
      }
    }
  }
  const loadAfter = loadavg().map((v) => v.toFixed(2));
  const targets = verdicts(results);
  console.log(`\nTargets (${SLOW}):`);
  for (const t of targets) console.log(`  ${t.target}: ${t.value} → ${t.met ? 'met' : 'NOT met'}`);
  if (!peerDir) console.log('  (no peer: set PEER_CONSOLE_DIR to its production build to compare; docs/benchmarks/web.md)');
  console.log(`\nLoad average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`);
  mkdirSync(path.join(root, '.bench'), { recursive: true });
  const report = {
    date: new Date().toISOString(),
    chromium: browser.version(),
    runs: RUNS,
    profiles: PROFILES,
    bytes: 'CDP Network.loadingFinished encodedDataLength: as received, headers included',
    loadAverage: { before: loadBefore, after: loadAfter },
    peer: peerDir,
    results,
    targets,
  };
  writeFileSync(path.join(root, '.bench/web.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('Written to .bench/web.json');
} finally {
  await browser?.close();
  server.stop();
  peerServer?.stop();
}
