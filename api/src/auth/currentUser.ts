import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiTokenChecks, isApiToken } from '../apiTokens/credentials.js';
import { checkTokenScope, type RequestApiToken, recordTokenRule } from '../apiTokens/scopes.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import type { AccessClaims, TokenSigner } from './tokens.js';
import type { UserReads } from './userReads.js';

/** What the route hooks below check a request's token with: its signature, then its user. */
export interface Authentication {
  tokens: TokenSigner;
  /** The batched read of the signed-in user (auth/userReads.ts), behind every authenticated request. */
  userReads: UserReads;
  /** API tokens (`Authorization: Bearer vgl_…`): apiTokens/credentials.ts. */
  apiTokens: ApiTokenChecks;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by `authentication` (below): the hooks are plain functions any route can name. */
    authentication: Authentication;
  }
  interface FastifyRequest {
    /** The signed-in user, as read in this request: set by requireUser / requireSuperuser, and under requireListUser once confirmed. */
    user: UserRow | null;
    /**
     * Under requireListUser: the token's claims and its user as this process last read it, not
     * yet confirmed against the stored row. Never in `user`, so no role check can see it.
     */
    unconfirmed: { claims: AccessClaims; user: UserRow } | null;
    /** The API token the request was authenticated with; null for a session (or no user). */
    apiToken: RequestApiToken | null;
  }
}

/**
 * Gives the whole app the token checks of requireUser and its kin, and the request's
 * `user`/`unconfirmed`/`apiToken` slots; records the API token scope of every route registered
 * after it (apiTokens/scopes.ts). Registered once, before the routes.
 */
export const authentication = fp(
  async (app: FastifyInstance, checks: Authentication) => {
    app.decorate('authentication', { tokens: checks.tokens, userReads: checks.userReads, apiTokens: checks.apiTokens });
    app.decorateRequest('user', null);
    app.decorateRequest('unconfirmed', null);
    app.decorateRequest('apiToken', null);
    app.addHook('onRoute', (route) => recordTokenRule(route, requireSuperuser));
  },
  { name: 'authentication' },
);

const UNAUTHENTICATED = () => new HttpError(401, 'Could not validate credentials', { 'WWW-Authenticate': 'Bearer' });

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The claims of the request's token when it is well signed and unexpired, else 401. */
async function verifiedClaims(request: FastifyRequest): Promise<AccessClaims> {
  const token = bearerToken(request);
  if (!token) throw UNAUTHENTICATED();
  const claims = await request.server.authentication.tokens.verify(token);
  if (!claims) throw UNAUTHENTICATED();
  return claims;
}

/**
 * The one rule for who may use a token: its user exists, is active, and its token_version is
 * the token's (deactivation and password changes bump it: older tokens stop here).
 */
const mayUse = (claims: AccessClaims, user: UserRow | undefined): user is UserRow =>
  Boolean(user?.is_active && user.token_version === claims.version);

/** Reads the token's user (batched per round: auth/userReads.ts) and applies the rule, else 401. */
async function readUser(request: FastifyRequest, claims: AccessClaims): Promise<UserRow> {
  const user = await request.server.authentication.userReads.userById(claims.userId);
  if (!mayUse(claims, user)) throw UNAUTHENTICATED();
  request.user = user;
  request.unconfirmed = null;
  request.apiToken = null;
  return user;
}

/**
 * The holder of the request's API token when its bearer is one (undefined otherwise), read
 * with the token in one statement: unknown, revoked, expired or a deactivated holder is a 401.
 */
async function readApiTokenUser(request: FastifyRequest): Promise<UserRow | undefined> {
  const bearer = bearerToken(request);
  if (!bearer || !isApiToken(bearer)) return undefined;
  const { token, user } = await request.server.authentication.apiTokens.authenticate(bearer, request.ip ?? null);
  // A team token reaches only its team, with its holder's role there (teams/access.ts).
  request.user = token.team_id ? { ...user, onlyTeam: token.team_id } : user;
  request.unconfirmed = null;
  request.apiToken = token;
  return user;
}

/** The request's user, from an API token or a session token, checked; else 401. */
async function authenticate(request: FastifyRequest): Promise<UserRow> {
  return (await readApiTokenUser(request)) ?? readUser(request, await verifiedClaims(request));
}

/**
 * Route hook (onRequest, before validation): a valid token of a user who may use it, else 401;
 * an API token without the scope the route needs (apiTokens/scopes.ts), 403.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await authenticate(request);
  checkTokenScope(request, false);
}

/** Route hook: as requireUser, and the user must be a superuser, else 403 (an API token also needs `admin`). */
export async function requireSuperuser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await authenticate(request);
  if (!request.user?.is_superuser) throw new HttpError(403, "The user doesn't have enough privileges");
  checkTokenScope(request, true);
}

/**
 * Route hook (onRequest) of the two big lists. As requireUser, but when this process read the
 * token's user before and that row allows the token, the user is not read again here: the
 * list's own statement checks it against the stored row (common/checkedPage.ts), one round
 * trip instead of two. Such a route sets `attachValidation`, confirms the user before it
 * answers anything else (`confirmUser`), and reads through `readAsUser`.
 */
export async function requireListUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  // An API token takes the full path: read with its token, its scope checked; nothing held aside.
  if (await readApiTokenUser(request)) {
    checkTokenScope(request, false);
    return;
  }
  const claims = await verifiedClaims(request);
  const seen = request.server.authentication.userReads.seenUser(claims.userId);
  if (!mayUse(claims, seen)) {
    await readUser(request, claims);
    return;
  }
  // Held aside, not in request.user: only readAsUser's checked statement may rely on it.
  request.user = null;
  request.unconfirmed = { claims, user: seen };
}

/**
 * Under requireListUser: the user read now (401 when it may no longer use the token), then the
 * request's validation error as its 422, if any; so a void token gets 401 before any 422.
 */
export async function confirmUser(request: FastifyRequest): Promise<UserRow> {
  const user = request.unconfirmed ? await readUser(request, request.unconfirmed.claims) : userOf(request);
  if (request.validationError) throw request.validationError;
  return user;
}

/**
 * Under requireListUser: a read checked against its user (undefined when the stored user no
 * longer matches). A user changed since this process read it is read again, the rule applied
 * (401), and the read repeated for the user as it now stands.
 */
export async function readAsUser<T>(request: FastifyRequest, read: (user: UserRow) => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const unconfirmed = request.unconfirmed;
    const user = unconfirmed?.user ?? userOf(request);
    const answer = await read(user);
    if (answer !== undefined) {
      // The read's statement checked `user` against the stored row: now it is confirmed.
      request.user = user;
      request.unconfirmed = null;
      return answer;
    }
    await (unconfirmed ? readUser(request, unconfirmed.claims) : authenticate(request));
  }
  // The user changed between each read and the next, three times running.
  throw UNAUTHENTICATED();
}

/**
 * The signed-in user of a route guarded by requireUser. Under requireListUser it is there only
 * once confirmed (confirmUser, readAsUser): asking before is a programming error, not a 401.
 */
export function userOf(request: FastifyRequest): UserRow {
  if (request.unconfirmed) throw new Error('userOf before the user is confirmed: call confirmUser or readAsUser first');
  if (!request.user) throw UNAUTHENTICATED();
  return request.user;
}
