import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/db/database.js';
import { JobQueue } from '../../src/notifications/jobQueue.js';
import { testConfig } from './testApp.js';

// Global set-up of the API projects (vitest.config.ts). A new PGlite runs initdb, and the
// migrations and pg-boss's schema follow: seconds of CPU for each test app. Done once here, the
// result is dumped to a file, and each test app copies it into a new in-memory PGlite
// (openTestDatabase({ migrated: true })): the same database the app would make, made once.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump (PGlite dumpDataDir tarball) of a migrated PGlite with the job queue's schema. */
    pgliteTemplate: string;
  }
}

let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (project.config.env?.VIGIL_TEST_DB !== 'pglite') return;
  dir = await mkdtemp(path.join(tmpdir(), 'vigil-pglite-template-'));
  const dataDir = path.join(dir, 'data');
  const db = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(db);
    // pg-boss makes its schema and the email queue at its first start: as the app would.
    const queue = await JobQueue.start(db, testConfig().notifications, Fastify({ logger: false }).log);
    await queue.stop();
  } finally {
    await db.destroy();
  }
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}

export async function teardown(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}
