import { createHash, timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { requireSuperuser } from '../auth/currentUser.js';
import { errorResponses, HttpErrorBody } from '../common/schema.js';
import type { Config } from '../config.js';
import { RETRY_AFTER_SECONDS } from '../db/connectionErrors.js';
import type { Db } from '../db/database.js';
import type { Lifecycle } from '../operations/shutdown.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The metrics token (compared in constant time), else a superuser's login: 401 / 403 otherwise. */
const metricsReader =
  (expected: string | undefined) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const given = request.headers.authorization?.match(/^Bearer (.+)$/i)?.[1];
    if (expected && given && timingSafeEqual(digest(given), digest(expected))) return;
    await requireSuperuser(request, reply);
  };

export interface UtilsRouteDeps {
  db: Db;
  config: Config;
  lifecycle: Lifecycle;
}

export async function utilsRoutes(root: FastifyInstance, deps: UtilsRouteDeps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/health-check/',
    { schema: { tags: ['utils'], operationId: 'utils-health_check', response: { 200: Type.Boolean(), 503: HttpErrorBody } } },
    async (_request, reply) => {
      // Shutting down: say so first, so the load balancer stops sending before we stop accepting.
      if (deps.lifecycle.draining) return reply.code(503).send({ detail: 'Shutting down' });
      try {
        await sql`SELECT 1`.execute(deps.db);
        return true;
      } catch {
        // Not logged here: a lost database is logged once per outage (db/outage.ts).
        return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ detail: 'Database unavailable' });
      }
    },
  );
  await metricsRoute(root, deps);
}

/** GET /metrics, on its own for a worker process, which serves it and the probes only (operations/roles.ts). */
export async function metricsRoute(root: FastifyInstance, deps: Pick<UtilsRouteDeps, 'config'>): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const requireMetricsReader = metricsReader(deps.config.metricsToken);
  app.get(
    '/metrics',
    {
      onRequest: requireMetricsReader,
      // Superusers only, behind its own hook: an API token needs `admin`, as with requireSuperuser.
      config: { tokenScope: 'admin' },
      schema: {
        tags: ['utils'],
        operationId: 'utils-metrics',
        summary: 'Prometheus metrics (a superuser, or the METRICS_TOKEN bearer)',
        security: [{ OAuth2PasswordBearer: [] }],
        produces: ['text/plain'],
        response: {
          200: Type.String({ description: 'Prometheus text exposition format' }),
          401: errorResponses[401],
          403: errorResponses[403],
        },
      },
    },
    async (_request, reply) => {
      const body = await app.metrics.metrics();
      return reply.type(app.metrics.contentType).send(body);
    },
  );
}
