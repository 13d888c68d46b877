import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireSuperuser } from '../auth/currentUser.js';
import { errorResponses } from '../common/schema.js';
import type { Db } from '../db/database.js';
import { AUDIT_PAGE_DEFAULT, AuditExportQuery, AuditLogPage, AuditLogQuery } from './schema.js';
import { exportAuditLog, listAuditLog } from './service.js';

const tags = ['audit-log'];
const security = [{ OAuth2PasswordBearer: [] }];
const { 401: e401, 403: e403, 422: e422 } = errorResponses;

/**
 * /api/v1/audit-log: superusers only. Once teams exist, a team's admins read their team's
 * entries too: the check goes in the `onRequest` hook (a team admin passes) and the `team_id`
 * filter becomes required for anyone who is not a superuser (teams/access.ts decides).
 */
export async function auditLogRoutes(root: FastifyInstance, deps: { db: Db }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/',
    {
      onRequest: requireSuperuser,
      schema: {
        tags,
        security,
        operationId: 'audit-read_audit_log',
        summary: 'Audit entries, newest first, a page at a time (superuser)',
        description: "Filters combine; `before` is the previous page's `next_before`. An `action` ending in `*` is a prefix.",
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, 401: e401, 403: e403, 422: e422 },
      },
    },
    async (request) => {
      const { limit, ...filters } = request.query;
      return listAuditLog(deps.db, filters, limit ?? AUDIT_PAGE_DEFAULT);
    },
  );

  app.get(
    '/export',
    {
      onRequest: requireSuperuser,
      schema: {
        tags,
        security,
        operationId: 'audit-export_audit_log',
        summary: 'The entries matching the filters as JSON lines, newest first (superuser)',
        description: 'One entry (as in the list) per line, at most 100,000: narrow a wider export with `since` and `until`.',
        querystring: AuditExportQuery,
        response: {
          200: { description: 'One JSON entry per line', content: { 'application/x-ndjson': { schema: Type.String() } } },
          401: e401,
          403: e403,
          422: e422,
        },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      // A stream is sent as it is; the typed reply knows only the documented body (text).
      const lines = Readable.from(exportAuditLog(deps.db, request.query)) as unknown as string;
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.jsonl"`)
        .send(lines);
    },
  );
}
