/** The access token, kept raw (not JSON-encoded) in localStorage, as the spec and contract say. */
export const TOKEN_KEY = 'access_token';
export const LOGIN_PATH = '/login';

/**
 * The session of this page: the stored token, and whether the server refused it. A federation
 * singleton (singletonModules.ts), so the shell and every remote share this one state: the
 * first refusal ends the session once, for all of them, whatever answers arrive after it.
 */
let ending = false;
const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage blocked: no session
  }
}

function changed(): void {
  for (const listener of [...listeners]) listener();
}

/** The token to send; none once the session is ending (a refused page never speaks for anyone). */
export const getToken = (): string | null => (ending ? null : readStored());
export const isLoggedIn = (): boolean => Boolean(getToken());
/** True from the first refusal until the page is replaced by /login. */
export const isSessionEnding = (): boolean => ending;

/**
 * Stores a new session's token. Ignored once the session is ending: a late answer (a password
 * change's new token) must not put a token back for the /login page that is loading.
 */
export function setToken(token: string): void {
  if (ending) return;
  localStorage.setItem(TOKEN_KEY, token);
  changed();
}

/** Signing out on purpose (Log Out, account deleted): the token goes; the caller navigates. */
export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  changed();
}

/**
 * Spec §4, §8: the server refused the session. The token is removed and the page does a full
 * load of /login — always, even from /login, so the end state never depends on what the router
 * or the guards render meanwhile. Idempotent: several queries failing at once, or a failure
 * after the redirect began, change nothing (another call would restart the load each time).
 */
export function endSession(): void {
  if (ending) return;
  ending = true;
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage blocked: there was nothing stored to remove
  }
  changed();
  if (typeof window !== 'undefined') window.location.replace(LOGIN_PATH);
}

/**
 * A 401 or 403 answering a request made with `sentToken` (null: sent without one). It ends the
 * session only while that token is still the stored one: an answer to a request of an earlier
 * session (logged out since, or another user logged in) must not end the current one.
 */
export function sessionRefused(sentToken: string | null): void {
  if (sentToken !== null && sentToken === readStored()) endSession();
}

/**
 * Calls `listener` when the session changes in this page, or when another tab stores or removes
 * the token (the `storage` event), so guards never act on a value read before the change.
 */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
