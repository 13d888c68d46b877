import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { getOwnedAlert } from '../alerts/service.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { errorResponses, IdParams, PageQuery, pageOf } from '../common/schema.js';
import type { Db } from '../db/database.js';
import { listOccurrences } from './occurrences.js';
import { AlertOccurrencesPublic } from './schema.js';

const { 401: e401, 404: e404, 422: e422 } = errorResponses;

/**
 * /api/v1/alert/{id}/occurrences: the alerts a group alert absorbed. Read as the alert's history
 * is: its team's members and superusers; a stranger gets 404, as for an unknown id (the
 * public action page, which needs no login, does not show them: labels may say more than a
 * title).
 */
export async function occurrenceRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/:id/occurrences',
    {
      onRequest: requireUser,
      schema: {
        tags: ['alerts'],
        operationId: 'alerts-read_alert_occurrences',
        summary: "A group alert's occurrences, oldest first (its team's members or a superuser)",
        description:
          'Each alert the group alert absorbed, by its sender dedup key, with when it was received, last seen and resolved; ' +
          'an alert that is not a group alert has none. At most 1,000 are listed; occurrence_count on the alert counts every trigger.',
        security: [{ OAuth2PasswordBearer: [] }],
        params: IdParams,
        querystring: PageQuery,
        response: { 200: AlertOccurrencesPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const alert = await getOwnedAlert(deps.db, userOf(request), request.params.id);
      const { offset, limit } = pageOf(request.query);
      return listOccurrences(deps.db, alert.id, offset, limit);
    },
  );
}
