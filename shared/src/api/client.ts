import createClient, { type Middleware } from 'openapi-fetch';
import { abortedRequestError, isAbortError } from './errors';
import type { components, paths } from './schema';

/** Named shapes of the API, straight from its OpenAPI document: never written by hand. */
export type Schemas = components['schemas'];
export type UserPublic = Schemas['UserPublic'];
export type AlertPublic = Schemas['AlertPublic'];
export type IntegrationPublic = Schemas['IntegrationPublic'];
export type { paths };

export const API_CLIENT_VERSION = '0.1.0';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface ApiClientOptions {
  /** '' for the same origin as the console (the default), or an API host. */
  baseUrl?: string;
  /** The stored access token, read on every request. */
  getToken: () => string | null;
  /** Called on any 401 or 403 answer (docs/product.md §4.2: the session ends), with the request as sent. */
  onUnauthorized?: (response: Response, request: Request) => void;
  /** For tests: the fetch to use (openapi-fetch captures it when the client is made). */
  fetch?: (request: Request) => Promise<Response>;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/**
 * The one API client of the console: bearer token, XSRF echo, the 401/403 rule and cancelled
 * requests as `ApiError`s ('Request aborted', docs/product.md §8.2), as middleware.
 */
export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    ...(options.fetch && { fetch: options.fetch }),
  });
  const session: Middleware = {
    onRequest({ request }) {
      const token = options.getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
      return request;
    },
    onResponse({ request, response }) {
      if (response.status === 401 || response.status === 403) options.onUnauthorized?.(response, request);
      return response;
    },
    onError({ error, request }) {
      // fetch rejects a cancelled request with a bare DOMException: thrown on as the API error,
      // it reaches the toast and `instanceof ApiError` checks like any failed answer.
      if (isAbortError(error)) return abortedRequestError(request);
    },
  };
  client.use(session);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The bearer token a request carried, or null. */
export function sentToken(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}
