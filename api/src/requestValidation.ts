import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/**
 * How requests are validated (docs/api/security.md: closed schemas and strict types).
 *
 * - Bodies are taken as sent, as FastAPI's are: no type coercion (`title: 12345` is a 422, not
 *   the string "12345"), and an extra property is refused (422 `extra_forbidden`), never
 *   quietly dropped: a caller learns that `is_superuser` is not theirs to set.
 * - Query strings and path parameters are text by nature: there numbers are read from strings
 *   and a repeated parameter becomes a list (`?state=open&state=escalated`).
 * - No string anywhere in a body, query or path may hold a NUL character: PostgreSQL's text
 *   cannot store it, so it would surface as a 500.
 */
const shared = { allErrors: true, removeAdditional: false, useDefaults: true } as const;
const BODY_OPTIONS = { ...shared, coerceTypes: false } as const;
const TEXT_OPTIONS = { ...shared, coerceTypes: 'array' } as const;

/** The Ajv keyword of a NUL found in a string or a property name (mapped to a 422 item in errors.ts). */
export const NUL_KEYWORD = 'nul';
/** A number that is not finite: Ajv reads `?skip=1e400` as Infinity and then checks no bound on it. */
export const FINITE_KEYWORD = 'finite';

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** The JSON pointer of the first value (or property name) that is `bad` (by default a string holding a NUL), or null. */
export function findNul(value: unknown, path = '', bad = (v: unknown) => typeof v === 'string' && v.includes('\u0000')): string | null {
  if (bad(value)) return path;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (key.includes('\u0000')) return at;
    const found = findNul(item, at, bad);
    if (found !== null) return found;
  }
  return null;
}

const refusingNul = (inner: Validate): Validate => {
  const validate: Validate = (data) => {
    if (!inner(data)) {
      validate.errors = inner.errors;
      return false;
    }
    const nul = findNul(data);
    const infinite = nul === null ? findNul(data, '', (v) => typeof v === 'number' && !Number.isFinite(v)) : null;
    if (nul !== null) validate.errors = [{ keyword: NUL_KEYWORD, instancePath: nul, params: {}, message: 'NUL character' }];
    else if (infinite !== null) validate.errors = [{ keyword: FINITE_KEYWORD, instancePath: infinite, params: {}, message: 'not finite' }];
    else validate.errors = null;
    return nul === null && infinite === null;
  };
  return validate;
};

// One pool per process, not per app: it keeps an Ajv per set of external schemas and options,
// and Ajv keeps each schema object's compiled function. Every app built in this process (test
// apps by the dozen, bench:api's side-by-side servers) then compiles each route's schema once.
const bodyCompilers = AjvCompiler();
const textCompilers = AjvCompiler();

/** Fastify's `schemaController.compilersFactory.buildValidator`: one Ajv for bodies, one for the text parts. */
export const buildValidators: ValidatorFactory = (externalSchemas) => {
  const bodies = bodyCompilers(externalSchemas, { customOptions: BODY_OPTIONS });
  const text = textCompilers(externalSchemas, { customOptions: TEXT_OPTIONS });
  return (route) => {
    const validate = (route.httpPart === 'body' ? bodies : text)(route) as Validate;
    return (route.httpPart === 'headers' ? validate : refusingNul(validate)) as never;
  };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A third party's payload (ingestion): extra fields are theirs to send, the route reads only its own. */
    openBody?: boolean;
  }
}

/** The places in a schema where an object takes properties it does not name. */
export function openObjects(schema: unknown, path = 'body'): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const found: string[] = [];
  const isObject = s.type === 'object' || (s.properties !== undefined && s.type === undefined);
  // Closed: `additionalProperties: false`, or every extra property typed (a map such as labels).
  const typed = (v: unknown) => v === false || (typeof v === 'object' && v !== null);
  if (isObject && !typed(s.additionalProperties) && s.patternProperties === undefined) found.push(path);
  for (const [name, property] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
    found.push(...openObjects(property, `${path}.${name}`));
  }
  if (s.items) found.push(...openObjects(s.items, `${path}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const branch of (s[key] as unknown[]) ?? []) found.push(...openObjects(branch, path));
  }
  return found;
}

/**
 * Refuses, at start-up, a route whose body schema leaves an object open: every request body is
 * closed, so no handler can be handed a field its route does not allow (docs/api/security.md, "Closed request bodies").
 */
export function requireClosedBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const body = (route.schema as FastifySchema | undefined)?.body;
    if (!body || route.config?.openBody) return;
    const open = openObjects(body);
    if (open.length > 0) {
      throw new Error(`${route.method} ${route.url}: the body schema must set additionalProperties: false at ${open.join(', ')}`);
    }
  });
}
