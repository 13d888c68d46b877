import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageSpinner } from './layout/PageSpinner';
import { useDeclaredRoutes } from './remotes/declaredRoutes';
import { PublicOnly, RequireAuth } from './session/guards';

// Everything behind a route is loaded on demand: someone signing in downloads the login form,
// not the layout or the dashboard. The public action pages of notification links (/actions/…)
// are not the shell's: remote-actions serves them as a page of their own (docs/console/action-pages.md).
const AppLayout = lazy(() => import('./layout/AppLayout'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
// The signed-in area's parts that read the API (react-query) or load remotes: not in the public pages' download.
const RemotePage = lazy(() => import('./remotes/RemotePage').then((m) => ({ default: m.RemotePage })));
// In the same module: a path not known before the remotes map is read (every remote page's route comes from it).
const RemotesMapPending = lazy(() => import('./remotes/RemotePage').then((m) => ({ default: m.RemotesMapPending })));
// A team invitation's link (/invite?token=…): for anyone, signed in or not; never prerendered.
const InvitePage = lazy(() => import('./pages/InvitePage'));
// A chat's one-time link (/link/slack?token=…), signed in or not: links the chat account that pressed a button.
const ChatLinkPage = lazy(() => import('./pages/ChatLinkPage'));
const RequireSuperuser = lazy(() => import('./session/RequireSuperuser'));

/**
 * A route's page, loaded on demand, that can also be loaded ahead: once loaded it renders at
 * once, not through React.lazy (which suspends on its first render even when the module is
 * there). A prerendered page must hydrate in that first render: a boundary left suspended during
 * hydration has its prerendered HTML thrown away and drawn anew by the next update above it.
 */
function pageOnDemand(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const OnDemand = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, at module level (PUBLIC_PAGES)
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <OnDemand />;
  };
  return { Page, preload };
}

/** The public pages, prerendered at build time (docs/console/prerendered-pages.md): the entry loads the page's module before hydrating. */
export const PUBLIC_PAGES = {
  '/login': pageOnDemand(() => import('./pages/LoginPage')),
  '/signup': pageOnDemand(() => import('./pages/SignupPage')),
  '/recover-password': pageOnDemand(() => import('./pages/RecoverPasswordPage')),
  '/reset-password': pageOnDemand(() => import('./pages/ResetPasswordPage')),
} as const;
export type PublicPagePath = keyof typeof PUBLIC_PAGES;
export const isPublicPagePath = (path: string): path is PublicPagePath => Object.hasOwn(PUBLIC_PAGES, path);

const { Page: LoginPage } = PUBLIC_PAGES['/login'];
const { Page: SignupPage } = PUBLIC_PAGES['/signup'];
const { Page: RecoverPasswordPage } = PUBLIC_PAGES['/recover-password'];
const { Page: ResetPasswordPage } = PUBLIC_PAGES['/reset-password'];

export function AppRoutes() {
  const { routes, status } = useDeclaredRoutes();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/recover-password" element={<RecoverPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Route>

        <Route path="/invite" element={<InvitePage />} />
        <Route path="/link/:kind" element={<ChatLinkPage />} />

        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          <Route index element={<DashboardPage />} />
          {/* Every remote page, as the remotes map declares it (remotesMapEntries.ts): `/<path>` and below it, the remote routing within. */}
          {routes.map(({ path, remote, module, label, superuserOnly }) => {
            const page = <RemotePage remote={remote} module={module} label={label} />;
            return <Route key={path} path={`${path}/*`} element={superuserOnly ? <RequireSuperuser>{page}</RequireSuperuser> : page} />;
          })}
          {/* Until the map is read, a path may be a remote's page: not the 404 screen yet. */}
          {status !== 'read' && <Route path="*" element={<RemotesMapPending />} />}
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
