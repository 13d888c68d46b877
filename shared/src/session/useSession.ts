import { useSyncExternalStore } from 'react';
import { getToken, isSessionEnding, subscribeSession } from './token';

export interface SessionState {
  /** The stored token; null when signed out or once the session is ending. */
  token: string | null;
  /** The server refused the session: the page is on its way to /login (a full load). */
  ending: boolean;
}

/**
 * The session as it is now, re-rendering on every change (this page's or another tab's), so a
 * route guard never decides on a token read before it was removed or stored.
 */
export function useSession(): SessionState {
  const token = useSyncExternalStore(subscribeSession, getToken, () => null);
  const ending = useSyncExternalStore(subscribeSession, isSessionEnding, () => false);
  return { token, ending };
}
