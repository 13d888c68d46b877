import { useSession } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../layout/PageSpinner';
import { safeNextPath } from './nextPath';

/**
 * Shown while a refused session's page is being replaced by /login (a full load already under
 * way, docs/product.md §4.2): the guards do not navigate then, so nothing can race that load.
 */
export function SessionEnding() {
  return <PageSpinner label="Your session has ended. Opening the login page…" />;
}

/**
 * The authenticated area: no stored token, no entry (docs/product.md §2.3). Reads the session as it is now,
 * re-rendering when it changes: a token the server refuses ends the session (the API client
 * removes it and loads /login), and the layout is taken down at once.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, ending } = useSession();
  if (ending) return <SessionEnding />;
  if (!token) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

/**
 * Public auth routes: a signed-in user visiting them is sent to / (docs/product.md §2.1), or to
 * `?next=` (a path of the console): where a login that just stored its token is going too.
 */
export function PublicOnly() {
  const { token, ending } = useSession();
  const [params] = useSearchParams();
  if (token && !ending) return <Navigate to={safeNextPath(params.get('next'))} replace />;
  return <Outlet />;
}
