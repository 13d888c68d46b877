import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `?page=n` as a page number: anything but a positive integer means page 1 (docs/product.md §2.9). */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The `skip` of a page (`?skip=&limit=` lists): `(page - 1) * size`. */
export const skipOf = (page: number, pageSize: number): number => (Math.max(1, page) - 1) * pageSize;

/** How many pages `count` items fill; an empty list still has page 1. */
export const pageCountOf = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize));

export interface PageParam {
  /** The current page, 1 when `?page=` is missing or invalid. */
  page: number;
  /** Moves to `page`, keeping the other query parameters; `replace` leaves no history entry. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
}

/** The list pages' `?page=n` query parameter (alerts, integrations, users). */
export function usePageParam(): PageParam {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('page', String(Math.max(1, Math.trunc(next))));
          return params;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearchParams],
  );
  return { page, setPage };
}

/**
 * A page past the end (after deleting the last row of the last page, or a hand-typed
 * `?page=99`) moves to the last page that has rows, replacing the history entry.
 */
export function useStayWithinPages(page: number, count: number | undefined, pageSize: number, setPage: PageParam['setPage']): void {
  const last = count === undefined ? undefined : pageCountOf(count, pageSize);
  useEffect(() => {
    if (last !== undefined && page > last) setPage(last, { replace: true });
  }, [page, last, setPage]);
}
