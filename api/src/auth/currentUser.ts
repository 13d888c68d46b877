import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireSuperuser. */
    user: UserRow | null;
  }
}

const UNAUTHENTICATED = () => new HttpError(401, 'Could not validate credentials', { 'WWW-Authenticate': 'Bearer' });

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Route hook (onRequest, before validation): a valid token of an active user whose token version still matches, else 401. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw UNAUTHENTICATED();
  const { tokens, reads } = request.server.deps;
  const claims = await tokens.verify(token);
  if (!claims) throw UNAUTHENTICATED();
  const user = await reads.userById(claims.userId);
  // Deactivation and password changes bump token_version: older tokens stop here.
  if (!user?.is_active || user.token_version !== claims.version) throw UNAUTHENTICATED();
  request.user = user;
}

/** Route hook: as requireUser, and the user must be a superuser, else 403. */
export async function requireSuperuser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!request.user?.is_superuser) throw new HttpError(403, "The user doesn't have enough privileges");
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw UNAUTHENTICATED();
  return request.user;
}
