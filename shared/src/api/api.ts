import { endSession, getToken } from '../session/token';
import { createApiClient } from './client';

/**
 * The console's one client: same origin (empty base URL), the stored token on every request,
 * and the session ended on any 401 or 403 (spec §4, §8).
 */
export const api = createApiClient({ baseUrl: '', getToken, onUnauthorized: endSession });
