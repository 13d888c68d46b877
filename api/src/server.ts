import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { rateLimitStoreKind } from './operations/rateLimitStore.js';
import { planOf } from './operations/roles.js';
import { drainAndClose } from './operations/shutdown.js';

/** Start-up: configuration checked once, then the app, then listen. A bad config is one clear line. */
async function main(): Promise<void> {
  let config: Awaited<ReturnType<typeof loadConfig>>;
  try {
    config = await loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = performance.now();
  const { servesApi } = planOf(config.role);
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      role: config.role,
      database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir}/pglite)`,
      // A worker serves no limited route: it keeps no counters.
      rateLimitStore: servesApi ? rateLimitStoreKind(config) : 'none',
      startupMs: Math.round(performance.now() - started),
    },
    'Vigil API ready',
  );
  // A worker is behind no load balancer: nothing to drain. It finishes its sends and records
  // them (up to 15 s, notifications/jobQueue.ts), within 30 s of SIGTERM as orchestrators allow.
  const drainMs = servesApi ? config.shutdownDrainMs : 0;
  // The grace delay bounds the whole shutdown: the drain, then in-flight requests.
  closeWithGrace({ delay: drainMs + (servesApi ? 15_000 : 25_000) }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await drainAndClose(app, { drainMs: err ? 0 : drainMs, signal });
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Start-up failed: ${error.message}` : error);
  process.exit(1);
});
