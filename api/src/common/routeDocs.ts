import { errorResponses } from './schema.js';

const { 401: e401, 403: e403, 404: e404, 409: e409, 422: e422 } = errorResponses;

/**
 * What every operation of a signed-in feature's documentation shares: its tag, the bearer token
 * (openapi.ts declares it) and an operationId `<prefix>-<name>`, the name the console's
 * generated client knows the call by.
 */
export const operationDocs = (tag: string, prefix: string) => (operationId: string, summary: string, description?: string) => ({
  tags: [tag],
  security: [{ OAuth2PasswordBearer: [] }],
  operationId: `${prefix}-${operationId}`,
  summary,
  ...(description && { description }),
});

/** A list or a creation: no login (401), or input refused (422). */
export const listErrors = { 401: e401, 422: e422 };
/** …and 404 when the thing named is not there. */
export const readErrors = { ...listErrors, 404: e404 };
/** The answers of a change: 403 when the caller neither owns the thing nor is a superuser. */
export const changeErrors = { ...readErrors, 403: e403 };
/** …and 409 past a limit or while the thing is in use. */
export const limitedChangeErrors = { ...changeErrors, 409: e409 };
