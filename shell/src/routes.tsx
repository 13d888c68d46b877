import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageSpinner } from './layout/PageSpinner';
import { RemotePage } from './remotes/RemotePage';
import { PublicOnly, RequireAuth, RequireSuperuser } from './session/guards';

// Everything behind a route is loaded on demand: someone signing in downloads the login form,
// not the layout or the dashboard. The public action pages of notification links (/actions/…)
// are not the shell's: remote-actions serves them as a page of their own (docs/console.md).
const AppLayout = lazy(() => import('./layout/AppLayout'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const SignupPage = lazy(() => import('./pages/SignupPage'));
const RecoverPasswordPage = lazy(() => import('./pages/RecoverPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** The remotes shown inside the authenticated layout. */
const remoteRoutes = [
  { path: 'integrations', remote: 'remote_integrations', module: 'IntegrationsPage', label: 'Integrations' },
  { path: 'alerts', remote: 'remote_alerts', module: 'AlertsPage', label: 'Alerts' },
  { path: 'settings', remote: 'remote_settings', module: 'SettingsPage', label: 'User Settings' },
] as const;

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/recover-password" element={<RecoverPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Route>

        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          <Route index element={<DashboardPage />} />
          {remoteRoutes.map(({ path, remote, module, label }) => (
            <Route key={path} path={path} element={<RemotePage remote={remote} module={module} label={label} />} />
          ))}
          <Route
            path="admin"
            element={
              <RequireSuperuser>
                <RemotePage remote="remote_admin" module="AdminPage" label="Users Management" />
              </RequireSuperuser>
            }
          />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
