import { buildApp } from '../../src/app.js';
import { parseConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { hotPathOff } from '../variants.js';

/**
 * The real Vigil API in its own process, configured as in production (NODE_ENV=production,
 * default pool of 10), but logging only warnings (one log line per request would measure pino
 * and the terminal) and with rate limits out of the way (every request comes from 127.0.0.1).
 * Its schema is the benchmark's own (`BENCH_SCHEMA`), as the tests do: DATABASE_URL has no schema.
 */
const env = process.env;
const url = env.BENCH_DATABASE_URL;
const schema = env.BENCH_SCHEMA;
if (!url || !schema || !process.send) throw new Error('vigilServer: run me through bench/apiBench.ts');

process.on('disconnect', () => process.exit(0));

async function main(): Promise<void> {
  // BENCH_PREPARED_STATEMENTS=0: the PgBouncer switch off, the side-by-side measure of what
  // prepared statements are worth (bench/variants.ts).
  const preparedStatements = env.BENCH_PREPARED_STATEMENTS !== '0';
  const base = parseConfig({
    NODE_ENV: 'production',
    SECRET_KEY: env.BENCH_SECRET_KEY,
    FIRST_SUPERUSER_PASSWORD: env.BENCH_SUPERUSER_PASSWORD,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  });
  const config = {
    ...base,
    preparedStatements,
    secretKey: base.secretKey ?? '',
    rateLimit: {
      ...base.rateLimit,
      login: 1_000_000,
      passwordRecovery: 1_000_000,
      publicAlert: 1_000_000,
      perAlert: 1_000_000,
      // Far above the bench's ~120,000 alerts a minute on its one key: the per-key check still
      // runs on every request (its cost is in the figure), it just never refuses.
      ingestAlertsPerKey: 100_000_000,
    },
  };
  const db = await openDatabase({ kind: 'postgres', url: url as string, schema, preparedStatements });
  // BENCH_HOT_PATH_OFF: the list path's optimizations to switch off (bench/variants.ts).
  const app = await buildApp({ config, db, hotPath: hotPathOff(env.BENCH_HOT_PATH_OFF) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port });
  // No db.destroy() here: requests autocannon left in flight would log "driver destroyed".
  process.once('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.send?.({ type: 'error', error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
