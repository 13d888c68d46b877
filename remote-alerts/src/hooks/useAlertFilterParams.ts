import { type AlertFilters, parseAlertFilters, withAlertFilters } from '@vigil/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The list's filters as `?state=..&severity=..&q=..`: shareable, reloadable; a change goes back to page 1. */
export function useAlertFilterParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters
  const filters = useMemo(() => parseAlertFilters(searchParams), [key]);
  const setFilters = useCallback((next: AlertFilters) => setSearchParams((current) => withAlertFilters(current, next)), [setSearchParams]);
  return { filters, setFilters };
}

/** `?alert=<id>`: the alert whose details are open, so a detail view can be linked to as well. */
export function useOpenAlertParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('alert') ?? undefined;
  const setOpenId = useCallback(
    (id: string | undefined) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('alert', id);
        else next.delete('alert');
        return next;
      }),
    [setSearchParams],
  );
  return { openId, setOpenId };
}
