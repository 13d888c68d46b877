import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser, userOf } from '../auth/currentUser.js';
import { errorResponses, TeamQuery } from '../common/schema.js';
import type { AlertActionDeps } from './alertActions.js';
import { applyBulkAction } from './bulk.js';
import { type ChangeStreamDeps, changeStreamRoute } from './changeStream.js';
import { AlertBulkAction, AlertBulkResult, AlertStats } from './schema.js';
import { alertStats } from './stats.js';

const tags = ['alerts'];
const security = [{ OAuth2PasswordBearer: [] }];

/** /api/v1/alert: what a team triaging many alerts needs beyond docs/product.md §7 — bulk actions, figures, live changes. */
export type TriageRouteDeps = AlertActionDeps & ChangeStreamDeps;

export async function triageRoutes(app: FastifyInstance, deps: TriageRouteDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/bulk',
    {
      onRequest: requireUser,
      config: { tokenScope: 'alerts:write' },
      schema: {
        tags,
        operationId: 'alerts-bulk_action',
        summary: 'Acknowledge or close many alerts; one outcome per id',
        security,
        body: AlertBulkAction,
        response: { 200: AlertBulkResult, 401: errorResponses[401], 422: errorResponses[422] },
      },
    },
    async (request) => {
      const { action, ids } = request.body;
      return applyBulkAction(deps, userOf(request), { action, ids }, request.ip ?? null);
    },
  );

  api.get(
    '/stats',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'alerts-stats',
        summary: "Open alerts by severity, MTTA and MTTR of the last 30 days, of the caller's teams (or one of them)",
        security,
        querystring: TeamQuery,
        response: { 200: AlertStats, 401: errorResponses[401], 422: errorResponses[422] },
      },
    },
    async (request) => alertStats(deps.db, userOf(request), request.query.team_id),
  );

  const { config, alertChanges, userReads } = deps;
  await app.register(changeStreamRoute, { db: deps.db, config, alertChanges, userReads });
}
