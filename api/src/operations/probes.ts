import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { RETRY_AFTER_SECONDS } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import type { Lifecycle } from './shutdown.js';

/** The newest migration this build knows: the schema a started process expects. */
export const EXPECTED_MIGRATION = Object.keys(migrations).at(-1) ?? '';

/**
 * Kubernetes' three probes (docs/deploy/kubernetes.md), outside /api and the OpenAPI document:
 * they are for the orchestrator, on the pod's own port.
 *
 * - `/healthz/live`: the process answers. Never touches the database, so a database outage
 *   does not restart every pod (it makes them unready instead).
 * - `/healthz/ready`: the database answers and the process is not draining (SIGTERM):
 *   requests may be sent here.
 * - `/healthz/startup`: the schema is at this build's newest migration: a pod of a new
 *   version is not started against a database its migration Job has not brought up yet.
 */
export async function probeRoutes(app: FastifyInstance, deps: { db: Db; lifecycle: Lifecycle }): Promise<void> {
  const unavailable = (detail: string) => ({ detail });
  const hidden = { schema: { hide: true } };
  app.get('/healthz/live', hidden, async () => ({ status: 'live' }));
  app.get('/healthz/ready', hidden, async (_request, reply) => {
    if (deps.lifecycle.draining) return reply.code(503).send(unavailable('Shutting down'));
    try {
      await sql`SELECT 1`.execute(deps.db);
      return { status: 'ready' };
    } catch {
      // Not logged here: a lost database is logged once per outage (db/outage.ts).
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(unavailable('Database unavailable'));
    }
  });
  app.get('/healthz/startup', hidden, async (_request, reply) => {
    try {
      const { rows } = await sql<{ name: string }>`
        SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(deps.db);
      const applied = rows[0]?.name ?? null;
      if (applied !== EXPECTED_MIGRATION) {
        return reply
          .code(503)
          .send({ ...unavailable('Migrations are not at the expected version'), expected: EXPECTED_MIGRATION, applied });
      }
      return { status: 'started', migration: applied };
    } catch {
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(unavailable('Database unavailable'));
    }
  });
}
