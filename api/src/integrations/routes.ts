import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser, userOf } from '../auth/currentUser.js';
import { errorResponses, IdParams, Message, PageQuery, pageOf } from '../common/schema.js';
import { IntegrationCreate, IntegrationPublic, IntegrationsPublic } from './schema.js';
import { createIntegration, deleteIntegration, getOwnedIntegration, toIntegrationPublic } from './service.js';

const tags = ['integrations'];
const security = [{ OAuth2PasswordBearer: [] }];
const { 401: e401, 404: e404, 422: e422 } = errorResponses;

/** /api/v1/integration: every call needs a login, and only the owner (or a superuser) sees one. */
export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // onRequest, before validation: like FastAPI, an anonymous caller gets 401, never a 422.
  api.addHook('onRequest', requireUser);

  api.get(
    '/',
    {
      schema: {
        tags,
        operationId: 'integrations-read_integrations',
        summary: "List the caller's integrations, newest first (a superuser: all)",
        security,
        querystring: PageQuery,
        response: { 200: IntegrationsPublic, 401: e401, 422: e422 },
      },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      return app.deps.reads.integrationPage({ user: userOf(request), offset, limit });
    },
  );

  api.post(
    '/',
    {
      schema: {
        tags,
        operationId: 'integrations-create_integration',
        summary: 'Create an integration owned by the caller',
        security,
        body: IntegrationCreate,
        response: { 200: IntegrationPublic, 401: e401, 422: e422 },
      },
    },
    async (request) => toIntegrationPublic(await createIntegration(app.deps.db, userOf(request), request.body)),
  );

  api.get(
    '/:id',
    {
      schema: {
        tags,
        operationId: 'integrations-read_integration',
        summary: 'Read one integration (owner or superuser)',
        security,
        params: IdParams,
        response: { 200: IntegrationPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => toIntegrationPublic(await getOwnedIntegration(app.deps.db, userOf(request), request.params.id)),
  );

  api.delete(
    '/:id',
    {
      schema: {
        tags,
        operationId: 'integrations-delete_integration',
        summary: 'Delete an integration (owner or superuser); its alerts stay, detached',
        security,
        params: IdParams,
        response: { 200: Message, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      await deleteIntegration(app.deps.db, userOf(request), request.params.id);
      return { message: 'Integration deleted successfully' };
    },
  );
}
