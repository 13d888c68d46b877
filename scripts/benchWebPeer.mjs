// The peer side of `npm run bench:web`: serves a production build of the peer console
// (PEER_CONSOLE_DIR: the FastAPI full-stack template's frontend) the way a production nginx
// serves it — static files, gzip-compressed when the browser accepts it (level 9, each file
// compressed once, as gzip_static would send it), every other path falling back to index.html
// — so its /login is measured in the same run, browser and profiles as ours. No code of the
// peer lives in this repository, nor any way to build it: docs/benchmarks/web.md.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg']);

/** The peer's built dist folder, or null when PEER_CONSOLE_DIR is not set; exits on a bad one. */
export function peerDistDir() {
  const dir = process.env.PEER_CONSOLE_DIR;
  if (!dir) return null;
  const resolved = path.resolve(dir);
  if (!existsSync(path.join(resolved, 'index.html'))) {
    console.error(`PEER_CONSOLE_DIR=${dir}: no index.html there (it must name the peer's production build).`);
    process.exit(2);
  }
  return resolved;
}

/** Serves `dir` on a free 127.0.0.1 port: a file when one matches, else index.html (client routes). */
export function startStaticServer(dir) {
  const gzipped = new Map();
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) file = path.join(dir, 'index.html');
    const ext = path.extname(file);
    let body = readFileSync(file);
    const headers = {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      // Like our server's hashed assets; every run uses a fresh context anyway.
      'cache-control': file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    };
    if (COMPRESSIBLE.has(ext) && body.length >= 256 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 9 }));
      body = gzipped.get(file);
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(process.env.BENCH_WEB_PEER_PORT) || 0, '127.0.0.1', () => {
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
 * Ours / peer for one page and profile: ratios of the medians, and the median of the per-run
 * FCP ratios (runs alternate ours/peer, so each pair saw about the same machine load).
 */
export function compare(ours, peer) {
  const pairs = ours.fcpRunsMs.map((fcp, i) => fcp / peer.fcpRunsMs[i]).filter((v) => Number.isFinite(v));
  return {
    fcp: ratio(ours.fcpMs, peer.fcpMs),
    fcpPairedMedian: pairs.length ? Number(median(pairs).toFixed(2)) : null,
    ready: ratio(ours.readyMs, peer.readyMs),
    js: ratio(ours.jsKiB, peer.jsKiB),
  };
}
