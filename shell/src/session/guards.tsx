import { isLoggedIn, useCurrentUser } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../layout/PageSpinner';

/**
 * The authenticated area: no stored token, no entry (spec §2). A token the server no longer
 * accepts ends in a 401 on the first query, which the API client turns into a full redirect to /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  if (!isLoggedIn()) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

/** Public auth routes: a signed-in user visiting them is sent to / (spec §2). */
export function PublicOnly() {
  if (isLoggedIn()) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Superuser-only areas: an ordinary user is sent to / (contract "Console decisions"). */
export function RequireSuperuser({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser();
  if (isPending) return <PageSpinner label="Checking access…" />;
  if (isError || !user.is_superuser) return <Navigate to="/" replace />;
  return <>{children}</>;
}
