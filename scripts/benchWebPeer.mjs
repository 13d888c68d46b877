// The peer side of `npm run bench:web`: serves a built peer console (PEER_CONSOLE_DIR, the
// FastAPI template's Chakra frontend built with its own Vite config) the way its nginx image
// does — static files with an SPA fallback to index.html — so its /login can be measured in the
// same run, browser and throttling as ours. No peer code lives in this repository:
// docs/benchmarks.md ("The peer console") says how to rebuild one.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The peer's built dist folder, or null when PEER_CONSOLE_DIR is not set; exits on a bad one. */
export function peerDistDir() {
  const dir = process.env.PEER_CONSOLE_DIR;
  if (!dir) return null;
  const resolved = path.resolve(dir);
  if (!existsSync(path.join(resolved, 'index.html'))) {
    console.error(`PEER_CONSOLE_DIR=${dir}: no index.html there (it must be the peer's built dist folder).`);
    process.exit(2);
  }
  return resolved;
}

/** Serves `dir` on a free 127.0.0.1 port: a file when one matches, else index.html (client routes). */
export function startStaticServer(dir) {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) file = path.join(dir, 'index.html');
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      // Like our server's hashed assets; every run uses a fresh context anyway.
      'cache-control': file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ baseUrl: `http://127.0.0.1:${port}`, stop: () => server.close() });
    });
  });
}

const ratio = (a, b) => (a == null || !b ? null : Number((a / b).toFixed(2)));
const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Ours / peer for one page: ratios of the medians, and the median of the per-run FCP ratios
 * (runs alternate ours/peer, so each pair saw about the same machine load).
 */
export function compare(ours, peer) {
  const pairs = ours.fcpRunsMs.map((fcp, i) => fcp / peer.fcpRunsMs[i]).filter((v) => Number.isFinite(v));
  return {
    fcp: ratio(ours.fcpMs, peer.fcpMs),
    fcpPairedMedian: pairs.length ? Number(median(pairs).toFixed(2)) : null,
    jsGzip: ratio(ours.jsGzipKiB, peer.jsGzipKiB),
    jsRaw: ratio(ours.jsRawKiB, peer.jsRawKiB),
  };
}

/** The peer's figures and the ratios, after ours; without a peer, where to get one. */
export function printPeer(peerDir, peerResults) {
  if (!peerDir) {
    console.log('\nPeer comparison: set PEER_CONSOLE_DIR to a built peer console (docs/benchmarks.md, "The peer console").');
    return;
  }
  console.log(`\nPeer: ${peerDir} (served statically with an SPA fallback, runs alternating with ours)`);
  for (const r of peerResults) {
    if (r.error) {
      console.log(`${r.path}\n  could not be measured: ${r.error}`);
      continue;
    }
    const x = r.oursOverPeer;
    console.log(`${r.path}`);
    console.log(`  JS: ${r.jsFiles} files, ${r.jsRawKiB} KiB raw, ${r.jsGzipKiB} KiB gzip`);
    console.log(`  first contentful paint: ${r.fcpMs} ms (runs: ${r.fcpRunsMs.join(', ')}); content ready: ${r.contentReadyMs} ms`);
    console.log(`  ours / peer: FCP ${x.fcp} (paired runs: ${x.fcpPairedMedian}), JS gzip ${x.jsGzip}, JS raw ${x.jsRaw}`);
  }
}
