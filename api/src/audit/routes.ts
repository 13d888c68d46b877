import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireUser, userOf } from '../auth/currentUser.js';
import { errorResponses } from '../common/schema.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { HttpError, NOT_ENOUGH_PRIVILEGES } from '../errors.js';
import { roleOf } from '../teams/access.js';
import { AUDIT_PAGE_DEFAULT, AuditExportQuery, AuditLogPage, AuditLogQuery } from './schema.js';
import { exportAuditLog, listAuditLog } from './service.js';

const tags = ['audit-log'];
const security = [{ OAuth2PasswordBearer: [] }];
const { 401: e401, 403: e403, 422: e422 } = errorResponses;

/**
 * /api/v1/audit-log: superusers read every entry; a team's admins read that team's, naming it
 * in `team_id` (without it, or for a team they do not administer: 403).
 */
async function checkReader(db: Db, user: UserRow, teamId: string | undefined): Promise<void> {
  if (user.is_superuser && !user.onlyTeam) return;
  if (!teamId || (await roleOf(db, user, teamId)) !== 'admin') {
    throw new HttpError(403, NOT_ENOUGH_PRIVILEGES);
  }
}

export async function auditLogRoutes(root: FastifyInstance, deps: { db: Db }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        operationId: 'audit-read_audit_log',
        summary: "Audit entries, newest first, a page at a time (superusers; a team's admins with its team_id)",
        description: "Filters combine; `before` is the previous page's `next_before`. An `action` ending in `*` is a prefix.",
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, 401: e401, 403: e403, 422: e422 },
      },
    },
    async (request) => {
      await checkReader(deps.db, userOf(request), request.query.team_id);
      const { limit, ...filters } = request.query;
      return listAuditLog(deps.db, filters, limit ?? AUDIT_PAGE_DEFAULT);
    },
  );

  app.get(
    '/export',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        operationId: 'audit-export_audit_log',
        summary: "The entries matching the filters as JSON lines, newest first (superusers; a team's admins with its team_id)",
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
      await checkReader(deps.db, userOf(request), request.query.team_id);
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
