import { getToken, sessionRefused } from '../session/token';
import { createApiClient, sentToken } from './client';

/**
 * The console's one client: same origin (empty base URL), the stored token on every request,
 * and the session ended on a 401 or 403 to a request made with the stored token (docs/product.md §4.2, §8.1).
 */
export const api = createApiClient({
  baseUrl: '',
  getToken,
  onUnauthorized: (_response, request) => sessionRefused(sentToken(request)),
});
