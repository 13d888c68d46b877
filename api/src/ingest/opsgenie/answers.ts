import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { TooManyRequests } from '../../common/schema.js';
import type { Config } from '../../config.js';
import { HttpError, type ValidationIssue } from '../../errors.js';
import { retryAfterSeconds } from '../../operations/keyedRateLimit.js';
import { MESSAGE_EMPTY, PRIORITY_INVALID } from '../formats/opsgenie.js';
import type { Intake, KeyAdmission } from '../intake.js';
import { hashIngestKey } from '../keys.js';
import { INACTIVE_OWNER, tooManyAlertsForKey } from '../routes.js';

/**
 * Opsgenie's answers, as its clients read them (docs.opsgenie.com "Response"): every body has
 * `took` (seconds) and `requestId`; a success `result` or `data`, a failure `message` (and
 * `errors` per field for a 422). The drop-in answers each request in these shapes only.
 */
const took = Type.Number({ description: 'Seconds spent on the request' });
const requestId = Type.String({ format: 'uuid' });

export const OpsgenieAccepted = Type.Object({ result: Type.String(), took, requestId }, { title: 'OpsgenieAccepted' });
export const OpsgenieError = Type.Object({ message: Type.String(), took, requestId }, { title: 'OpsgenieError' });
export const OpsgenieInvalid = Type.Object(
  { message: Type.String(), errors: Type.Record(Type.String(), Type.String()), took, requestId },
  { title: 'OpsgenieInvalid' },
);
const OpsgenieThrottled = { ...TooManyRequests, content: { 'application/json': { schema: OpsgenieError } } };

/** The error answers every route of the drop-in may give. */
export const opsgenieErrors = {
  400: OpsgenieError,
  401: OpsgenieError,
  413: OpsgenieError,
  415: OpsgenieError,
  422: OpsgenieInvalid,
  429: OpsgenieThrottled,
};

export const REQUEST_WILL_BE_PROCESSED = 'Request will be processed';
export const COULD_NOT_AUTHENTICATE = 'Could not authenticate';
export const NOT_PROCESSABLE = 'Request body is not processable. Please check the errors.';
export const TOO_MANY_REQUESTS = 'You are making too many requests! To avoid errors, we recommend you limit requests.';

/** When a request began and the id it is answered under, from the hook to the answer. */
const requests = new WeakMap<FastifyRequest, { startedAt: number; id: string }>();

export class OpsgenieAnswer {
  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  get requestId(): string {
    let context = requests.get(this.request);
    if (!context) {
      context = { startedAt: performance.now(), id: randomUUID() };
      requests.set(this.request, context);
    }
    return context.id;
  }

  private get took(): number {
    const startedAt = requests.get(this.request)?.startedAt ?? performance.now();
    return Math.round(performance.now() - startedAt) / 1000;
  }

  send(status: number, body: Record<string, unknown>) {
    const id = this.requestId;
    return this.reply
      .code(status)
      .header('x-request-id', id)
      .send({ ...body, took: this.took, requestId: id });
  }

  accepted(result = REQUEST_WILL_BE_PROCESSED, status = 202) {
    return this.send(status, { result });
  }

  error(status: number, message: string, headers: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(headers)) this.reply.header(name, value);
    return this.send(status, { message });
  }

  /** A 422 with Opsgenie's `errors`, a message per field (`details.team`, `priority`). */
  invalid(issues: ValidationIssue[]) {
    const errors: Record<string, string> = {};
    for (const issue of issues) {
      const field = issue.loc.slice(1).join('.') || 'body';
      errors[field] ??= opsgenieWording(field, issue);
    }
    return this.send(422, { message: NOT_PROCESSABLE, errors });
  }

  /** A key that was refused: 401 as Opsgenie answers an unknown key or a disabled integration, 429 past the key's budget. */
  refused(admission: Exclude<KeyAdmission, { kind: 'known' }>, config: Config) {
    switch (admission.kind) {
      case 'limited':
        return this.error(429, `${TOO_MANY_REQUESTS} ${tooManyAlertsForKey(config.rateLimit.ingestAlertsPerKey)}`, {
          'retry-after': retryAfterSeconds(admission.retryAfterMs),
        });
      case 'unknown-key':
        return this.error(401, COULD_NOT_AUTHENTICATE);
      case 'inactive-owner':
        return this.error(401, INACTIVE_OWNER);
    }
  }
}

function opsgenieWording(field: string, issue: ValidationIssue): string {
  if (field === 'message' && (issue.type === 'missing' || issue.msg === MESSAGE_EMPTY)) return MESSAGE_EMPTY;
  if (field === 'priority') return PRIORITY_INVALID;
  return issue.msg;
}

/** Opsgenie's credential: `Authorization: GenieKey <key>` (the scheme in any case). */
export function genieKey(request: FastifyRequest): string | undefined {
  const match = /^\s*geniekey\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The key of a request, admitted as one request of its integration's budget, or the refusal already answered. */
export async function admitted(request: FastifyRequest, answer: OpsgenieAnswer, intake: Intake, config: Config) {
  const key = genieKey(request);
  if (!key) {
    answer.error(401, COULD_NOT_AUTHENTICATE);
    return undefined;
  }
  const admission = await intake.admitKey(hashIngestKey(key));
  if (admission.kind === 'known') return admission.integrationId;
  answer.refused(admission, config);
  return undefined;
}

/** Body errors Fastify finds before a handler runs, in Opsgenie's words. */
const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Invalid JSON body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Request body format is not supported: send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
};

/**
 * Every answer of a plugin in Opsgenie's shape: each request gets its id on arrival; the body
 * is JSON, where an empty one reads as none (an action posts nothing), or, for a ping, anything
 * at all, unread; a body that cannot be read answers 401 for a bad key first, as the handler
 * would; a refusal thrown on the way (a ping's 429) keeps its status in Opsgenie's shape.
 * Anything else is the app's (a 503 while the database is away).
 */
export function opsgenieShaped(
  app: FastifyInstance,
  { intake, config, bodies }: { intake: Intake; config: Config; bodies: 'json' | 'ignored' },
): void {
  app.addHook('onRequest', async (request) => {
    requests.set(request, { startedAt: performance.now(), id: randomUUID() });
  });
  if (bodies === 'json') {
    const json = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined);
      return json(request, body as string, done);
    });
  } else {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  }
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const answer = new OpsgenieAnswer(request, reply);
    if (error instanceof HttpError) return answer.error(error.statusCode, error.detail, error.headers);
    const known = error.code ? BODY_ERRORS[error.code] : undefined;
    if (!known) throw error;
    const key = genieKey(request);
    if (!key) return answer.error(401, COULD_NOT_AUTHENTICATE);
    const refusal = await intake.checkUnreadable(hashIngestKey(key));
    if (refusal?.kind === 'limited' || refusal?.kind === 'unknown-key' || refusal?.kind === 'inactive-owner') {
      return answer.refused(refusal, config);
    }
    return answer.error(known.status, known.message);
  });
}

/** Bodies are read by the handlers: the key comes first, and errors take Opsgenie's shape. */
export const noValidation = () => () => true;
