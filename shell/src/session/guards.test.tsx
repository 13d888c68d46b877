// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The route guards against the session as the API client ends it (docs/product.md §2.1, §2.3, §4.2): a refused token
// takes the layout down and leaves the one full load of /login alone (no client-side navigation
// beside it, whatever the order of the answers); signing out or another tab's change is followed.

interface Answer {
  status: number;
  body: unknown;
}
const REFUSED: Answer = { status: 401, body: { detail: 'Could not validate credentials' } };
const ANN = {
  id: 'u1',
  email: 'ann@example.com',
  full_name: 'Ann',
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};

/** The modules of one fresh page (below): its components must use these, not the file's imports. */
interface Fresh {
  shared: typeof import('@vigil/shared');
  query: typeof import('@tanstack/react-query');
  router: typeof import('react-router-dom');
}

/** A page of the layout with several queries of its own, as the alerts page has. */
function Page({ name, fresh }: { name: string; fresh: Fresh }) {
  const { unwrap, useApiClient, useCurrentUser } = fresh.shared;
  const api = useApiClient();
  useCurrentUser();
  fresh.query.useQueries({
    queries: ['list', 'count', 'stats'].map((key) => ({
      queryKey: [name, key],
      queryFn: async () => unwrap(await api.GET('/api/v1/alert/stats')),
    })),
  });
  return <h1>{name}</h1>;
}

function Where({ fresh }: { fresh: Fresh }) {
  return <output aria-label="location">{fresh.router.useLocation().pathname}</output>;
}

/**
 * A fresh page: the session module (its "ending" state lives as long as a page), React, the
 * router and the guards loaded anew, over the real API client and a fake server (shared/src/testing/fakeApi).
 */
async function openPage(path: string, answer: (path: string) => Answer | Promise<Answer>) {
  vi.resetModules();
  // One after the other: Node 20's loader can fail loading the same modules from parallel imports.
  const rtl = await import('@testing-library/react');
  const query = await import('@tanstack/react-query');
  const router = await import('react-router-dom');
  const shared = await import('@vigil/shared');
  const guards = await import('./guards');
  const { default: RequireSuperuser } = await import('./RequireSuperuser');
  const { fakeApi } = await import('../../../shared/src/testing/fakeApi');
  // The console's client as the app has it: the stored token, a refused one ending the session.
  const server = fakeApi((request) => answer(request.path), { token: 'stored' });
  const fresh = { shared, query, router };
  const { MemoryRouter, Outlet, Route, Routes } = router;
  const { PublicOnly, RequireAuth } = guards;

  const queryClient = shared.createQueryClient();
  const view = server.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<h1>Log in</h1>} />
        </Route>
        <Route
          element={
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          }
        >
          <Route index element={<Page name="Dashboard" fresh={fresh} />} />
          <Route path="alerts" element={<Page name="Alerts" fresh={fresh} />} />
          <Route
            path="admin"
            element={
              <RequireSuperuser>
                <Page name="Users Management" fresh={fresh} />
              </RequireSuperuser>
            }
          />
        </Route>
      </Routes>
      <Where fresh={fresh} />
    </MemoryRouter>,
    queryClient,
  );
  const location = () => view.getByRole('status', { name: 'location' }).textContent;
  return { ...rtl, view, shared, location };
}

/** jsdom cannot navigate: what endSession's full load would do is asserted in shared's token.test.ts. */
vi.spyOn(console, 'error').mockImplementation(() => {});

afterEach(async () => {
  (await import('@testing-library/react')).cleanup();
  localStorage.clear();
});

// Each test loads React, the router and @vigil/shared anew: slow on a busy machine.
const FRESH_PAGE = { timeout: 90_000 };

describe('a token the server refuses', FRESH_PAGE, () => {
  it.each(['/', '/alerts', '/admin'])('on %s: the layout goes, the token goes, no client-side navigation', async (path) => {
    localStorage.setItem('access_token', 'voided');
    // Every query is refused, answered in an order of their own.
    let n = 0;
    const page = await openPage(path, async () => {
      await new Promise((resolve) => setTimeout(resolve, (n++ * 7) % 5));
      return REFUSED;
    });
    await page.waitFor(() => expect(page.view.getByText('Your session has ended. Opening the login page…')).toBeTruthy());
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(page.shared.isSessionEnding()).toBe(true);
    expect(page.view.queryByRole('heading')).toBeNull();
    // Whatever answers are still to come, the page stays where it is for the full load of /login:
    // /admin does not go to / (a failed current-user query there is not a lack of rights).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.location()).toBe(path);
  });

  it('a success answered after the refusal does not bring the page back', async () => {
    localStorage.setItem('access_token', 'voided');
    const page = await openPage('/alerts', async (p) => (p === '/api/v1/users/me' ? REFUSED : { status: 200, body: ANN }));
    await page.waitFor(() => expect(page.view.getByText(/Your session has ended/)).toBeTruthy());
    page.shared.setToken('a-late-token');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(page.location()).toBe('/alerts');
  });
});

describe('the guards follow the session as it changes', FRESH_PAGE, () => {
  it('Log Out (the token removed in this page) leads to /login', async () => {
    localStorage.setItem('access_token', 'good');
    const page = await openPage('/alerts', () => ({ status: 200, body: ANN }));
    await page.waitFor(() => expect(page.view.getByRole('heading', { name: 'Alerts' })).toBeTruthy());
    page.act(() => page.shared.clearToken());
    await page.waitFor(() => expect(page.location()).toBe('/login'));
    expect(page.view.getByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('another tab signing out leads to /login; signing in there leads from /login to /', async () => {
    localStorage.setItem('access_token', 'good');
    const page = await openPage('/', () => ({ status: 200, body: ANN }));
    await page.waitFor(() => expect(page.view.getByRole('heading', { name: 'Dashboard' })).toBeTruthy());
    const otherTab = (value: string | null) => {
      if (value === null) localStorage.removeItem('access_token');
      else localStorage.setItem('access_token', value);
      page.act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: value }));
      });
    };
    otherTab(null);
    await page.waitFor(() => expect(page.location()).toBe('/login'));
    otherTab('fresh');
    await page.waitFor(() => expect(page.location()).toBe('/'));
    expect(page.view.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('signing in on /login?next= leads to that path of the console, and never off it', async () => {
    const page = await openPage(`/login?next=${encodeURIComponent('/alerts?team=x')}`, () => ({ status: 200, body: ANN }));
    await page.waitFor(() => expect(page.view.getByRole('heading', { name: 'Log in' })).toBeTruthy());
    page.act(() => page.shared.setToken('fresh'));
    await page.waitFor(() => expect(page.location()).toBe('/alerts'));
    page.act(() => page.shared.clearToken());
    await page.waitFor(() => expect(page.location()).toBe('/login'));
    page.view.unmount();
    const away = await openPage(`/login?next=${encodeURIComponent('//evil.test/')}`, () => ({ status: 200, body: ANN }));
    away.act(() => away.shared.setToken('fresh'));
    await away.waitFor(() => expect(away.location()).toBe('/'));
  });

  it('an ordinary user on /admin is sent to /, still signed in', async () => {
    localStorage.setItem('access_token', 'good');
    const page = await openPage('/admin', () => ({ status: 200, body: ANN }));
    await page.waitFor(() => expect(page.location()).toBe('/'));
    expect(localStorage.getItem('access_token')).toBe('good');
    expect(page.shared.isSessionEnding()).toBe(false);
  });
});
