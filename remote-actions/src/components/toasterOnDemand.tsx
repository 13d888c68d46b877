import type { Notify } from '@vigil/shared';
import { type ComponentType, createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';

/**
 * Resolves, once a Toaster listening on the console's toaster id is mounted, with the toasts'
 * `notify` (shared's useNotify, from the toaster's own chunk: Fluent's toast components stay
 * out of the page's first scripts too); null when the toaster could not be loaded.
 */
export type EnsureToaster = () => Promise<Notify | null>;

// Provided by ToasterOnDemand (the public page) or by a host's wrapper (src/federated/), whose
// Toaster is always there; with neither, a toast has nowhere to show.
export const EnsureToasterContext = createContext<EnsureToaster>(() => Promise.resolve(null));

/** Call before an operation whose failure shows a toast; toast with what it resolves to. */
export const useEnsureToaster = () => useContext(EnsureToasterContext);

type Loaded = ComponentType<{ onMounted: (notify: Notify) => void }>;

/**
 * The public page's Toaster, fetched on first need. A link recipient whose action goes well
 * never needs a toast, and Fluent's Toaster (with tabster, its focus manager) is ~20 KiB gzip
 * of the page's JS. Asking for it when an action starts fetches it while the request runs.
 */
export function ToasterOnDemand({ children }: { children: ReactNode }) {
  const [Toaster, setToaster] = useState<Loaded | null>(null);
  const ready = useRef<{ promise: Promise<Notify | null>; resolve: (notify: Notify | null) => void } | null>(null);

  const ensure = useCallback<EnsureToaster>(() => {
    if (!ready.current) {
      let resolve!: (notify: Notify | null) => void;
      const promise = new Promise<Notify | null>((r) => (resolve = r));
      ready.current = { promise, resolve };
      import('./PageToaster').then(
        (module) => setToaster(() => module.PageToaster),
        (error: unknown) => {
          // Without it the failure's toast cannot show; the page itself keeps working, and the
          // next action tries again.
          console.error('Could not load the toaster', error);
          ready.current = null;
          resolve(null);
        },
      );
    }
    return ready.current.promise;
  }, []);

  return (
    <EnsureToasterContext.Provider value={ensure}>
      {children}
      {Toaster && <Toaster onMounted={(notify) => ready.current?.resolve(notify)} />}
    </EnsureToasterContext.Provider>
  );
}
