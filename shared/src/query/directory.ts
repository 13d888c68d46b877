import { keepPreviousData, type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';

// The user directory (GET /users/directory; docs/oncall/console.md): active users' names a
// page at a time, searched by name, for people pickers; and the names of the ids a page shows,
// asked by id. A superuser's answers also carry emails. Keys start with ['users'], so a change
// to a user (usersKeys.all) refreshes the names shown.

export type UserDirectoryEntry = Schemas['UserDirectoryEntry'];

/** The people a picker lists at a time. */
export const DIRECTORY_PAGE_SIZE = 20;
/** The most ids one request names (the API's bound, DIRECTORY_IDS_MAX). */
const IDS_PER_REQUEST = 100;
/** The API's bound on a search. */
const SEARCH_MAX = 100;

export const directoryKeys = {
  all: ['users', 'directory'] as const,
  /** A search among the caller's teams' people, or one team's (`teamId`: a policy's or a rotation's picker). */
  search: (q: string, teamId?: string) => ['users', 'directory', 'search', q, ...(teamId ? [{ team: teamId }] : [])] as const,
  names: (ids: string[]) => ['users', 'directory', 'names', ids] as const,
  user: (id: string) => ['users', 'directory', 'user', id] as const,
};

/** How a person is named on screen: their name, else (a superuser sees it) their email, else "Unnamed user". */
export const personLabel = (user: Pick<UserDirectoryEntry, 'full_name' | 'email'>) => user.full_name || user.email || 'Unnamed user';

/** Every entry of an answer, kept under its id: a person just picked is named without a request of its own. */
function remember(queryClient: QueryClient, entries: UserDirectoryEntry[]) {
  for (const entry of entries) queryClient.setQueryData(directoryKeys.user(entry.id), entry);
}

/**
 * Active users whose name holds `q` (all of them when empty), of the caller's teams or of
 * `teamId`'s members only, DIRECTORY_PAGE_SIZE at a time:
 * `fetchNextPage` reads the next page, so a picker reaches everyone.
 */
export function useDirectorySearch(q: string, options?: ClientOption & { enabled?: boolean; teamId?: string }) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  const query = q.trim().slice(0, SEARCH_MAX);
  const teamId = options?.teamId || undefined;
  return useInfiniteQuery({
    queryKey: directoryKeys.search(query, teamId),
    queryFn: async ({ pageParam, signal }) => {
      const page = unwrap(
        await client.GET('/api/v1/users/directory', {
          params: {
            query: { skip: pageParam, limit: DIRECTORY_PAGE_SIZE, ...(query && { q: query }), ...(teamId && { team_id: teamId }) },
          },
          signal,
        }),
      );
      remember(queryClient, page.data);
      return page;
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const seen = pages.reduce((n, page) => n + page.data.length, 0);
      return last.data.length > 0 && seen < last.count ? seen : undefined;
    },
    enabled: options?.enabled ?? true,
    staleTime: 60_000,
    // Typing keeps the last answer on screen until the new one comes.
    placeholderData: keepPreviousData,
  });
}

/**
 * The names of `ids` as a page shows them, in one request (IDS_PER_REQUEST ids each): a page
 * asks once for everyone it names. `nameOf(id)`: the name, "…" while asked, "Unknown user" for
 * an id no user has; a person a search just found is named at once.
 */
export function useUserNames(ids: readonly string[], options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  const wanted = [...new Set(ids)].sort();
  const names = useQuery({
    queryKey: directoryKeys.names(wanted),
    queryFn: async ({ signal }) => {
      const chunks: string[][] = [];
      for (let i = 0; i < wanted.length; i += IDS_PER_REQUEST) chunks.push(wanted.slice(i, i + IDS_PER_REQUEST));
      const pages = await Promise.all(
        chunks.map(async (id) =>
          unwrap(await client.GET('/api/v1/users/directory', { params: { query: { id, limit: IDS_PER_REQUEST } }, signal })),
        ),
      );
      const entries = pages.flatMap((page) => page.data);
      remember(queryClient, entries);
      return entries;
    },
    enabled: wanted.length > 0,
    staleTime: 60_000,
    // A page that names one more person keeps the names it had while the new set is read.
    placeholderData: keepPreviousData,
  });
  const byId = new Map((names.data ?? []).map((entry) => [entry.id, entry]));
  const nameOf = (id: string) => {
    const entry = byId.get(id) ?? queryClient.getQueryData<UserDirectoryEntry>(directoryKeys.user(id));
    if (entry) return entry.is_active ? personLabel(entry) : `${personLabel(entry)} (deactivated)`;
    return names.isFetching ? '…' : 'Unknown user';
  };
  return { nameOf, loading: wanted.length > 0 && names.isPending };
}
