import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { auditActor } from '../audit/record.js';
import { confirmUser, readAsUser, requireListUser, requireUser, userOf } from '../auth/currentUser.js';
import { errorResponses, IdParams, Message, pageOf } from '../common/schema.js';
import type { ContactDeps } from '../contacts/service.js';
import { ingestUrl } from '../ingest/keys.js';
import { IngestKey } from '../ingest/schema.js';
import type { IngestStages } from '../ingest/stages.js';
import type { IntegrationReads } from './integrationReads.js';
import {
  IntegrationCreate,
  IntegrationCreated,
  IntegrationListQuery,
  IntegrationPublic,
  IntegrationsPublic,
  IntegrationUpdate,
} from './schema.js';
import {
  createIntegration,
  deleteIntegration,
  getOwnedIntegration,
  rotateIngestKey,
  toIntegrationPublic,
  updateIntegration,
} from './service.js';

const tags = ['integrations'];
const security = [{ OAuth2PasswordBearer: [] }];
const { 401: e401, 404: e404, 422: e422 } = errorResponses;

/**
 * /api/v1/integration: every call needs a login; an integration's team's members read it, its
 * admins (or a superuser) change it; anyone else gets 404 (docs/api/teams.md).
 * Login is checked onRequest, before validation: like FastAPI, an anonymous caller gets 401,
 * never a 422. The list checks its user in its page's own statement (auth/currentUser.ts).
 */
export type IntegrationRouteDeps = ContactDeps & {
  /** Coalesced reads of the integration list (integrationReads.ts). */
  integrationReads: IntegrationReads;
  /** A deleted integration's alerts leave their owner's consoles. */
  alertChanges: AlertChangeFeed;
  /** The intake's stage cache: a change to grouping is seen by this process's next body (docs/decisions/0090). */
  ingestStages: Pick<IngestStages, 'invalidate'>;
};

export async function integrationRoutes(app: FastifyInstance, deps: IntegrationRouteDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/',
    {
      // The user is checked by the page's own statement when this process knows it (auth/currentUser.ts).
      onRequest: requireListUser,
      attachValidation: true,
      schema: {
        tags,
        operationId: 'integrations-read_integrations',
        summary: "List the integrations of the caller's teams, newest first (a superuser: all)",
        security,
        querystring: IntegrationListQuery,
        response: { 200: IntegrationsPublic, 401: e401, 422: e422 },
      },
    },
    async (request, reply) => {
      if (request.validationError) await confirmUser(request);
      const { offset, limit } = pageOf(request.query);
      const page = await readAsUser(request, (user) => deps.integrationReads.page({ user, offset, limit, teamId: request.query.team_id }));
      return deps.integrationReads.send(reply, page);
    },
  );

  api.post(
    '/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'integrations-create_integration',
        summary: 'Create an integration in one of the teams the caller administers',
        description: 'The answer carries the ingest key and URL: shown this once, only a hash is stored.',
        security,
        body: IntegrationCreate,
        response: { 200: IntegrationCreated, 401: e401, 422: e422 },
      },
    },
    async (request) => {
      const { integration, ingestKey } = await createIntegration(deps, auditActor(request), userOf(request), request.body);
      return {
        ...toIntegrationPublic(integration),
        ingest_key: ingestKey,
        ingest_url: ingestUrl(deps.config, ingestKey),
      };
    },
  );

  api.post(
    '/:id/ingest-key',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'integrations-rotate_ingest_key',
        summary: 'Issue a new ingest key (owner or superuser); the old one stops working at once',
        description: 'The new key and URL are answered this once; only a hash is stored.',
        security,
        params: IdParams,
        response: { 200: IngestKey, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const key = await rotateIngestKey(deps.db, auditActor(request), userOf(request), request.params.id);
      return { ingest_key: key, ingest_url: ingestUrl(deps.config, key) };
    },
  );

  api.get(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'integrations-read_integration',
        summary: 'Read one integration (owner or superuser)',
        security,
        params: IdParams,
        response: { 200: IntegrationPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => toIntegrationPublic(await getOwnedIntegration(deps.db, userOf(request), request.params.id)),
  );

  api.patch(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'integrations-update_integration',
        summary: 'Change an integration (owner or superuser): its title, description, escalation policy or grouping',
        description:
          'escalation_policy_id names any escalation policy (GET /escalation-policies); null detaches it (every active superuser, by hand). ' +
          "An unknown id is a 422. The policy's addresses not yet asked are sent the confirmation email on the owner's behalf. " +
          'group_by and group_window_minutes group its alerts (docs/oncall/grouping.md); group_by [] ends grouping.',
        security,
        params: IdParams,
        body: IntegrationUpdate,
        response: { 200: IntegrationPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const integration = await updateIntegration(deps, auditActor(request), userOf(request), request.params.id, request.body);
      if (request.body.group_by !== undefined || request.body.group_window_minutes !== undefined)
        deps.ingestStages.invalidate(integration.id);
      return toIntegrationPublic(integration);
    },
  );

  api.delete(
    '/:id',
    {
      onRequest: requireUser,
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
      await deleteIntegration(deps, auditActor(request), userOf(request), request.params.id);
      return { message: 'Integration deleted successfully' };
    },
  );
}
