import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, HttpErrorBody, TooManyRequests } from '../common/schema.js';
import type { Config } from '../config.js';
import { HttpError } from '../errors.js';
import { retryAfterSeconds } from '../operations/keyedRateLimit.js';
import { redactUrlSecrets } from '../operations/logRedaction.js';
import { INGEST_FORMATS, type IngestFormat } from './events.js';
import type { Intake, IntakeResult } from './intake.js';
import { hashIngestKey } from './keys.js';
import { DETECTED_FORMATS, detectFormat, FORMATS } from './parse.js';
import { IngestParams, IngestResult } from './schema.js';

const tags = ['ingestion'];
const { 401: e401, 403: e403, 422: e422 } = errorResponses;

export const INVALID_INGEST_KEY = 'Invalid integration key';
export const INACTIVE_OWNER = "The integration's owner is inactive";
export const tooManyAlertsInBody = (count: number, max: number) =>
  `Too many alerts in one request: ${count} (at most ${max}); send them in smaller batches`;
export const tooManyAlertsForKey = (max: number) => `Too many alerts for this integration: at most ${max} a minute`;

/** The key is a credential: these routes log their URL without it. */
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
 * Bodies are validated in the handler, not by Fastify: the key is checked before the body (a
 * bad key is 401 even with a bad body), and the auto-detecting URL validates against the format
 * it detected. The schemas stay on the routes for the OpenAPI document.
 */
const validatorCompiler = () => () => true;

const FORMAT_SUMMARIES: Record<IngestFormat, string> = {
  generic: 'a generic event {title, description?, severity?, dedup_key?, action}',
  alertmanager: 'a Prometheus Alertmanager webhook (version 4)',
  grafana: 'a Grafana alerting webhook',
  pagerduty: 'a PagerDuty Events API v2 event',
  opsgenie: "an Opsgenie Alert API create-alert body (Opsgenie's URLs: /v2/alerts)",
  oncall_formatted_webhook: "a Grafana OnCall formatted webhook (OnCall's URL: /integrations/v1/formatted_webhook/{token}/)",
  oncall_webhook: "any JSON, as Grafana OnCall's webhook integration took it (OnCall's URL: /integrations/v1/webhook/{token}/)",
};

/**
 * /api/v1/ingest/{key}: monitoring tools post alerts here. No login: the secret key in the path
 * authenticates, and the alerts go to the integration's owner. See docs/api/ingestion.md.
 */
export async function ingestRoutes(app: FastifyInstance, { intake, config }: { intake: Intake; config: Config }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** The answers that store nothing and come before any other: the key's rate limit, then the key. */
  const refuse = (result: IntakeResult): never => {
    switch (result.kind) {
      case 'limited':
        throw new HttpError(429, tooManyAlertsForKey(config.rateLimit.ingestAlertsPerKey), {
          'retry-after': retryAfterSeconds(result.retryAfterMs),
        });
      case 'unknown-key':
        throw new HttpError(401, INVALID_INGEST_KEY);
      case 'inactive-owner':
        throw new HttpError(403, INACTIVE_OWNER);
      default:
        throw new Error(`not a refusal: ${result.kind}`);
    }
  };

  /**
   * A body that could not be read (not JSON, another media type, too large) fails before the
   * handler runs: the key is still checked first, so a wrong key is a 401 whatever its body.
   * Everything else, and a good key's parse error, goes on to the app's error handler.
   */
  const errorHandler = async (error: FastifyError, request: { params: unknown }) => {
    if (error.code?.startsWith('FST_ERR_CTP_')) {
      const refusal = await intake.checkUnreadable(hashIngestKey((request.params as { key: string }).key));
      if (refusal) refuse(refusal);
    }
    throw error;
  };

  const handle = (fixed: IngestFormat | undefined) => async (request: FastifyRequest<{ Params: { key: string } }>, reply: FastifyReply) => {
    const format = fixed ?? detectFormat(request.body);
    const result = await intake.receive(hashIngestKey(request.params.key), format, request.body, request.ip);
    switch (result.kind) {
      case 'invalid':
        return reply.code(422).send({ detail: result.issues });
      case 'too-many':
        throw new HttpError(413, tooManyAlertsInBody(result.count, config.ingest.maxAlertsPerBody));
      case 'done':
        break;
      default:
        return refuse(result);
    }
    const answer: IngestResult = {
      status: 'success',
      message: 'Event processed',
      format,
      dedup_key: result.events[0]?.dedupKey ?? null,
      alerts: result.outcomes.map((o) => ({ dedup_key: o.dedupKey, alert_id: o.alertId, result: o.result })),
    };
    return reply.code(202).send(answer);
  };

  const route = (url: string, format: IngestFormat | undefined, summary: string) =>
    api.post(
      url,
      {
        validatorCompiler,
        errorHandler,
        logSerializers,
        // Monitoring tools' payloads: fields we do not read are theirs to send (requestValidation.ts).
        config: { openBody: true },
        schema: {
          tags,
          operationId: `ingestion-ingest_${format ?? 'auto'}`,
          summary,
          description:
            'A body carries at most INGEST_MAX_ALERTS_PER_BODY alerts (1000): a larger one is a 413 and stores nothing. ' +
            'A key sends at most RATE_LIMIT_INGEST_ALERTS_PER_MINUTE alerts a minute (6000): past that, 429 with Retry-After. See docs/api/ingestion.md.',
          params: IngestParams,
          body: format ? FORMATS[format].schema : Type.Union(DETECTED_FORMATS.map((f) => FORMATS[f].schema)),
          response: { 202: IngestResult, 401: e401, 403: e403, 413: HttpErrorBody, 422: e422, 429: TooManyRequests },
        },
      },
      handle(format),
    );

  route('/:key', undefined, 'Ingest alerts; the format is detected from the body (generic, Alertmanager, Grafana or PagerDuty)');
  for (const format of INGEST_FORMATS) route(`/:key/${format}`, format, `Ingest ${FORMAT_SUMMARIES[format]}`);

  // Anything else under a key is a 404 that, too, keeps the key out of the log.
  const notFound = { logSerializers, schema: { hide: true } };
  const otherMethods: HTTPMethods[] = ['GET', 'PUT', 'DELETE', 'PATCH'];
  api.route({
    method: otherMethods,
    url: '/:key',
    ...notFound,
    handler: async (_req, reply) => reply.code(404).send({ detail: 'Not Found' }),
  });
  api.route({
    method: ['POST', ...otherMethods],
    url: '/:key/*',
    ...notFound,
    handler: async (_req, reply) => reply.code(404).send({ detail: 'Not Found' }),
  });
}
