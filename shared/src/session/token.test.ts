import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, sentToken } from '../api/client';

/** A browser's localStorage, location and storage events, as far as the session uses them. */
function browserAt(pathname: string) {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  };
  const replace = vi.fn();
  const assign = vi.fn();
  const events = new EventTarget();
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('window', {
    location: { pathname, replace, assign },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  });
  /** Another tab wrote `key` (what the browser's `storage` event says). */
  const otherTab = (key: string | null) => events.dispatchEvent(Object.assign(new Event('storage'), { key }));
  return { store, replace, assign, otherTab };
}

// The module holds the page's session state: each test starts from a fresh page.
let session: typeof import('./token');
beforeEach(async () => {
  vi.resetModules();
  session = await import('./token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the stored token', () => {
  it('is kept raw under access_token', () => {
    const { store } = browserAt('/');
    session.setToken('abc.def.ghi');
    expect(store.get(session.TOKEN_KEY)).toBe('abc.def.ghi');
    expect(session.getToken()).toBe('abc.def.ghi');
    expect(session.isLoggedIn()).toBe(true);
  });

  it('Log Out removes it without any redirect (the caller navigates)', () => {
    const { store, replace } = browserAt('/settings');
    session.setToken('abc.def.ghi');
    session.clearToken();
    expect(store.has(session.TOKEN_KEY)).toBe(false);
    expect(replace).not.toHaveBeenCalled();
    expect(session.isSessionEnding()).toBe(false);
  });
});

describe('endSession (docs/product.md §4.2: a 401 or 403 ends the session)', () => {
  it('removes the token and does a full redirect to /login', () => {
    const { store, replace, assign } = browserAt('/alerts');
    session.setToken('abc.def.ghi');
    store.set('theme', 'dark');
    session.endSession();
    expect(store.has(session.TOKEN_KEY)).toBe(false);
    expect(session.isLoggedIn()).toBe(false);
    expect(session.isSessionEnding()).toBe(true);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/login');
    expect(assign).not.toHaveBeenCalled();
    // Only the session goes: the theme choice stays.
    expect(store.get('theme')).toBe('dark');
  });

  it('does the full load from /login too: the end state never hangs on what the router shows', () => {
    // The URL can read /login while the page still shows the layout (a route change in progress).
    const { store, replace } = browserAt('/login');
    session.setToken('abc.def.ghi');
    session.endSession();
    expect(store.has(session.TOKEN_KEY)).toBe(false);
    expect(replace).toHaveBeenCalledWith('/login');
  });

  it('happens once, however many refusals follow (each new load would restart the last one)', () => {
    const { replace } = browserAt('/');
    session.setToken('abc.def.ghi');
    for (let i = 0; i < 5; i++) session.endSession();
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('no token is sent or stored once it is ending: a late new token does not come back for /login', () => {
    const { store } = browserAt('/settings');
    session.setToken('old');
    session.endSession();
    // A password change answered after the refusal hands over a fresh token.
    session.setToken('fresh-from-a-late-answer');
    expect(store.has(session.TOKEN_KEY)).toBe(false);
    // Another tab logs in meanwhile: this page still sends nothing.
    store.set(session.TOKEN_KEY, 'other-tab');
    expect(session.getToken()).toBeNull();
  });
});

describe('sessionRefused: which 401/403 answers end the session', () => {
  it('one to a request made with the stored token', () => {
    const { replace } = browserAt('/');
    session.setToken('current');
    session.sessionRefused('current');
    expect(replace).toHaveBeenCalledWith('/login');
  });

  it('not one to a request of an earlier session (logged out since, or another user logged in)', () => {
    const { store, replace } = browserAt('/');
    session.setToken('second-login');
    session.sessionRefused('first-login');
    session.sessionRefused(null);
    expect(store.get(session.TOKEN_KEY)).toBe('second-login');
    session.clearToken();
    session.sessionRefused('second-login');
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('subscribeSession', () => {
  it('tells of every change, in this page or from another tab, until unsubscribed', () => {
    const { otherTab } = browserAt('/');
    const listener = vi.fn();
    const unsubscribe = session.subscribeSession(listener);
    session.setToken('a');
    session.clearToken();
    otherTab(session.TOKEN_KEY);
    otherTab(null); // localStorage.clear() in another tab
    otherTab('theme'); // not the session's
    session.setToken('b');
    session.endSession();
    expect(listener).toHaveBeenCalledTimes(6);
    unsubscribe();
    otherTab(session.TOKEN_KEY);
    expect(listener).toHaveBeenCalledTimes(6);
  });
});

describe('several queries refused at once, answered in any order', () => {
  it.each([
    ['all 401', [401, 401, 401, 401]],
    ['403 first', [403, 401, 401, 200]],
    ['a success between refusals', [401, 200, 403, 401]],
  ])('%s: one redirect to /login, the token gone', async (_, statuses) => {
    const { store, replace } = browserAt('/admin');
    session.setToken('voided');
    const order = statuses.map((status, i) => ({ status, delay: (i * 7) % 4 }));
    const tokens: (string | null)[] = [];
    const client = createApiClient({
      baseUrl: 'http://api.test',
      getToken: session.getToken,
      onUnauthorized: (_response, request) => session.sessionRefused(sentToken(request)),
      fetch: async (request) => {
        tokens.push(sentToken(request));
        const { status, delay } = order[Number(new URL(request.url).searchParams.get('n'))] ?? { status: 500, delay: 0 };
        await new Promise((resolve) => setTimeout(resolve, delay));
        return new Response(JSON.stringify({ detail: 'Could not validate credentials' }), { status });
      },
    });
    const sent = statuses.map((_, n) => client.GET('/api/v1/users/', { params: { query: { n } as never } }));
    await Promise.all(sent);
    // A query started after the refusal goes without the token, and its 401 changes nothing.
    await client.GET('/api/v1/users/', { params: { query: { n: 0 } as never } });
    expect(tokens).toEqual([...statuses.map(() => 'voided'), null]);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith('/login');
    expect(store.has(session.TOKEN_KEY)).toBe(false);
  });
});
