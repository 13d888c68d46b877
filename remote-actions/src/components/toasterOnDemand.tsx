import { type ComponentType, createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';

/** Resolves once a Toaster listening on the console's toaster id is mounted. */
export type EnsureToaster = () => Promise<void>;

// Outside ToasterOnDemand (the federated pages inside the shell) the shell's Toaster is always there.
const EnsureToasterContext = createContext<EnsureToaster>(() => Promise.resolve());

/** Call before an operation whose failure shows a toast; await it before `notify`. */
export const useEnsureToaster = () => useContext(EnsureToasterContext);

type Loaded = ComponentType<{ onMounted: () => void }>;

/**
 * The public page's Toaster, fetched on first need. A link recipient whose action goes well
 * never needs a toast, and Fluent's Toaster (with tabster, its focus manager) is ~20 KiB gzip
 * of the page's JS. Asking for it when an action starts fetches it while the request runs.
 */
export function ToasterOnDemand({ children }: { children: ReactNode }) {
  const [Toaster, setToaster] = useState<Loaded | null>(null);
  const ready = useRef<{ promise: Promise<void>; resolve: () => void } | null>(null);

  const ensure = useCallback<EnsureToaster>(() => {
    if (!ready.current) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      ready.current = { promise, resolve };
      import('./PageToaster').then(
        (module) => setToaster(() => module.PageToaster),
        (error: unknown) => {
          // Without it the failure's toast cannot show; the page itself keeps working, and the
          // next action tries again.
          console.error('Could not load the toaster', error);
          ready.current = null;
          resolve();
        },
      );
    }
    return ready.current.promise;
  }, []);

  return (
    <EnsureToasterContext.Provider value={ensure}>
      {children}
      {Toaster && <Toaster onMounted={() => ready.current?.resolve()} />}
    </EnsureToasterContext.Provider>
  );
}
