import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

type Headers = [name: string, value: string][];

/**
 * The API's JSON answers get the header set of OWASP's REST Security Cheat Sheet, not a
 * document's: no script or frame may use them, and nothing caches them. Six headers, not
 * helmet's twelve: each header is validated and written on every answer, and the document
 * headers (cross-origin policies, DNS prefetch…) mean nothing to a JSON client.
 */
export const API_SECURITY_HEADERS: Headers = [
  ['cache-control', 'no-store'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
];

/**
 * helmet's headers for the console's documents and assets. Computed once: with no CSP nonces
 * they never vary by request, and running helmet's middleware chain per request cost a fifth
 * of a list request's CPU (measured with autocannon; docs/decisions/0011).
 */
export function consoleSecurityHeaders(): Headers {
  const headers: Headers = [];
  const response = { setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), String(value)]), removeHeader() {} };
  helmet({
    // TLS is the gateway's business; upgrading requests would break plain-HTTP local use.
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers on every answer: the API's set under `apiPrefix`, helmet's elsewhere. */
export const securityHeaders = fp(async (app: FastifyInstance, { apiPrefix }: { apiPrefix: string }) => {
  const consoleHeaders = consoleSecurityHeaders();
  // Set on the raw response, as helmet does, so a route may still override one (the console's
  // remote assets relax Cross-Origin-Resource-Policy).
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith(apiPrefix) ? API_SECURITY_HEADERS : consoleHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
