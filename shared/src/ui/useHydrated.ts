import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true afterwards (and at once on a page rendered in
 * the browser only). What depends on the browser (stored theme, locale, time zone) renders
 * after hydration, so the first client render matches the server's HTML exactly.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
