import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import type { AccessClaims, TokenSigner } from './tokens.js';
import type { UserReads } from './userReads.js';

/** What the route hooks below check a request's token with: its signature, then its user. */
export interface Authentication {
  tokens: TokenSigner;
  /** The batched read of the signed-in user (auth/userReads.ts), behind every authenticated request. */
  userReads: UserReads;
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
  }
}

/**
 * Gives the whole app the token checks of requireUser and its kin, and the request's
 * `user`/`unconfirmed` slots. Registered once, before the routes.
 */
export const authentication = fp(
  async (app: FastifyInstance, checks: Authentication) => {
    app.decorate('authentication', { tokens: checks.tokens, userReads: checks.userReads });
    app.decorateRequest('user', null);
    app.decorateRequest('unconfirmed', null);
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
  return user;
}

/** Route hook (onRequest, before validation): a valid token of a user who may use it, else 401. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await readUser(request, await verifiedClaims(request));
}

/** Route hook: as requireUser, and the user must be a superuser, else 403. */
export async function requireSuperuser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!request.user?.is_superuser) throw new HttpError(403, "The user doesn't have enough privileges");
}

/**
 * Route hook (onRequest) of the two big lists. As requireUser, but when this process read the
 * token's user before and that row allows the token, the user is not read again here: the
 * list's own statement checks it against the stored row (common/checkedPage.ts), one round
 * trip instead of two. Such a route sets `attachValidation`, confirms the user before it
 * answers anything else (`confirmUser`), and reads through `readAsUser`.
 */
export async function requireListUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
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
    await readUser(request, unconfirmed?.claims ?? (await verifiedClaims(request)));
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
