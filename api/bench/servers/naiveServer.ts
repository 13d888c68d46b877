import { createServer } from 'node:http';
import pg from 'pg';

/**
 * Baseline 1: what a straightforward implementation does per request — `count(*)` over the
 * owner's rows plus one page — on bare node:http and `pg`, with no auth, validation or
 * framework. Same pool size as Vigil's default (10), same schema, same index.
 */
const env = process.env;
const url = env.BENCH_DATABASE_URL;
const schema = env.BENCH_SCHEMA;
const ownerId = env.BENCH_OWNER_ID;
if (!url || !schema || !ownerId || !process.send) throw new Error('naiveServer: run me through bench/apiBench.ts');

process.on('disconnect', () => process.exit(0));

const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
pool.on('error', () => {});

const COUNT = 'SELECT count(*) AS count FROM alerts WHERE owner_id = $1';
const PAGE = `SELECT id, title, description, state, severity, escalation_level, integration_id, owner_id, created_at, updated_at
  FROM alerts WHERE owner_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`;

const server = createServer((req, res) => {
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const limit = Math.min(Number(query.get('limit') ?? 100) || 100, 1000);
  const skip = Number(query.get('skip') ?? 0) || 0;
  Promise.all([pool.query(COUNT, [ownerId]), pool.query(PAGE, [ownerId, limit, skip])])
    .then(([count, page]) => {
      const body = JSON.stringify({ data: page.rows, count: Number(count.rows[0]?.count ?? 0) });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    })
    .catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
process.once('SIGTERM', () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
});
