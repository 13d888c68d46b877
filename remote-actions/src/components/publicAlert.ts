import { type AlertAction, type AlertPublic, type ApiClient, ApiError, runAlertAction, unwrap } from '@vigil/shared';
import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';

// The action page's two calls, read the alert and act on it, without a query library: the
// public page's JavaScript only hydrates what the server rendered, and TanStack Query was a
// tenth of it. What the page relied on is kept: one read per alert for as long as
// it is fresh (the server's copy on load, the action's answer after an action, for 10 s, as
// the console's query client), no retry of a 4xx (it will not get better), two of anything
// else, and no answer applied after the page has moved on.

/** As the console's query client (shared/src/query/queryClient.ts). */
const FRESH_MS = 10_000;
const RETRY_DELAYS_MS = [1_000, 2_000];

interface Entry {
  alert: AlertPublic;
  at: number;
}

/** The alerts this page has read, by the id its URL spells (which may differ in case from the alert's). */
export interface AlertStore {
  get(id: string): Entry | undefined;
  set(id: string, alert: AlertPublic): void;
  subscribe(onChange: () => void): () => void;
}

export function createAlertStore(): AlertStore {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  return {
    get: (id) => entries.get(id),
    set(id, alert) {
      entries.set(id, { alert, at: Date.now() });
      for (const listener of listeners) listener();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/** One store per page (the browser's) or per render (the server's, so no request sees another's alert). */
export const AlertStoreContext = createContext<AlertStore>(createAlertStore());

const linkHeader = (linkToken: string | null) => (linkToken ? { header: { 'x-vigil-link-token': linkToken } } : {});

/** GET /alert/{id}: public, no login (docs/product.md §2.2); the link's token in its header, never in the URL. */
async function readAlert(client: ApiClient, id: string, linkToken: string | null, signal: AbortSignal): Promise<AlertPublic> {
  return unwrap(await client.GET('/api/v1/alert/{id}', { params: { path: { id }, ...linkHeader(linkToken) }, signal }));
}

const retryable = (error: unknown) => !(error instanceof ApiError && error.status < 500);
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

export interface AlertRead {
  data: AlertPublic | undefined;
  error: unknown;
  isPending: boolean;
}

/** The alert of an action page; `id` undefined leaves it idle (pending, nothing asked). */
export function usePublicAlert(id: string | undefined, { client, linkToken }: { client: ApiClient; linkToken: string | null }): AlertRead {
  const store = useContext(AlertStoreContext);
  const entry = useSyncExternalStore(
    store.subscribe,
    () => (id ? store.get(id) : undefined),
    () => (id ? store.get(id) : undefined),
  );
  const [failure, setFailure] = useState<{ id: string; error: unknown }>();

  useEffect(() => {
    if (!id) return;
    const cached = store.get(id);
    if (cached && Date.now() - cached.at < FRESH_MS) return;
    const controller = new AbortController();
    (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const alert = await readAlert(client, id, linkToken, controller.signal);
          if (!controller.signal.aborted) store.set(id, alert);
          return;
        } catch (error) {
          if (controller.signal.aborted) return;
          const delay = RETRY_DELAYS_MS[attempt];
          if (delay === undefined || !retryable(error)) return setFailure({ id, error });
          await wait(delay, controller.signal);
        }
      }
    })();
    return () => controller.abort();
  }, [store, client, id, linkToken]);

  const error = failure && failure.id === id ? failure.error : null;
  return { data: entry?.alert, error, isPending: !entry && !error };
}

export interface ActionVariables {
  action: AlertAction;
  id: string;
  linkToken: string | null;
}

/** Runs one action on an alert; on success the page's copy of the alert takes the answer. */
export function usePublicAlertAction(client: ApiClient) {
  const store = useContext(AlertStoreContext);
  const [variables, setVariables] = useState<ActionVariables>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (vars: ActionVariables, { onSuccess, onError }: { onSuccess: (alert: AlertPublic) => void; onError: (error: unknown) => void }) => {
      setVariables(vars);
      runAlertAction(vars.action, vars.id, client, vars.linkToken).then(
        (alert) => {
          store.set(alert.id, alert);
          if (mounted.current) setVariables(undefined);
          onSuccess(alert);
        },
        (error: unknown) => {
          if (mounted.current) setVariables(undefined);
          onError(error);
        },
      );
    },
    [client, store],
  );
  return { mutate, isPending: variables !== undefined, variables };
}
