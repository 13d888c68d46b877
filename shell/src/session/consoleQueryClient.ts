import { createQueryClient } from '@vigil/shared';

/**
 * The console's one query client, provided by the signed-in area (layout/AppLayout.tsx). A module
 * of its own, loaded with that area: the public pages (login, sign-up…) do not download
 * react-query. One per page load, so what a session cached stays until it is cleared.
 */
export const consoleQueryClient = createQueryClient();

/** A new session starts from nothing: no answer cached for an earlier one may show. */
export const clearCachedQueries = () => consoleQueryClient.clear();
