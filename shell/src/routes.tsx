import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageSpinner } from './layout/PageSpinner';
import { RemotePage } from './remotes/RemotePage';
import { PublicOnly, RequireAuth, RequireSuperuser } from './session/guards';

// Everything behind a route is loaded on demand: someone opening a notification link
// (/actions/…) downloads the actions remote, not the layout, the dashboard or the auth forms.
const AppLayout = lazy(() => import('./layout/AppLayout'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const SignupPage = lazy(() => import('./pages/SignupPage'));
const RecoverPasswordPage = lazy(() => import('./pages/RecoverPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** The public per-alert pages, rendered without the console chrome (spec §2). ResultPage reads the path. */
const alertActionRoutes = [
  { path: '/actions/:alertId', module: 'ActionsPage' },
  { path: '/acknowledge/:alertId', module: 'ResultPage' },
  { path: '/escalate/:alertId', module: 'ResultPage' },
  { path: '/close/:alertId', module: 'ResultPage' },
] as const;

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

        {alertActionRoutes.map(({ path, module }) => (
          <Route key={path} path={path} element={<RemotePage remote="remote_actions" module={module} label="Alert actions" />} />
        ))}

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
