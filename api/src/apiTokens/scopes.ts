import type { FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../errors.js';

/** What an API token may be allowed to do (docs/api/tokens.md, "Scopes"). */
export const TOKEN_SCOPES = ['read', 'alerts:write', 'config:write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * What a route asks of an API token: one scope, or `session` when only a signed-in session
 * may call it (managing tokens, the account's email and password): a leaked token must not
 * be able to mint more tokens or take over the account.
 */
export type TokenRule = TokenScope | 'session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The API token scope this route needs, where the default rule (tokenRuleOf) is wrong:
     * alert actions declare `alerts:write`, account routes `session`. Filled in for every route
     * at registration, so the OpenAPI document and the hooks read the same value.
     */
    tokenScope?: TokenRule;
  }
}

/** The API token of a request authenticated by one (auth/currentUser.ts); null for a session. */
export interface RequestApiToken {
  id: string;
  scopes: TokenScope[];
  team_id: string | null;
}

/**
 * The one rule mapping a route to the scope an API token needs: its own declaration when it
 * has one; else `admin` for superuser-only routes, `read` for GET and HEAD, `config:write` for
 * every other write. The OpenAPI document shows each operation's (`security`, APIToken) and
 * api/test/apiTokens/scopeMap.test.ts lists them all.
 */
export function tokenRuleOf(method: string, declared: TokenRule | undefined, superuserOnly: boolean): TokenRule {
  if (declared) return declared;
  if (superuserOnly) return 'admin';
  return method === 'GET' || method === 'HEAD' ? 'read' : 'config:write';
}

/** Whether a route's onRequest hooks include `hook` (one function or a list). */
const hasHook = (route: RouteOptions, hook: unknown): boolean =>
  Array.isArray(route.onRequest) ? route.onRequest.includes(hook as never) : route.onRequest === hook;

/**
 * Records each route's rule in its config as it is registered (an onRoute hook), given the
 * superuser-only hook to recognise. Routes without one get the default for their method.
 */
export function recordTokenRule(route: RouteOptions, superuserHook: unknown): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const declared = route.config?.tokenScope;
  // A route registered for several methods (none here today) gets its strictest write rule.
  const rule = tokenRuleOf(methods.every((m) => m === 'GET' || m === 'HEAD') ? 'GET' : 'POST', declared, hasHook(route, superuserHook));
  route.config = { ...route.config, tokenScope: rule };
}

export const SESSION_REQUIRED = 'This route needs a signed-in session: an API token cannot call it';
export const missingScope = (scope: TokenScope) => `This API token lacks the "${scope}" scope this route needs`;

/**
 * 403 unless the request's API token (if any) holds the scope its route needs. Sessions pass:
 * their rights are the user's. `superuserOnly` is the hook's say when the route recorded none.
 */
export function checkTokenScope(request: FastifyRequest, superuserOnly: boolean): void {
  const token = request.apiToken;
  if (!token) return;
  const rule = tokenRuleOf(request.method, request.routeOptions.config?.tokenScope, superuserOnly);
  if (rule === 'session') throw new HttpError(403, SESSION_REQUIRED);
  if (!token.scopes.includes(rule)) throw new HttpError(403, missingScope(rule));
}
