import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireSuperuser, requireUser, userOf } from '../auth/currentUser.js';
import { errorResponses, HttpErrorBody, IdParams } from '../common/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
// upward: an integration's contacts are listed under its route, behind its owner's check.
import { getOwnedIntegration } from '../integrations/service.js';
import { viewerOf } from '../teams/access.js';
import { answerConfirmation, lookUpConfirmation } from './confirmation.js';
import {
  ConfirmationToken,
  ContactAddress,
  ContactConfirmationPublic,
  EscalationContactPublic,
  EscalationContactsPublic,
} from './schema.js';
import { type ContactDeps, confirmAsAdmin, listPolicyContacts, resendConfirmation } from './service.js';

const security = [{ OAuth2PasswordBearer: [] }];
const { 400: e400, 401: e401, 403: e403, 404: e404, 409: e409, 422: e422 } = errorResponses;

/**
 * /api/v1/integration/{id}/contacts…: the confirmation state of a policy's contacts, a new
 * confirmation email (owner or superuser), and the superuser's bypass. Login is checked
 * onRequest, before validation, as for every integration route.
 */
export async function integrationContactRoutes(root: FastifyInstance, deps: ContactDeps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['integrations'];

  app.get(
    '/:id/contacts',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'integrations-read_escalation_contacts',
        summary: "The escalation policy's contacts and whether each confirmed its address (owner or superuser)",
        description: "Only a policy of the caller's own (or any, for a superuser) lists its addresses; someone else's policy lists none.",
        security,
        params: IdParams,
        response: { 200: EscalationContactsPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const user = userOf(request);
      const integration = await getOwnedIntegration(deps.db, user, request.params.id);
      const data = await listPolicyContacts(deps, await viewerOf(deps.db, user), integration);
      return { data, count: data.length };
    },
  );

  app.post(
    '/:id/contacts/resend',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'integrations-resend_contact_confirmation',
        summary: "Email a contact of the policy a new confirmation link (the team's admins or a superuser)",
        description:
          'At most one confirmation email per owner and address every CONTACT_CONFIRMATION_RESEND_MINUTES, and ' +
          'CONTACT_CONFIRMATIONS_PER_DAY per owner: 429 with Retry-After beyond. 409 once the address confirmed or declined.',
        security,
        params: IdParams,
        body: ContactAddress,
        response: { 200: EscalationContactPublic, 401: e401, 403: e403, 404: e404, 409: e409, 422: e422, 429: HttpErrorBody },
      },
    },
    async (request) => {
      const user = userOf(request);
      const integration = await getOwnedIntegration(deps.db, user, request.params.id, 'manage');
      return resendConfirmation(deps, await viewerOf(deps.db, user), integration, request.body.email);
    },
  );

  app.post(
    '/:id/contacts/confirm',
    {
      onRequest: requireSuperuser,
      schema: {
        tags,
        operationId: 'integrations-confirm_escalation_contact',
        summary: 'Mark a contact of the policy confirmed without its email (superusers only)',
        security,
        params: IdParams,
        body: ContactAddress,
        response: { 200: EscalationContactPublic, 401: e401, 403: e403, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const admin = userOf(request);
      const integration = await getOwnedIntegration(deps.db, admin, request.params.id);
      return confirmAsAdmin(deps, admin, integration, request.body.email);
    },
  );
}

/**
 * /api/v1/contacts/confirmation/…: public, the emailed token is the credential. It travels in
 * the body (never an API URL, which is logged); the page reads it from its own `?t=`.
 * Reading changes nothing; confirm and decline use the link up. Rate-limited per client address.
 */
export async function contactConfirmationRoutes(root: FastifyInstance, deps: { db: Db; config: Config; now: () => Date }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['contacts'];
  const config = { rateLimit: { max: deps.config.rateLimit.publicAlert, timeWindow: '1 minute' } };
  const response = { 200: ContactConfirmationPublic, 400: e400, 422: e422, 429: HttpErrorBody };

  app.post(
    '/lookup',
    {
      config,
      schema: {
        tags,
        operationId: 'contacts-look_up_confirmation',
        summary: 'What a confirmation link is about (public; changes nothing)',
        description: '400 `This confirmation link is not valid`, `… has expired` or `… was already used`.',
        body: ConfirmationToken,
        response,
      },
    },
    async (request) => lookUpConfirmation(deps.db, request.body.token, deps.now()),
  );

  for (const [path, answer, summary] of [
    ['/confirm', 'confirmed', 'Confirm the address: alerts reach it from now on (public; the link acts once)'],
    ['/decline', 'declined', 'Decline: no alert reaches the address, and its owner cannot ask again (public; the link acts once)'],
  ] as const) {
    app.post(
      path,
      {
        config,
        schema: {
          tags,
          operationId: `contacts-${path.slice(1)}`,
          summary,
          description: '400 as for lookup; nothing changes then.',
          body: ConfirmationToken,
          response,
        },
      },
      async (request) => answerConfirmation(deps.db, request.body.token, answer, deps.now()),
    );
  }
}
