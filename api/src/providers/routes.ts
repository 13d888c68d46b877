import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireSuperuser } from '../auth/currentUser.js';
import { changeErrors, listErrors, operationDocs } from '../common/routeDocs.js';
import { Message } from '../common/schema.js';
import { PROVIDERS } from './definitions/index.js';
import { ProviderPublic, ProvidersPublic } from './schema.js';
import type { ProviderStore } from './store.js';

const doc = operationDocs('providers', 'providers');

/**
 * /api/v1/notification-providers (superusers): Twilio, the HTTP SMS gateway, the Slack app and the
 * Telegram bot, set up once for everyone; a PUT per kind, with that kind's own body.
 */
export async function providerRoutes(app: FastifyInstance, deps: { providers: ProviderStore }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/',
    {
      onRequest: requireSuperuser,
      schema: {
        ...doc('read_providers', 'The notification providers and how each is set up, secrets only as hints (superusers)'),
        response: { 200: ProvidersPublic, ...listErrors },
      },
    },
    async () => {
      const data = await deps.providers.list();
      return { data, count: data.length };
    },
  );
  for (const definition of Object.values(PROVIDERS)) {
    api.put(
      `/${definition.kind}`,
      {
        onRequest: requireSuperuser,
        schema: {
          ...doc(`put_${definition.kind}`, `Set up ${definition.title}; a secret left out keeps the stored one (superusers)`),
          body: definition.body,
          response: { 200: ProviderPublic, ...changeErrors },
        },
      },
      async (request) => deps.providers.put(definition.kind, request.body as Record<string, unknown>, auditActor(request)),
    );
    api.delete(
      `/${definition.kind}`,
      {
        onRequest: requireSuperuser,
        schema: {
          ...doc(`delete_${definition.kind}`, `Remove ${definition.title}'s set-up (superusers)`),
          response: { 200: Message, ...changeErrors },
        },
      },
      async (request) => {
        await deps.providers.remove(definition.kind, auditActor(request));
        return { message: `${definition.title} removed` };
      },
    );
  }
}
