import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AlertChangeFeed } from '../../alerts/alertChanges.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { PingLimits } from '../../heartbeats/pingLimits.js';
import { monitorsNamed, ping } from '../../heartbeats/service.js';
import type { Intake } from '../intake.js';
import { admitted, noValidation, OpsgenieAccepted, OpsgenieAnswer, OpsgenieError, opsgenieErrors, opsgenieShaped } from './answers.js';
import { HeartbeatNameParams } from './schema.js';

export const PONG = 'PONG - Heartbeat received';
export const heartbeatNotFound = (name: string) => `Heartbeat with name [${name}] does not exist`;

export interface OpsgenieHeartbeatDeps {
  intake: Intake;
  config: Config;
  db: Db;
  now: () => Date;
  alertChanges: AlertChangeFeed;
}

/**
 * GET or POST /v2/heartbeats/{name}/ping with `Authorization: GenieKey <key>`: Opsgenie's
 * heartbeat ping, on the heartbeat monitors of that name of the key's integration (each, when
 * several share it), as their own ping URL does: the next deadline moves, a missed-ping alert
 * is resolved. Any body or none. The request counts against the key's budget, each monitor's
 * ping against the monitor's (heartbeats/pingLimits.ts).
 */
export async function opsgenieHeartbeatRoutes(app: FastifyInstance, deps: OpsgenieHeartbeatDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { intake, config, db } = deps;
  opsgenieShaped(app, { intake, config, bodies: 'ignored' });
  const limits = new PingLimits(app.rateLimitCounter, app.log, config.rateLimit.heartbeatUnknownPings);

  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: '/heartbeats/:name/ping',
      validatorCompiler: noValidation,
      schema: {
        tags: ['heartbeats'],
        operationId: `heartbeats-opsgenie_ping_${method.toLowerCase()}`,
        summary: `Opsgenie heartbeat ping by ${method} (Authorization: GenieKey <integration key>): the integration's monitors of that name`,
        description: 'Answers 202 {result: "PONG - Heartbeat received", took, requestId}. See docs/api.md, "Opsgenie Alert API drop-in".',
        params: HeartbeatNameParams,
        response: { 202: OpsgenieAccepted, 404: OpsgenieError, ...opsgenieErrors },
      },
      handler: async (request, reply) => {
        const answer = new OpsgenieAnswer(request, reply);
        const integrationId = await admitted(request, answer, intake, config);
        if (!integrationId) return reply;
        const { name } = request.params;
        const ids = name.includes('\u0000') ? [] : await monitorsNamed(db, integrationId, name);
        if (ids.length === 0) return answer.error(404, heartbeatNotFound(name));
        for (const monitorId of ids) {
          await limits.monitor(monitorId);
          const pinged = await ping(db, { monitorId }, request.ip, deps.now());
          if (pinged.found && pinged.resolved && pinged.teamId) deps.alertChanges.announce([pinged.teamId]);
        }
        return answer.accepted(PONG);
      },
    });
  }
}
