import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { TooManyRequests } from '../common/schema.js';
import type { Config } from '../config.js';
import type { ValidationIssue } from '../errors.js';
import { retryAfterSeconds } from '../operations/keyedRateLimit.js';
import { PagerDutyEvent } from './formats/pagerduty.js';
import type { Intake } from './intake.js';
import { hashIngestKey } from './keys.js';
import { INACTIVE_OWNER, tooManyAlertsForKey, tooManyAlertsInBody } from './routes.js';

/** PagerDuty's own texts, which its clients show or log (Alertmanager: "message: errors"). */
export const EVENT_PROCESSED = 'Event processed';
export const EVENT_INVALID = 'Event object is invalid';
export const INVALID_ROUTING_KEY = 'Invalid routing key';
export const ROUTING_KEY_REQUIRED = "'routing_key' is required";

const Accepted = Type.Object(
  { status: Type.Literal('success'), message: Type.String(), dedup_key: Type.String() },
  { title: 'PagerDutyAccepted' },
);
const Invalid = Type.Object(
  { status: Type.Literal('invalid event'), message: Type.String(), errors: Type.Array(Type.String()) },
  { title: 'PagerDutyInvalid' },
);
const Throttled = Type.Object({ status: Type.Literal('throttle event'), message: Type.String() }, { title: 'PagerDutyThrottled' });
/** PagerDuty's 429 body with our Retry-After header, documented as every 429 is (common/schema.ts). */
const ThrottledResponse = { ...TooManyRequests, content: { 'application/json': { schema: Throttled } } };

/** The event as this URL takes it: PagerDuty's, with the integration key as `routing_key`. */
const EnqueueBody = Type.Object(
  { ...PagerDutyEvent.properties, routing_key: Type.String() },
  // Open like PagerDutyEvent: PagerDuty's senders add fields we do not read.
  { title: 'PagerDutyEnqueueEvent', additionalProperties: true },
);

const invalid = (reply: FastifyReply, errors: string[], status = 400) =>
  reply.code(status).send({ status: 'invalid event', message: EVENT_INVALID, errors });

/** Our validation issue as one of PagerDuty's error strings: "payload.severity: …". */
const asText = (issue: ValidationIssue) => {
  const where = issue.loc.slice(1).join('.');
  return where ? `${where}: ${issue.msg}` : issue.msg;
};

/** Body errors Fastify finds before the handler, answered in PagerDuty's shape rather than ours. */
const BODY_ERRORS: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'Invalid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'Empty body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, error: 'Content-Type must be application/json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'Request body is too large' },
};

/**
 * POST /v2/enqueue: PagerDuty's Events API v2 at the origin's root, so a client that lets one
 * change only the host (PagerDuty's pdjs, Alertmanager's pagerduty_configs `url`, Grafana's
 * PagerDuty contact point) sends to Vigil unchanged. A thin adapter over the ingest intake:
 * the same key look-up (by hash), rate limit, body limit, deduplication and state changes as
 * /api/v1/ingest/{key}/pagerduty; only the answers are PagerDuty's (202, 400 "invalid event",
 * 429). An unknown key is PagerDuty's 400 "Invalid routing key", whatever the body.
 */
export async function enqueueRoutes(app: FastifyInstance, { intake, config }: { intake: Intake; config: Config }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // Encapsulated: applies to this plugin's route only. Anything else goes to the app's handler.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const known = error.code ? BODY_ERRORS[error.code] : undefined;
    if (!known) throw error;
    return invalid(reply, [known.error], known.status);
  });

  api.post(
    '/enqueue',
    {
      // Validated in the handler: the key comes first, and errors take PagerDuty's shape.
      validatorCompiler: () => () => true,
      // PagerDuty's clients send fields we do not read: theirs to send (requestValidation.ts).
      config: { openBody: true },
      schema: {
        tags: ['ingestion'],
        operationId: 'ingestion-pagerduty_enqueue',
        summary: 'PagerDuty Events API v2 drop-in: an event whose routing_key is an integration key',
        description:
          "Answers as PagerDuty does: 202 {status, message, dedup_key}; 400 {status: 'invalid event', message, errors} for a bad " +
          'event or an unknown key; 429 with Retry-After past RATE_LIMIT_INGEST_ALERTS_PER_MINUTE. See docs/oncall/pagerduty.md.',
        body: EnqueueBody,
        response: { 202: Accepted, 400: Invalid, 413: Invalid, 429: ThrottledResponse },
      },
    },
    async (request, reply) => {
      const raw = request.body as unknown;
      const key = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>).routing_key : undefined;
      if (typeof key !== 'string' || key.trim() === '') return invalid(reply, [ROUTING_KEY_REQUIRED]);
      const result = await intake.receive(hashIngestKey(key), 'pagerduty', raw, request.ip);
      switch (result.kind) {
        case 'limited':
          return reply
            .code(429)
            .header('retry-after', retryAfterSeconds(result.retryAfterMs))
            .send({ status: 'throttle event', message: tooManyAlertsForKey(config.rateLimit.ingestAlertsPerKey) });
        case 'unknown-key':
          return invalid(reply, [INVALID_ROUTING_KEY]);
        case 'inactive-owner':
          return invalid(reply, [INACTIVE_OWNER]);
        case 'invalid':
          return invalid(reply, result.issues.map(asText));
        case 'too-many':
          return invalid(reply, [tooManyAlertsInBody(result.count, config.ingest.maxAlertsPerBody)]);
      }
      // One event, so one key: the one sent, or the one generated for a trigger without it.
      const dedupKey = result.events[0]?.dedupKey ?? '';
      return reply.code(202).send({ status: 'success', message: EVENT_PROCESSED, dedup_key: dedupKey });
    },
  );
}
