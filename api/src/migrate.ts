import { ConfigError, SETTINGS } from './configSettings.js';
import { migrateToLatest, openDatabase } from './db/database.js';

/**
 * `node api/dist/migrate.js`: brings the PostgreSQL schema at DATABASE_URL to this build's
 * newest migration, then exits: 0 when it is there, 1 with one line saying why not. Kubernetes'
 * migration Job runs it before the API's pods of a new version start (docs/deploy/kubernetes.md);
 * those pods wait for it through /healthz/startup. The API still migrates when it starts (one
 * process applies, under the migrator's advisory lock), so Compose and `npm start` need nothing
 * else. The embedded database belongs to its one process: it migrates when the API starts.
 */
async function main(): Promise<number> {
  let url: string | undefined;
  try {
    url = SETTINGS.DATABASE_URL.read(process.env) as string | undefined;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (!url) {
    console.error('DATABASE_URL is not set: migrations run against PostgreSQL (the embedded database migrates when the API starts)');
    return 1;
  }
  // One connection is all it needs; the database's errors name neither the password nor the URL.
  const db = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const applied = await migrateToLatest(db);
    const msg = applied.length ? `applied ${applied.length} database migrations` : 'database schema up to date';
    // One JSON line, as the API's own log lines (pino's shape), so one log pipeline reads both.
    console.log(JSON.stringify({ level: 30, time: Date.now(), msg, migrations: applied }));
    return 0;
  } catch (error) {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
