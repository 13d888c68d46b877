import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { rateLimitStoreKind } from './operations/rateLimitStore.js';
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
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir}/pglite)`,
      rateLimitStore: rateLimitStoreKind(config),
      startupMs: Math.round(performance.now() - started),
    },
    'Vigil API ready',
  );
  // The grace delay bounds the whole shutdown: the drain, then in-flight requests.
  closeWithGrace({ delay: config.shutdownDrainMs + 15_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await drainAndClose(app, { drainMs: err ? 0 : config.shutdownDrainMs, signal });
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Start-up failed: ${error.message}` : error);
  process.exit(1);
});
