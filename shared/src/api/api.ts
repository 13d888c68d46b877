import { createContext, useContext } from 'react';
import { getToken, sessionRefused } from '../session/token';
import { type ApiClient, createApiClient, sentToken } from './client';

/**
 * The console's one client: same origin (empty base URL), the stored token on every request,
 * and the session ended on a 401 or 403 to a request made with the stored token (docs/product.md §4.2, §8.1).
 */
export const api = createApiClient({
  baseUrl: '',
  getToken,
  onUnauthorized: (_response, request) => sessionRefused(sentToken(request)),
});

/**
 * The client the hooks use: `api`, unless a provider above gives another (a test's fake server).
 * A hook's own `client` option (the public pages' client without the session rule) wins over both.
 */
export const ApiClientContext = createContext<ApiClient>(api);

export interface ClientOption {
  client?: ApiClient;
}

/** The client a hook calls: its `client` option, else the provided one, else `api`. */
export function useApiClient(options?: ClientOption): ApiClient {
  const provided = useContext(ApiClientContext);
  return options?.client ?? provided;
}
