import { useSyncExternalStore } from 'react';
import type { DeclaredRoute } from './remotesMapEntries';

// The routes the remotes map declares (remotesMapEntries.ts), as last read: the router and the
// side menu render them, and they are every remote page of the console. Read at start-up
// (bootstrap.tsx), so a deep link to a page has its route on the first render; a console opened
// on a public page reads the map when the signed-in area first renders (AppLayout). A new
// remote then shows on the next reload.

export interface DeclaredRoutes {
  /** unread: not read in this page yet; failed: the last read failed and none succeeded before. */
  status: 'unread' | 'read' | 'failed';
  routes: readonly DeclaredRoute[];
}

let state: DeclaredRoutes = { status: 'unread', routes: [] };
const listeners = new Set<() => void>();
const update = (next: DeclaredRoutes) => {
  state = next;
  for (const listener of listeners) listener();
};

export const setDeclaredRoutes = (routes: readonly DeclaredRoute[]): void => update({ status: 'read', routes });

/** The map could not be read: routes read before stay (a page never disappears on a blip). */
export function markRemotesMapFailed(): void {
  if (state.status !== 'read') update({ status: 'failed', routes: [] });
}

export const remotesMapStatus = (): DeclaredRoutes['status'] => state.status;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The declared routes and whether the map was read (until it is, no remote page has a route); re-renders when it is. */
export const useDeclaredRoutes = (): DeclaredRoutes =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
