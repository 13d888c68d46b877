import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { EXPECTED_MIGRATION, probeRoutes } from '../../src/operations/probes.js';
import { body, createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The orchestrator's probes (operations/probes.ts): live never needs the database, ready says
 * whether requests may come (database answers, not draining), startup whether the schema is at
 * this build's newest migration.
 */
describe('the /healthz probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answer live, ready and started on a migrated database', async () => {
    expect([(await get('/healthz/live')).statusCode, body(await get('/healthz/live'))]).toEqual([200, { status: 'live' }]);
    expect(body(await get('/healthz/ready'))).toEqual({ status: 'ready' });
    expect(body(await get('/healthz/startup'))).toEqual({ status: 'started', migration: EXPECTED_MIGRATION });
  });

  it('while draining: not ready, still live', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await get('/healthz/ready');
      expect([ready.statusCode, body(ready)]).toEqual([503, { detail: 'Shutting down' }]);
      expect((await get('/healthz/live')).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('startup waits for a schema behind this build, naming both versions', async () => {
    const last = await t.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where('name' as never, '=', EXPECTED_MIGRATION as never)
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', EXPECTED_MIGRATION as never)
      .execute();
    try {
      const res = await get('/healthz/startup');
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ detail: 'Migrations are not at the expected version', expected: EXPECTED_MIGRATION });
      expect(body(res).applied).not.toBe(EXPECTED_MIGRATION);
    } finally {
      await t.db
        .insertInto('kysely_migration' as never)
        .values(last as never)
        .execute();
    }
    expect((await get('/healthz/startup')).statusCode).toBe(200);
  });
});

describe('the /healthz probes without a database', () => {
  it('stay live, and answer not ready and not started with Retry-After', async () => {
    // A real PostgreSQL driver pointed where nothing listens.
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 1_000 }) }),
    });
    const app = Fastify();
    await app.register(probeRoutes, { db, lifecycle: { draining: false } });
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz/live' })).statusCode).toBe(200);
      for (const url of ['/healthz/ready', '/healthz/startup']) {
        const res = await app.inject({ method: 'GET', url });
        expect([res.statusCode, res.json()], url).toEqual([503, { detail: 'Database unavailable' }]);
        expect(res.headers['retry-after'], url).toBeDefined();
      }
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
