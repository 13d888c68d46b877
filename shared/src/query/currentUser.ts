import { useQuery } from '@tanstack/react-query';
import { api, type ClientOption, useApiClient } from '../api/api';
import type { ApiClient, UserPublic } from '../api/client';
import { unwrap } from '../api/errors';
import { useSession } from '../session/useSession';

/** Query key of the signed-in user; profile edits invalidate (or set) it. */
export const CURRENT_USER_KEY = ['currentUser'] as const;

export async function fetchCurrentUser(client: ApiClient = api): Promise<UserPublic> {
  return unwrap(await client.GET('/api/v1/users/me'));
}

/**
 * The signed-in user (docs/product.md §7.1: fetched only when a token exists). Follows the session: no
 * request once the token is gone, as when the session ended while a page was still mounted.
 */
export function useCurrentUser(options?: ClientOption) {
  const client = useApiClient(options);
  const { token } = useSession();
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: () => fetchCurrentUser(client), enabled: Boolean(token), staleTime: 60_000 });
}
