import { createApiClient, getToken, LINK_TOKEN_PARAM } from '@vigil/shared';
import { useSearch } from 'wouter';

/**
 * The client of the public pages. Like the console's, it sends the stored token (a signed-in
 * user's action is recorded as theirs), but a 401 or 403 does not end a session: these routes
 * never refuse a session (an invalid one is simply anonymous there), so their only 403 is about
 * the link itself — expired, not valid, or required — and the page shows it instead of
 * sending the visitor to /login (docs/console/action-pages.md, "Signed links on the page").
 */
export const publicApi = createApiClient({ baseUrl: '', getToken });

/** The notification link's token (`?t=`), or null when the page was opened without one. */
export function useLinkToken(): string | null {
  return new URLSearchParams(useSearch()).get(LINK_TOKEN_PARAM) || null;
}

/** A path of the public pages that keeps the link's token, so Back and reloads still carry it. */
export const withLinkToken = (path: string, token: string | null) =>
  token ? `${path}?${LINK_TOKEN_PARAM}=${encodeURIComponent(token)}` : path;
