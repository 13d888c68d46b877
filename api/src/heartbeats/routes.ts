import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { errorResponses, HttpErrorBody, IdParams, Message, PageQuery, pageOf, TooManyRequests } from '../common/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { getOwnedIntegration } from '../integrations/service.js';
import type { TeamNeed } from '../teams/access.js';
import { PingLimits } from './pingLimits.js';
import {
  HEARTBEAT_MONITORS_PER_INTEGRATION_MAX,
  HeartbeatCreate,
  HeartbeatCreated,
  HeartbeatParams,
  HeartbeatPingToken,
  HeartbeatPublic,
  HeartbeatsPublic,
  HeartbeatUpdate,
  PingParams,
} from './schema.js';
import {
  createMonitor,
  deleteMonitor,
  getMonitor,
  listMonitors,
  monitorIdOfToken,
  ping,
  pingUrl,
  rotatePingToken,
  toHeartbeatPublic,
  updateMonitor,
} from './service.js';

const tags = ['heartbeats'];
const security = [{ OAuth2PasswordBearer: [] }];
const { 401: e401, 404: e404, 422: e422 } = errorResponses;

export const HEARTBEAT_NOT_FOUND = 'Heartbeat monitor not found';

/**
 * /api/v1/integration/{id}/heartbeats: an integration's heartbeat monitors, read by its team's
 * members and changed by its admins or a superuser (anyone else: 404, as for the integration).
 * See docs/oncall/heartbeats.md.
 */
export async function heartbeatRoutes(app: FastifyInstance, deps: { db: Db; config: Config; now: () => Date }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = deps;
  /** The integration's id once the caller may see it (`manage`: change its monitors); else 404 Integration not found, or 403. */
  const ownedIntegration = async (request: Parameters<typeof userOf>[0], id: string, need: TeamNeed = 'read') =>
    (await getOwnedIntegration(db, userOf(request), id, need)).id;

  api.get(
    '/:id/heartbeats',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'heartbeats-read_heartbeats',
        summary: "List an integration's heartbeat monitors, oldest first (owner or superuser)",
        security,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: HeartbeatsPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      return listMonitors(db, await ownedIntegration(request, request.params.id), offset, limit);
    },
  );

  api.post(
    '/:id/heartbeats',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'heartbeats-create_heartbeat',
        summary: 'Create a heartbeat monitor on an integration (owner or superuser)',
        description:
          'The answer carries the ping token and URL: shown this once, only a hash is stored. A ping is due within ' +
          'interval_minutes + grace_minutes of now; each ping sets the next deadline. An integration holds at most ' +
          `${HEARTBEAT_MONITORS_PER_INTEGRATION_MAX} monitors: one more is a 422 (loc ["body"]).`,
        security,
        params: IdParams,
        body: HeartbeatCreate,
        response: { 200: HeartbeatCreated, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const integrationId = await ownedIntegration(request, request.params.id, 'manage');
      const { row, token } = await createMonitor(db, auditActor(request), integrationId, request.body, deps.now());
      return { ...toHeartbeatPublic(row), ping_token: token, ping_url: pingUrl(config, token) };
    },
  );

  api.get(
    '/:id/heartbeats/:monitor_id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'heartbeats-read_heartbeat',
        summary: 'Read one heartbeat monitor (owner or superuser)',
        security,
        params: HeartbeatParams,
        response: { 200: HeartbeatPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) =>
      toHeartbeatPublic(await getMonitor(db, await ownedIntegration(request, request.params.id), request.params.monitor_id)),
  );

  api.patch(
    '/:id/heartbeats/:monitor_id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'heartbeats-update_heartbeat',
        summary: 'Change a heartbeat monitor (owner or superuser)',
        description: 'A new interval or grace moves the deadline, counted from the last ping (or the creation).',
        security,
        params: HeartbeatParams,
        body: HeartbeatUpdate,
        response: { 200: HeartbeatPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const integrationId = await ownedIntegration(request, request.params.id, 'manage');
      return toHeartbeatPublic(await updateMonitor(db, auditActor(request), integrationId, request.params.monitor_id, request.body));
    },
  );

  api.delete(
    '/:id/heartbeats/:monitor_id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'heartbeats-delete_heartbeat',
        summary: 'Delete a heartbeat monitor (owner or superuser); an alert it raised stays',
        security,
        params: HeartbeatParams,
        response: { 200: Message, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      await deleteMonitor(db, auditActor(request), await ownedIntegration(request, request.params.id, 'manage'), request.params.monitor_id);
      return { message: 'Heartbeat monitor deleted successfully' };
    },
  );

  api.post(
    '/:id/heartbeats/:monitor_id/ping-token',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'heartbeats-rotate_ping_token',
        summary: 'Issue a new ping token (owner or superuser); the old one stops working at once',
        security,
        params: HeartbeatParams,
        response: { 200: HeartbeatPingToken, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const token = await rotatePingToken(
        db,
        auditActor(request),
        await ownedIntegration(request, request.params.id, 'manage'),
        request.params.monitor_id,
      );
      return { ping_token: token, ping_url: pingUrl(config, token) };
    },
  );
}

/**
 * GET or POST /api/v1/ingest/{token}/heartbeat: a heartbeat monitor's ping, public (the token
 * authenticates). Both methods, and any body or none, whatever its type, so `curl -fsS URL`
 * in a crontab works as it is. A known token's pings count against its monitor, an unknown
 * token's against the client's address (pingLimits.ts): 429 with Retry-After past either.
 */
export interface HeartbeatPingDeps {
  db: Db;
  config: Config;
  now: () => Date;
  /** A ping that resolves the monitor's alert tells its owner's consoles. */
  alertChanges: AlertChangeFeed;
}

export async function heartbeatPingRoutes(app: FastifyInstance, deps: HeartbeatPingDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Bodies are ignored: any type is taken (and read up to the body limit), none is parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  const limits = new PingLimits(app.rateLimitCounter, app.log, deps.config.rateLimit.heartbeatUnknownPings);

  // One route per method: each has its own operation in the OpenAPI document.
  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: '/:token/heartbeat',
      schema: {
        tags,
        operationId: `heartbeats-ping_${method.toLowerCase()}`,
        summary: `A heartbeat monitor's ping by ${method} (public: the token authenticates)${method === 'POST' ? '; any body or none' : ''}`,
        description:
          'At most 60 pings a minute per monitor; pings with unknown tokens at most RATE_LIMIT_HEARTBEAT_UNKNOWN_PER_MINUTE (30) a ' +
          'minute per client address. Past either, 429 with Retry-After. See docs/oncall/heartbeats.md.',
        params: PingParams,
        response: { 200: Message, 404: HttpErrorBody, 429: TooManyRequests },
      },
      handler: async (request, reply) => {
        const { token } = request.params;
        const monitorId = await monitorIdOfToken(deps.db, token);
        if (!monitorId) {
          await limits.unknown(request.ip);
          return reply.code(404).send({ detail: HEARTBEAT_NOT_FOUND });
        }
        await limits.monitor(monitorId);
        const answer = await ping(deps.db, { token }, request.ip, deps.now());
        // Rotated or deleted since the look-up: as unknown as any other token now.
        if (!answer.found) return reply.code(404).send({ detail: HEARTBEAT_NOT_FOUND });
        if (answer.resolved && answer.teamId) deps.alertChanges.announce([answer.teamId]);
        return { message: 'Ping received' };
      },
    });
  }
}
