import { redactIngestKey } from '../ingest/keys.js';

/**
 * Query parameters that carry a credential in a URL a browser opens: a signed action link's
 * token (`/actions/{id}?t=…`) and a password-reset token (`/reset-password?token=…`).
 */
const SECRET_QUERY_PARAMETERS = ['t', 'token'];
const SECRET_QUERY_RE = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#]*`, 'g');

/** A request URL as it may be logged: the ingest key of the path and every secret query value replaced. */
export function redactUrlSecrets(url: string): string {
  return redactIngestKey(url).replace(SECRET_QUERY_RE, '$1[redacted]');
}
