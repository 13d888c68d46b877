import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiToken } from '../apiTokens/credentials.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import { requireUser } from './currentUser.js';

/**
 * For public routes that behave better with a user when there is one (the alert actions
 * record who acted): the same checks as requireUser, but no token, or one that fails
 * them, is simply "anonymous" instead of a 401. Sets and returns request.user. An API token
 * is the exception: automation that sends one is told it is void (401) or lacks the route's
 * scope (403), never turned anonymous, which would let a read-only token act through the link.
 */
export async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
  request.user = null;
  if (!request.headers.authorization) return null;
  try {
    // Reused rather than copied, so both paths keep the same rules (token version, inactive users).
    await requireUser(request, reply);
    return request.user;
  } catch (error) {
    const bearer = request.headers.authorization.split(' ')[1] ?? '';
    if (error instanceof HttpError && error.statusCode === 401 && !isApiToken(bearer)) {
      request.user = null;
      request.apiToken = null;
      return null;
    }
    throw error;
  }
}
