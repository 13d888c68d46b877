import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { changeErrors, listErrors, operationDocs } from '../common/routeDocs.js';
import { IdParams, pageOf } from '../common/schema.js';
import type { Db } from '../db/database.js';
import { TokenCreate, TokenCreated, TokenListQuery, TokenPublic, TokensPublic } from './schema.js';
import { createApiToken, listApiTokens, revokeApiToken } from './service.js';

const doc = operationDocs('tokens', 'tokens');
/** Managing tokens needs a signed-in session: a leaked token must not mint or keep alive others. */
const sessionOnly = { tokenScope: 'session' } as const;

/** /api/v1/tokens (docs/api/tokens.md): a user's API tokens. */
export async function apiTokenRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = deps;

  api.post(
    '/',
    {
      onRequest: requireUser,
      config: sessionOnly,
      schema: {
        ...doc(
          'create_token',
          'Create an API token',
          'The answer holds the secret (`token`) once; only its SHA-256 is stored. The `admin` scope is for superusers (else 403). ' +
            'Needs a signed-in session, not an API token.',
        ),
        body: TokenCreate,
        response: { 200: TokenCreated, ...changeErrors },
      },
    },
    async (request) => createApiToken(db, auditActor(request), userOf(request), request.body, now()),
  );

  api.get(
    '/',
    {
      onRequest: requireUser,
      config: sessionOnly,
      schema: {
        ...doc(
          'read_tokens',
          "List API tokens, newest first: the caller's (a superuser: any user's, or all)",
          'Needs a signed-in session.',
        ),
        querystring: TokenListQuery,
        response: { 200: TokensPublic, ...listErrors, 403: changeErrors[403] },
      },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      return listApiTokens(db, userOf(request), request.query, offset, limit);
    },
  );

  api.delete(
    '/:id',
    {
      onRequest: requireUser,
      config: sessionOnly,
      schema: {
        ...doc(
          'revoke_token',
          'Revoke an API token (its holder or a superuser)',
          'It stops working at once. Revoking a revoked token changes nothing and answers it with its first `revoked_at`. ' +
            'Needs a signed-in session.',
        ),
        params: IdParams,
        response: { 200: TokenPublic, ...changeErrors },
      },
    },
    async (request) => revokeApiToken(db, auditActor(request), userOf(request), request.params.id, now()),
  );
}
