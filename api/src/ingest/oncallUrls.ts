import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, HttpErrorBody, TooManyRequests } from '../common/schema.js';
import type { Config } from '../config.js';
import { HttpError } from '../errors.js';
import { retryAfterSeconds } from '../operations/keyedRateLimit.js';
import { redactUrlSecrets } from '../operations/logRedaction.js';
import type { IngestFormat } from './events.js';
import type { Intake, IntakeResult } from './intake.js';
import { hashIngestKey } from './keys.js';
import { FORMATS } from './parse.js';
import { INACTIVE_OWNER, tooManyAlertsForKey, tooManyAlertsInBody } from './routes.js';

/** Where Grafana OnCall's integration URLs live, at the origin's root. */
export const ONCALL_PREFIX = '/integrations/v1';

/** OnCall's integration kinds Vigil takes, and the format each body is read as. */
export const ONCALL_KINDS = {
  alertmanager: 'alertmanager',
  grafana_alerting: 'grafana',
  formatted_webhook: 'oncall_formatted_webhook',
  webhook: 'oncall_webhook',
} as const satisfies Record<string, IngestFormat>;

/** OnCall's words for a token it does not know (its AlertChannelDefiningMixin). */
export const ONCALL_KEY_NOT_FOUND = 'Integration key was not found. Permission denied.';
/** OnCall's answer to every accepted body (`Response("Ok.")`: the JSON string). */
export const ONCALL_OK = 'Ok.';

const Ok = Type.Literal(ONCALL_OK, { title: 'OnCallOk' });
const OnCallParams = Type.Object({ token: Type.String() });
const { 422: e422 } = errorResponses;

/** The token is a credential: these routes log their URL without it. */
const logSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactUrlSecrets(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

/**
 * Grafana OnCall's integration URLs, `/integrations/v1/{kind}/{token}/` (the trailing slash
 * optional), where the token is an integration's ingest key or the OnCall token it had
 * (integration_legacy_keys): a sender that posted to OnCall changes only the host. Each body
 * goes through the one intake as its format; the answers are OnCall's (200 "Ok."; 403 for a
 * token it does not know) or ours for what OnCall never refused (422, 413, 429).
 */
export async function oncallRoutes(app: FastifyInstance, { intake, config }: { intake: Intake; config: Config }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const refuse = (result: Exclude<IntakeResult, { kind: 'done' }>): never => {
    switch (result.kind) {
      case 'limited':
        throw new HttpError(429, tooManyAlertsForKey(config.rateLimit.ingestAlertsPerKey), {
          'retry-after': retryAfterSeconds(result.retryAfterMs),
        });
      case 'unknown-key':
        throw new HttpError(403, ONCALL_KEY_NOT_FOUND);
      case 'inactive-owner':
        throw new HttpError(403, INACTIVE_OWNER);
      case 'too-many':
        throw new HttpError(413, tooManyAlertsInBody(result.count, config.ingest.maxAlertsPerBody));
      case 'invalid':
        throw new Error('answered by the handler');
    }
  };

  /** A body that could not be read: the token is checked first, as the handler would. */
  const errorHandler = async (error: FastifyError, request: { params: unknown }) => {
    if (error.code?.startsWith('FST_ERR_CTP_')) {
      const refusal = await intake.checkUnreadable(hashIngestKey((request.params as { token: string }).token));
      if (refusal && refusal.kind !== 'done' && refusal.kind !== 'invalid') refuse(refusal);
    }
    throw error;
  };

  const handle = (format: IngestFormat) => async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const result = await intake.receive(hashIngestKey(request.params.token), format, request.body, request.ip);
    if (result.kind === 'invalid') return reply.code(422).send({ detail: result.issues });
    if (result.kind !== 'done') return refuse(result);
    // As Django REST framework rendered OnCall's Response("Ok."): the JSON string.
    return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(ONCALL_OK));
  };

  for (const [kind, format] of Object.entries(ONCALL_KINDS)) {
    for (const slash of ['/', '']) {
      api.post(
        `/${kind}/:token${slash}`,
        {
          validatorCompiler: () => () => true,
          errorHandler,
          logSerializers,
          config: { openBody: true },
          schema: {
            // One documented operation per kind: the URL OnCall showed, with its slash.
            hide: slash === '',
            tags: ['ingestion'],
            operationId: `ingestion-oncall_${kind}`,
            summary: `Grafana OnCall's ${kind} integration URL (the token: an integration key)`,
            description:
              'Answers 200 "Ok." as OnCall did; 403 for a token Vigil does not know. The trailing slash is optional. ' +
              'See docs/api.md, "Grafana OnCall integration URLs".',
            params: OnCallParams,
            body: FORMATS[format].schema,
            response: { 200: Ok, 403: HttpErrorBody, 413: HttpErrorBody, 422: e422, 429: TooManyRequests },
          },
        },
        handle(format),
      );
    }
  }
}
