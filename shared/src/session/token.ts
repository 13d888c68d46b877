/** The access token, kept raw (not JSON-encoded) in localStorage, as the spec and contract say. */
export const TOKEN_KEY = 'access_token';

export const getToken = (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));
export const setToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);
export const isLoggedIn = (): boolean => Boolean(getToken());

/** Spec §4: a 401 or 403 anywhere ends the session with a full redirect to /login. */
export function endSession(): void {
  clearToken();
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
}
