import { useSyncExternalStore } from 'react';

/** A remote running in this page, as its manifest describes it. */
export interface LoadedRemote {
  /** Container name (`remote_alerts`). */
  name: string;
  /** What the console calls it (`Alerts`). */
  label: string;
  /** Its package (`remote-alerts`) and the version it was built as. */
  app: string;
  version: string;
}

let loaded: readonly LoadedRemote[] = [];
const listeners = new Set<() => void>();

/** Records a remote once its code runs in the page: it stays at that version until a reload. */
export function recordLoadedRemote(remote: LoadedRemote): void {
  if (loaded.some((r) => r.name === remote.name)) return;
  loaded = [...loaded, remote];
  for (const listener of listeners) listener();
}

export function isLoaded(name: string): boolean {
  return loaded.some((r) => r.name === name);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The remotes loaded in this page so far, in the order they were first opened. */
export const useLoadedRemotes = (): readonly LoadedRemote[] => useSyncExternalStore(subscribe, () => loaded);
