import { createApiClient } from '../api/client';

/**
 * For the hooks' tests: the real API client (openapi-fetch with our middleware) over a fetch
 * that records each request and answers `body` with `status`.
 */
export function stubApiClient({ status = 200, body, token = 'token' }: { status?: number; body: unknown; token?: string | null }) {
  const requests: Request[] = [];
  const client = createApiClient({
    baseUrl: 'http://api.test',
    getToken: () => token,
    fetch: async (request) => {
      requests.push(request);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, requests };
}
