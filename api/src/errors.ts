import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isConnectionError, RETRY_AFTER_SECONDS } from './db/connectionErrors.js';

/** The 503 of a request that needed the database while it could not be reached. */
export const DATABASE_UNAVAILABLE = 'Database unavailable, please try again later';

/** An expected failure: answered as `{"detail": message}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** FastAPI's wording for a signed-in caller whose role does not allow the action. */
export const NOT_ENOUGH_PRIVILEGES = "The user doesn't have enough privileges";

/**
 * A body or query that fits its schema but breaks a rule only the service can check (an
 * unknown time zone or user, an end before its start): a 422 whose items name the fields, in
 * the shape of the schema's own.
 */
export class InvalidInput extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => issue.msg).join('; '));
  }
}

/** One field's value error, worded as pydantic words a validator's: "Value error, …". */
export const invalidField = (loc: (string | number)[], reason: string) =>
  new InvalidInput([{ loc, msg: `Value error, ${reason}`, type: 'value_error' }]);

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const LOCATION: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

export interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

function pathSegments(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** One Ajv error in the shape and wording of FastAPI's (pydantic's) 422 items. */
export function toValidationIssue(context: string, issue: AjvIssue): ValidationIssue {
  const loc: (string | number)[] = [LOCATION[context] ?? context, ...pathSegments(issue.instancePath)];
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return { loc: [...loc, String(p.missingProperty)], msg: 'Field required', type: 'missing' };
    case 'minLength':
      return {
        loc,
        msg: `String should have at least ${p.limit} character${p.limit === 1 ? '' : 's'}`,
        type: 'string_too_short',
      };
    case 'maxLength':
      return { loc, msg: `String should have at most ${p.limit} characters`, type: 'string_too_long' };
    case 'format':
      if (p.format === 'email') {
        return { loc, msg: 'value is not a valid email address', type: 'value_error' };
      }
      if (p.format === 'uuid') return { loc, msg: 'Input should be a valid UUID', type: 'uuid_parsing' };
      return { loc, msg: `Input should be a valid ${p.format}`, type: `${p.format}_parsing` };
    case 'type':
      return { loc, msg: `Input should be a valid ${p.type}`, type: `${p.type}_type` };
    case 'enum':
      return {
        loc,
        msg: `Input should be ${(p.allowedValues as unknown[]).map((v) => `'${v}'`).join(', ')}`,
        type: 'enum',
      };
    case 'pattern':
      return { loc, msg: `String should match pattern '${p.pattern}'`, type: 'string_pattern_mismatch' };
    case 'minItems':
      return { loc, msg: `List should have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`, type: 'too_short' };
    case 'maxItems':
      return { loc, msg: `List should have at most ${p.limit} item${p.limit === 1 ? '' : 's'}`, type: 'too_long' };
    case 'minimum':
      return { loc, msg: `Input should be greater than or equal to ${p.limit}`, type: 'greater_than_equal' };
    case 'maximum':
      return { loc, msg: `Input should be less than or equal to ${p.limit}`, type: 'less_than_equal' };
    case 'minProperties':
      return {
        loc,
        msg: `Dictionary should have at least ${p.limit} item${p.limit === 1 ? '' : 's'} after validation, not 0`,
        type: 'too_short',
      };
    case 'nul':
      // PostgreSQL's text cannot hold it (requestValidation.ts): refused wherever it appears.
      return { loc, msg: 'String should not contain NUL characters', type: 'string_nul' };
    case 'finite':
      return { loc, msg: 'Input should be a finite number', type: 'finite_number' };
    case 'additionalProperties':
      return {
        loc: [...loc, String(p.additionalProperty)],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      };
    default:
      return { loc, msg: issue.message ?? 'Invalid value', type: issue.keyword };
  }
}

/**
 * Ajv's errors as 422 items. With every error collected, a nullable field's failed branches are
 * noise next to the real problem: "a valid null" and "anyOf" go when another item names the
 * same place (`full_name: 12345` is one item: "Input should be a valid string").
 */
export function validationIssues(context: string, errors: AjvIssue[]): ValidationIssue[] {
  const isNoise = (e: AjvIssue) => e.keyword === 'anyOf' || (e.keyword === 'type' && e.params.type === 'null');
  const useful = errors.filter((e) => !isNoise(e) || !errors.some((o) => o !== e && !isNoise(o) && o.instancePath === e.instancePath));
  return useful.map((e) => toValidationIssue(context, e));
}

/** Fastify's own error codes that are the client's fault, mapped to FastAPI's answers. */
const CLIENT_ERRORS: Record<string, (e: FastifyError) => { status: number; detail: unknown }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (e) => ({ status: 415, detail: `Unsupported media type: ${e.message.split(': ').pop()}` }),
  FST_ERR_CTP_BODY_TOO_LARGE: () => ({ status: 413, detail: 'Request body is too large' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({
    status: 422,
    detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
  }),
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({
    status: 422,
    detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }],
  }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({ status: 400, detail: 'Invalid Content-Length' }),
};

/**
 * The one place errors become answers: `{"detail": "..."}`, or a 422 with a list of
 * `{loc, msg, type}`. A database that cannot be reached is a 503 with Retry-After. Unexpected
 * errors are logged and answered without internals.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof InvalidInput) return reply.code(422).send({ detail: error.issues });
    if (error.validation) {
      const context = error.validationContext ?? 'body';
      const detail = validationIssues(context, error.validation as AjvIssue[]);
      return reply.code(422).send({ detail });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const { status, detail } = known(error);
      return reply.code(status).send({ detail });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ detail: 'Too many requests, please try again later' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    if (isConnectionError(error)) {
      // The database is away (restart, failover, lost connections): the caller tries again
      // later. Logged once per outage (db/outage.ts), not once per request.
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ detail: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
});
