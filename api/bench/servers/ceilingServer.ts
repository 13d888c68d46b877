import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * Baseline 2, the ceiling of one Node process: bare node:http answering every request with
 * Vigil's own answer, pre-built (same bytes, same size). No database, no routing, no JSON work.
 */
const file = process.env.BENCH_BODY_FILE;
if (!file || !process.send) throw new Error('ceilingServer: run me through bench/apiBench.ts');

process.on('disconnect', () => process.exit(0));

const body = readFileSync(file);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.once('SIGTERM', () => {
  server.close();
  process.exit(0);
});
