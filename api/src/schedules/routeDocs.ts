import { errorResponses } from '../common/schema.js';

const { 401: e401, 403: e403, 404: e404, 409: e409, 422: e422 } = errorResponses;

/** What every schedules operation's documentation shares: its tag and the bearer token. */
export const scheduleDoc = (operationId: string, summary: string) => ({
  tags: ['schedules'],
  security: [{ OAuth2PasswordBearer: [] }],
  operationId: `schedules-${operationId}`,
  summary,
});

export const readErrors = { 401: e401, 404: e404, 422: e422 };
/** The answers of a change: 403 when the caller neither owns the schedule nor is a superuser. */
export const changeErrors = { ...readErrors, 403: e403 };
/** …and 409 past a limit. */
export const limitedChangeErrors = { ...changeErrors, 409: e409 };
export const listErrors = { 401: e401, 422: e422 };
