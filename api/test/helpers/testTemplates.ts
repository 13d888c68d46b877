import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, type OpenDb, openDatabase, PGLITE_EXTENSIONS } from '../../src/db/database.js';
import { JobQueue } from '../../src/notifications/jobQueue.js';
import { adminSql, databaseUrlOf, testConfig } from './testApp.js';

// Global set-up of the API projects (vitest.config.ts). A new database needs the migrations and
// pg-boss's schema (on PGlite an initdb first): a second or more of CPU for each test app. Done
// once here, each test app copies the result (openTestDatabase({ migrated: true })):
// - api-pglite: the migrated PGlite is dumped to a file; a worker loads it into a new in-memory
//   PGlite when it has no idle one, and puts a used one back as the dump had it (pglitePool.ts).
//   A PGlite fresh from initdb is dumped too, for the tests that start from an empty database;
// - api-postgres: a migrated template database, and each test app is CREATE DATABASE … TEMPLATE
//   of it (a file copy in the server, a tenth of migrating).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump (PGlite dumpDataDir tarball) of a migrated PGlite with the job queue's schema. */
    pgliteTemplate: string;
    /** The dump of a PGlite as initdb leaves it, for the tests of what a start does to an empty one. */
    pgliteEmpty: string;
    /** The name of the migrated PostgreSQL database every test database is made from. */
    postgresTemplate: string;
  }
}

let dir: string | undefined;
let postgresTemplate: string | undefined;

/** What the app's start makes of an empty database: its migrations, and pg-boss's schema and queue. */
async function migrateAsTheAppWould(db: OpenDb): Promise<void> {
  try {
    await migrateToLatest(db);
    const queue = await JobQueue.start(db, testConfig().notifications, Fastify({ logger: false }).log);
    await queue.stop();
  } finally {
    await db.destroy();
  }
}

export async function setup(project: TestProject): Promise<void> {
  const kind = project.config.env?.VIGIL_TEST_DB;
  if (kind === 'postgres') {
    postgresTemplate = `vigil_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await adminSql(`CREATE DATABASE ${postgresTemplate}`);
    await migrateAsTheAppWould(await openDatabase({ kind: 'postgres', url: databaseUrlOf(postgresTemplate), poolSize: 2 }));
    project.provide('postgresTemplate', postgresTemplate);
    return;
  }
  if (kind !== 'pglite') return;
  dir = await mkdtemp(path.join(tmpdir(), 'vigil-pglite-template-'));
  const dataDir = path.join(dir, 'data');
  const empty = await dumpPglite(await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS }), path.join(dir, 'empty.tar'));
  project.provide('pgliteEmpty', empty);
  await migrateAsTheAppWould(await openDatabase({ kind: 'pglite', dataDir }));
  const migrated = await dumpPglite(await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS }), path.join(dir, 'template.tar'));
  project.provide('pgliteTemplate', migrated);
}

/** Writes a PGlite's data directory, as dumpDataDir's tarball, to `file`, and closes it. */
async function dumpPglite(pglite: PGlite, file: string): Promise<string> {
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

export async function teardown(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
  if (postgresTemplate) await adminSql(`DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
}
