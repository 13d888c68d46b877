import type { FastifySchema, RouteOptions } from 'fastify';
import { HttpErrorBody } from '../common/schema.js';
import { API_TOKEN_PREFIX } from './credentials.js';

/** The OpenAPI security scheme of API tokens (docs/api/tokens.md). */
export const API_TOKEN_SCHEME = 'APIToken';

export const apiTokenSecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: `${API_TOKEN_PREFIX} and 43 base64url characters`,
  description:
    `An API token: \`Authorization: Bearer ${API_TOKEN_PREFIX}…\` (\`${API_TOKEN_PREFIX}\` and 32 random bytes in base64url), made at POST /api/v1/tokens/ ` +
    "from a signed-in session. Each operation lists the one scope it needs as this scheme's requirement: read (GET, HEAD), " +
    'alerts:write (alert creation and actions), config:write (other changes), admin (superuser-only routes, held by a superuser). ' +
    "An operation without it (token management, the account's email, password and deletion) needs a session. " +
    'Unknown, revoked or expired: 401; a missing scope: 403.',
} as const;

type Security = Record<string, string[]>[];

/**
 * The route's document with its API token scope (as auth recorded it in the route's config,
 * apiTokens/scopes.ts) beside the session requirement, and the 403 a missing scope answers.
 * Routes with no security (public) or needing a session are left as they are.
 */
export function documentTokenScope({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const security = (schema as { security?: Security } | undefined)?.security;
  const rule = route.config?.tokenScope;
  if (!security?.some((requirement) => 'OAuth2PasswordBearer' in requirement) || !rule || rule === 'session') return { schema, url };
  const response = (schema.response ?? {}) as Record<string, unknown>;
  return {
    schema: {
      ...schema,
      security: [...security, { [API_TOKEN_SCHEME]: [rule] }],
      response: { ...response, 403: response[403] ?? HttpErrorBody },
    },
    url,
  };
}
