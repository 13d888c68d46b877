import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { HttpErrorBody } from '../common/schema.js';

export async function utilsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/health-check/',
    { schema: { tags: ['utils'], operationId: 'utils-health_check', response: { 200: Type.Boolean(), 503: HttpErrorBody } } },
    async (_request, reply) => {
      try {
        await sql`SELECT 1`.execute(app.deps.db);
        return true;
      } catch {
        return reply.code(503).send({ detail: 'Database unavailable' });
      }
    },
  );
}
