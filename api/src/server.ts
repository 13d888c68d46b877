import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

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
      startupMs: Math.round(performance.now() - started),
    },
    'Vigil API ready',
  );
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Start-up failed: ${error.message}` : error);
  process.exit(1);
});
