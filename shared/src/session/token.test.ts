import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, getToken, isLoggedIn, setToken, TOKEN_KEY } from './token';

/** A browser's localStorage and location, as far as the session uses them. */
function browserAt(pathname: string) {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  };
  const assign = vi.fn();
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('window', { location: { pathname, assign } });
  return { store, assign };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the stored token', () => {
  it('is kept raw under access_token', () => {
    const { store } = browserAt('/');
    setToken('abc.def.ghi');
    expect(store.get(TOKEN_KEY)).toBe('abc.def.ghi');
    expect(getToken()).toBe('abc.def.ghi');
    expect(isLoggedIn()).toBe(true);
  });
});

describe('endSession (spec §4: a 401 or 403 ends the session)', () => {
  it('removes the token and does a full redirect to /login', () => {
    const { store, assign } = browserAt('/alerts');
    setToken('abc.def.ghi');
    store.set('theme', 'dark');
    endSession();
    expect(store.has(TOKEN_KEY)).toBe(false);
    expect(isLoggedIn()).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/login');
    // Only the session goes: the theme choice stays.
    expect(store.get('theme')).toBe('dark');
  });

  it('on /login already, removes the token without reloading the page', () => {
    const { store, assign } = browserAt('/login');
    setToken('abc.def.ghi');
    endSession();
    expect(store.has(TOKEN_KEY)).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
