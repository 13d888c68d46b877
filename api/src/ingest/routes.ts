import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, HttpErrorBody, TooManyRequests } from '../common/schema.js';
import { HttpError } from '../errors.js';
import { retryAfterSeconds } from '../operations/keyedRateLimit.js';
import { redactUrlSecrets } from '../operations/logRedaction.js';
import { INGEST_FORMATS, type IngestFormat } from './events.js';
import { IngestKeyLimiter } from './keyLimiter.js';
import { hashIngestKey } from './keys.js';
import { detectFormat, FORMATS, parseBody } from './parse.js';
import { IngestParams, IngestResult } from './schema.js';
import { findIntegration, ingest } from './store.js';

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
};

/**
 * /api/v1/ingest/{key}: monitoring tools post alerts here. No login: the secret key in the path
 * authenticates, and the alerts go to the integration's owner. See docs/api.md, "Ingestion".
 */
export async function ingestRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const { maxAlertsPerBody } = config.ingest;
  const limiter = new IngestKeyLimiter({ counter: app.rateLimitCounter, log: app.log, limit: config.rateLimit.ingestAlertsPerKey });
  app.addHook('onClose', async () => limiter.close());

  /** The key's integration, for the answers that store nothing: 401 and 403 come before any other. */
  const checkKey = async (keyHash: string) => {
    const integration = await findIntegration(db, keyHash);
    if (!integration) {
      limiter.forget(keyHash);
      throw new HttpError(401, INVALID_INGEST_KEY);
    }
    limiter.known(keyHash);
    if (!integration.is_active) throw new HttpError(403, INACTIVE_OWNER);
  };

  /** Counted before anything is read or written: a refused or malformed body costs one, a body its alerts. */
  const admit = (keyHash: string, alerts: number) => {
    const admission = limiter.admit(keyHash, alerts);
    if (!admission.ok) {
      throw new HttpError(429, tooManyAlertsForKey(config.rateLimit.ingestAlertsPerKey), {
        'retry-after': retryAfterSeconds(admission.retryAfterMs),
      });
    }
  };

  /**
   * A body that could not be read (not JSON, another media type, too large) fails before the
   * handler runs: the key is still checked first, so a wrong key is a 401 whatever its body.
   * Everything else, and a good key's parse error, goes on to the app's error handler.
   */
  const errorHandler = async (error: FastifyError, request: { params: unknown }) => {
    if (error.code?.startsWith('FST_ERR_CTP_')) {
      const keyHash = hashIngestKey((request.params as { key: string }).key);
      admit(keyHash, 1);
      await checkKey(keyHash);
    }
    throw error;
  };

  const handle = (fixed: IngestFormat | undefined) => async (request: FastifyRequest<{ Params: { key: string } }>, reply: FastifyReply) => {
    const keyHash = hashIngestKey(request.params.key);
    const format = fixed ?? detectFormat(request.body);
    const parsed = parseBody(format, request.body);
    const alerts = parsed.ok ? parsed.events.length : 0;
    admit(keyHash, alerts <= maxAlertsPerBody ? Math.max(1, alerts) : 1);
    if (!parsed.ok) {
      await checkKey(keyHash);
      return reply.code(422).send({ detail: parsed.issues });
    }
    // One body may not set off more than this many alerts (and their emails): all refused, none stored.
    if (alerts > maxAlertsPerBody) {
      await checkKey(keyHash);
      throw new HttpError(413, tooManyAlertsInBody(alerts, maxAlertsPerBody));
    }
    const answer = await ingest(db, keyHash, parsed.events, request.ip, app.deps.now());
    if (answer.status === 'unknown-key') {
      limiter.forget(keyHash);
      throw new HttpError(401, INVALID_INGEST_KEY);
    }
    limiter.known(keyHash);
    if (answer.status === 'inactive-owner') throw new HttpError(403, INACTIVE_OWNER);
    // New alerts wrote their owner's notification in the same statement; queue it now. A
    // deduplicated repeat emails nobody, but its count changed: open consoles hear of every change.
    if (answer.created > 0) app.deps.notifications.kick();
    if (answer.outcomes.some((o) => o.result !== 'ignored')) app.deps.alertChanges.announce([answer.ownerId]);
    const result: IngestResult = {
      status: 'success',
      message: 'Event processed',
      format,
      dedup_key: parsed.events[0]?.dedupKey ?? null,
      alerts: answer.outcomes.map((o) => ({ dedup_key: o.dedupKey, alert_id: o.alertId, result: o.result })),
    };
    return reply.code(202).send(result);
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
            'A key sends at most RATE_LIMIT_INGEST_ALERTS_PER_MINUTE alerts a minute (6000): past that, 429 with Retry-After. See docs/api.md, "Ingestion".',
          params: IngestParams,
          body: format ? FORMATS[format].schema : Type.Union(INGEST_FORMATS.map((f) => FORMATS[f].schema)),
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
