#!/usr/bin/env node
// `npm run db:export -- <DATA_DIR> <dump.sql>`: writes the embedded (PGlite) database of a
// single-process install as a plain SQL dump that psql loads into an empty PostgreSQL
// database (docs/deploy/database.md, "Move from the embedded database to PostgreSQL"). The dump is
// made by pg_dump itself, compiled to WebAssembly (@electric-sql/pglite-tools), so it holds
// the schema, the data, the functions and triggers, and the migrations already applied.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

const USAGE = 'Usage: npm run db:export -- <DATA_DIR> <dump.sql>   (DATA_DIR as the server uses it, e.g. ./.data)';

/** The PGlite folder: `<DATA_DIR>/pglite` as the server lays it out, or the folder itself. */
function findDatabase(dataDir) {
  for (const dir of [path.join(dataDir, 'pglite'), dataDir]) {
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  }
  throw new Error(`No embedded database in ${dataDir} (expected ${path.join(dataDir, 'pglite', 'PG_VERSION')}).`);
}

/**
 * PostgreSQL 17's pg_dump sets transaction_timeout, which servers before 17 reject; it only
 * matters while the dump loads, so dropping it lets the dump load into PostgreSQL 13 to 17.
 */
const portable = (dump) => dump.replace(/^SET transaction_timeout = 0;\n/m, '');

async function exportDatabase(dataDir, outFile) {
  const dir = findDatabase(dataDir);
  // PGlite keeps postmaster.pid while a process has the database open; a second process
  // writing to it could corrupt it.
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new Error(
      `The database in ${dir} is open (postmaster.pid is present): stop the Vigil server first. ` +
        'If no server is running (it was killed), delete that postmaster.pid and run this again.',
    );
  }
  if (existsSync(outFile)) throw new Error(`${outFile} already exists: choose a new file name.`);
  const pg = await PGlite.create(dir);
  try {
    const tables = (
      await pg.query(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      )
    ).rows.map((r) => r.name);
    const counts = {};
    for (const table of tables) {
      counts[table] = Number((await pg.query(`SELECT count(*) AS n FROM public."${table}"`)).rows[0].n);
    }
    // Owners and grants are the embedded database's; the target's own role owns what it loads.
    const dump = await pgDump({ pg, args: ['--no-owner', '--no-privileges'] });
    // Password hashes are inside: readable by this user only.
    writeFileSync(outFile, portable(await dump.text()), { mode: 0o600, flag: 'wx' });
    return counts;
  } finally {
    await pg.close();
  }
}

const [dataDir, outFile, ...rest] = process.argv.slice(2);
if (!dataDir || !outFile || rest.length) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const counts = await exportDatabase(path.resolve(dataDir), path.resolve(outFile));
  const summary = Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  console.error(`Wrote ${outFile} (rows: ${summary}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
