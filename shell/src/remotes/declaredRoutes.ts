import { useSyncExternalStore } from 'react';
import type { DeclaredRoute } from './remotesMapEntries';

// The routes the remotes map declares (remotesMapEntries.ts), as last read: the router and the
// side menu render them. Read at start-up (bootstrap.tsx), so a deep link to a declared page
// has its route on the first render; a console opened on a public page reads the map when the
// signed-in area first renders (useDeclaredRoutes). A new remote then shows on the next reload.

let routes: readonly DeclaredRoute[] = [];
let read = false;
const listeners = new Set<() => void>();

export function setDeclaredRoutes(next: readonly DeclaredRoute[]): void {
  read = true;
  routes = next;
  for (const listener of listeners) listener();
}

/** Whether the map was read in this page (successfully or not). */
export const declaredRoutesRead = (): boolean => read;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The declared routes; re-renders when the map is read. */
export const useDeclaredRoutes = (): readonly DeclaredRoute[] =>
  useSyncExternalStore(
    subscribe,
    () => routes,
    () => routes,
  );
