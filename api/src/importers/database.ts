import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { SETTINGS } from '../configSettings.js';
import { type Db, type OpenDb, openDatabase } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { EXPECTED_MIGRATION } from '../operations/probes.js';

// The database an import writes to, found as the migration command finds it: PostgreSQL at DATABASE_URL
// (the API may keep running), else the embedded PGlite under DATA_DIR, which belongs to one
// process at a time: the server must be stopped.

export class SetupError extends Error {}

export async function openImportDatabase(env: NodeJS.ProcessEnv): Promise<{ db: OpenDb; where: string }> {
  const url = SETTINGS.DATABASE_URL.read(env) as string | undefined;
  if (url) return { db: await openDatabase({ kind: 'postgres', url, poolSize: 2 }), where: 'PostgreSQL' };
  const dir = path.join(SETTINGS.DATA_DIR.read(env) as string, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new SetupError(`No embedded database in ${dir}: start Vigil once to make it, or set DATABASE_URL to import into PostgreSQL.`);
  }
  // PGlite keeps postmaster.pid while a process has the database open; two writers would corrupt it.
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new SetupError(
      `The database in ${dir} is open (postmaster.pid is present): stop the Vigil server first, then import. ` +
        'If no server is running (it was killed), delete that postmaster.pid and run this again.',
    );
  }
  return { db: await openDatabase({ kind: 'pglite', dataDir: dir }), where: `the embedded database (${dir})` };
}

/** Refuses a schema this build does not expect: the mappings' table came with migration 0038. */
export async function checkSchema(db: OpenDb): Promise<void> {
  let applied: string | undefined;
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    applied = rows[0]?.name;
  } catch {
    applied = undefined;
  }
  if (applied !== EXPECTED_MIGRATION) {
    throw new SetupError(
      `The database is at migration ${applied ?? 'none'}, this build at ${EXPECTED_MIGRATION}: start this version's server once (it migrates), or run node api/dist/migrate.js, first.`,
    );
  }
}

/** The active superuser named by `--as`: the import acts as them. */
export async function importingSuperuser(db: Db, email: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  if (!user?.is_active || !user.is_superuser) throw new SetupError(`--as ${email}: no active superuser has this email`);
  return user;
}
