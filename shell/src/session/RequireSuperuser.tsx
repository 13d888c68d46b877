import { useCurrentUser, useSession } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../layout/PageSpinner';
import { SessionEnding } from './guards';

// Apart from guards.tsx: it reads the current user (react-query), which the public pages do not load.
/** Superuser-only areas: an ordinary user is sent to / (contract "Console decisions"). */
export default function RequireSuperuser({ children }: { children: ReactNode }) {
  const { ending } = useSession();
  const { data: user, isPending, isError } = useCurrentUser();
  // A refused token (its 401 is an error here too) is the session's end, not a lack of rights:
  // /login is loading, so no client-side navigation to / may start beside it.
  if (ending) return <SessionEnding />;
  if (isPending) return <PageSpinner label="Checking access…" />;
  if (isError || !user.is_superuser) return <Navigate to="/" replace />;
  return <>{children}</>;
}
