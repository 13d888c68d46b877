import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AlertActionDeps } from '../../alerts/alertActions.js';
import type { AlertRow } from '../../db/schema.js';
import type { ValidationIssue } from '../../errors.js';
import { OpsgenieAlert } from '../formats/opsgenie.js';
import type { Intake } from '../intake.js';
import { hashIngestKey } from '../keys.js';
import type { IngestOutcome } from '../store.js';
import {
  ACTIONS,
  type ActionOutcome,
  ALERT_DOES_NOT_EXIST,
  actOn,
  findAlert,
  IDENTIFIER_TYPE_INVALID,
  IDENTIFIER_TYPES,
  type IdentifierType,
  toOpsgenieAlert,
  updateText,
} from './alerts.js';
import {
  admitted,
  COULD_NOT_AUTHENTICATE,
  genieKey,
  noValidation,
  OpsgenieAccepted,
  OpsgenieAnswer,
  OpsgenieError,
  opsgenieErrors,
  opsgenieShaped,
} from './answers.js';
import { OpsgenieRequestStatus, type RequestAction, readRequest, recordRequest } from './requests.js';
import {
  IdentifierParams,
  IdentifierQuery,
  OpsgenieActionBody,
  OpsgenieAlertAnswer,
  OpsgenieDescriptionBody,
  OpsgenieMessageBody,
  RequestParams,
} from './schema.js';

export type OpsgenieDeps = AlertActionDeps & { intake: Intake };

const tags = ['ingestion'];
const DOCS = 'See docs/api.md, "Opsgenie Alert API drop-in".';
export const REQUEST_NOT_FOUND = 'Request not found. It might not be processed, yet.';
export const NO_OPEN_ALERT_WITH_ALIAS = 'No open alert has this alias';

const CREATED: Record<IngestOutcome['result'], string> = {
  created: 'Created alert',
  updated: 'Alert is deduplicated',
  dropped: 'Alert dropped by a routing rule',
  acknowledged: 'Acknowledged alert',
  resolved: 'Closed alert',
  ignored: 'Ignored',
};

type Req = FastifyRequest<{ Params: Record<string, string>; Querystring: Record<string, unknown> }>;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `identifierType` (default `id`), or undefined for anything else. */
function identifierTypeOf(query: Record<string, unknown>): IdentifierType | undefined {
  const given = query.identifierType ?? 'id';
  return typeof given === 'string' && (IDENTIFIER_TYPES as readonly string[]).includes(given) ? (given as IdentifierType) : undefined;
}

/**
 * Opsgenie's Alert API at the origin's root (`/v2/alerts…`), authenticated by `Authorization:
 * GenieKey <key>` where the key is an integration's ingest key or the Opsgenie key it had
 * (integration_legacy_keys). A create goes through the one intake (rate limit, routing,
 * maintenance, the store) as the `opsgenie` format; actions go through the alerts' own
 * transitions. Every request's outcome is kept for `GET /v2/alerts/requests/{id}`.
 */
export async function opsgenieRoutes(app: FastifyInstance, deps: OpsgenieDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { intake, config, db } = deps;
  opsgenieShaped(app, { intake, config, bodies: 'json' });
  const common = { validatorCompiler: noValidation, config: { openBody: true } } as const;

  api.post(
    '/alerts',
    {
      ...common,
      schema: {
        tags,
        operationId: 'ingestion-opsgenie_create_alert',
        summary: 'Opsgenie Alert API drop-in: create an alert (Authorization: GenieKey <integration key>)',
        description: `Answers 202 {result, took, requestId} as Opsgenie does; the outcome at GET /v2/alerts/requests/{requestId}. ${DOCS}`,
        body: OpsgenieAlert,
        response: { 202: OpsgenieAccepted, ...opsgenieErrors },
      },
    },
    async (request, reply) => {
      const answer = new OpsgenieAnswer(request, reply);
      const key = genieKey(request);
      if (!key) return answer.error(401, COULD_NOT_AUTHENTICATE);
      const keyHash = hashIngestKey(key);
      // No body at all reads as an empty one: Opsgenie's answer is then the missing message.
      const result = await intake.receive(keyHash, 'opsgenie', request.body ?? {}, request.ip);
      switch (result.kind) {
        case 'invalid':
          return answer.invalid(result.issues);
        case 'too-many':
          return answer.error(413, 'Too many alerts in one request');
        case 'done':
          break;
        default:
          return answer.refused(result, config);
      }
      const event = result.events[0];
      const outcome = result.outcomes[0];
      const sentAlias = isObject(request.body) && typeof request.body.alias === 'string' ? request.body.alias.trim() : '';
      await recordRequest(
        db,
        { keyHash },
        {
          id: answer.requestId,
          action: 'Create',
          success: true,
          status: outcome ? CREATED[outcome.result] : CREATED.created,
          alertId: outcome?.alertId ?? null,
          alias: sentAlias || event?.dedupKey || null,
        },
        deps.now(),
      );
      return answer.accepted();
    },
  );

  api.get(
    '/alerts/requests/:requestId',
    {
      ...common,
      schema: {
        tags,
        operationId: 'ingestion-opsgenie_request_status',
        summary: "Opsgenie Alert API drop-in: a request's outcome (only the key's integration's requests; kept 7 days)",
        description: DOCS,
        params: RequestParams,
        response: { 200: OpsgenieRequestStatus, 404: OpsgenieError, ...opsgenieErrors },
      },
    },
    async (request, reply) => {
      const answer = new OpsgenieAnswer(request, reply);
      const integrationId = await admitted(request, answer, intake, config);
      if (!integrationId) return reply;
      const data = await readRequest(db, integrationId, request.params.requestId);
      if (!data) return answer.error(404, REQUEST_NOT_FOUND);
      return answer.send(200, { data });
    },
  );

  /** The key's integration and the alert the path names, or the answer already sent (a bad key, type or body). */
  const target = async (request: Req, answer: OpsgenieAnswer, check?: (body: Record<string, unknown>) => ValidationIssue | undefined) => {
    const integrationId = await admitted(request, answer, intake, config);
    if (!integrationId) return undefined;
    const type = identifierTypeOf(request.query);
    const body = request.body ?? {};
    const issue = !type
      ? { loc: ['query', 'identifierType'], msg: IDENTIFIER_TYPE_INVALID, type: 'enum' }
      : !isObject(body)
        ? { loc: ['body'], msg: 'should be a JSON object', type: 'type' }
        : check?.(body);
    if (issue || !type) {
      answer.invalid(issue ? [issue] : []);
      return undefined;
    }
    const identifier = request.params.identifier ?? '';
    return { integrationId, type, identifier, alert: await findAlert(db, integrationId, identifier, type) };
  };
  const notFound = (type: IdentifierType) => (type === 'alias' ? NO_OPEN_ALERT_WITH_ALIAS : ALERT_DOES_NOT_EXIST);

  api.get(
    '/alerts/:identifier',
    {
      ...common,
      schema: {
        tags,
        operationId: 'ingestion-opsgenie_get_alert',
        summary: "Opsgenie Alert API drop-in: an alert of the key's integration, by id, alias (open alerts) or tiny id",
        description: DOCS,
        params: IdentifierParams,
        querystring: IdentifierQuery,
        response: { 200: OpsgenieAlertAnswer, 404: OpsgenieError, ...opsgenieErrors },
      },
    },
    async (request, reply) => {
      const answer = new OpsgenieAnswer(request, reply);
      const found = await target(request as Req, answer);
      if (!found) return reply;
      if (!found.alert) return answer.error(404, notFound(found.type));
      const integration = await db
        .selectFrom('integrations')
        .select(['id', 'title'])
        .where('id', '=', found.integrationId)
        .executeTakeFirstOrThrow();
      return answer.send(200, { data: toOpsgenieAlert(found.alert, integration) });
    },
  );

  /** Does an action to the named alert, records what it did, and answers 202 whatever it was, as Opsgenie does. */
  const act =
    (
      action: RequestAction,
      run: (alert: AlertRow, request: Req) => Promise<ActionOutcome>,
      check?: (body: Record<string, unknown>) => ValidationIssue | undefined,
    ) =>
    async (request: Req, reply: FastifyReply) => {
      const answer = new OpsgenieAnswer(request, reply);
      const found = await target(request, answer, check);
      if (!found) return reply;
      const outcome = found.alert ? await run(found.alert, request) : { success: false, status: notFound(found.type) };
      await recordRequest(
        db,
        { integrationId: found.integrationId },
        {
          id: answer.requestId,
          action,
          ...outcome,
          alertId: found.alert?.id ?? null,
          alias: found.alert?.dedup_key ?? (found.type === 'alias' ? found.identifier : null),
        },
        deps.now(),
      );
      return answer.accepted();
    };

  for (const action of ['acknowledge', 'close', 'escalate'] as const) {
    api.post(
      `/alerts/:identifier/${action}`,
      {
        ...common,
        schema: {
          tags,
          operationId: `ingestion-opsgenie_${action}_alert`,
          summary: `Opsgenie Alert API drop-in: ${action} an alert of the key's integration, by id, alias or tiny id`,
          description: `202 whatever became of it, as Opsgenie answers; the outcome at GET /v2/alerts/requests/{requestId}. ${DOCS}`,
          params: IdentifierParams,
          querystring: IdentifierQuery,
          body: OpsgenieActionBody,
          response: { 202: OpsgenieAccepted, ...opsgenieErrors },
        },
      },
      act(ACTIONS[action], (alert, request) => actOn(deps, alert, action, request.ip)),
    );
  }

  const update = (field: 'message' | 'description') =>
    act(
      field === 'message' ? 'UpdateMessage' : 'UpdateDescription',
      (alert, request) =>
        updateText(deps, alert, field === 'message' ? 'title' : 'description', String((request.body as Record<string, unknown>)[field])),
      (body) => {
        const text = body[field];
        if (typeof text === 'string' && text.trim()) return undefined;
        return { loc: ['body', field], msg: `${field === 'message' ? 'Message' : 'Description'} can not be empty.`, type: 'missing' };
      },
    );
  api.put(
    '/alerts/:identifier/message',
    {
      ...common,
      schema: {
        tags,
        operationId: 'ingestion-opsgenie_update_message',
        summary: "Opsgenie Alert API drop-in: change the title of an open alert of the key's integration",
        description: `Alertmanager's opsgenie_configs with update_alerts: true sends it. ${DOCS}`,
        params: IdentifierParams,
        querystring: IdentifierQuery,
        body: OpsgenieMessageBody,
        response: { 202: OpsgenieAccepted, ...opsgenieErrors },
      },
    },
    update('message'),
  );
  api.put(
    '/alerts/:identifier/description',
    {
      ...common,
      schema: {
        tags,
        operationId: 'ingestion-opsgenie_update_description',
        summary: "Opsgenie Alert API drop-in: change the description of an open alert of the key's integration",
        description: `Alertmanager's opsgenie_configs with update_alerts: true sends it. ${DOCS}`,
        params: IdentifierParams,
        querystring: IdentifierQuery,
        body: OpsgenieDescriptionBody,
        response: { 202: OpsgenieAccepted, ...opsgenieErrors },
      },
    },
    update('description'),
  );
}
