import { useNotify } from '@vigil/shared';
import { useCallback } from 'react';
import { EnsureToasterContext } from '../components/toasterOnDemand';
import ActionsPage from '../pages/ActionsPage';

/**
 * The action page as the federated remote exposes it: inside a host (the shell) the host's
 * Toaster is always there, so the page's toasts go to it at once. The standalone public page
 * fetches its own toaster on demand instead (ToasterOnDemand).
 */
export default function FederatedActionsPage() {
  const notify = useNotify();
  const ensureToaster = useCallback(() => Promise.resolve(notify), [notify]);
  return (
    <EnsureToasterContext.Provider value={ensureToaster}>
      <ActionsPage />
    </EnsureToasterContext.Provider>
  );
}
