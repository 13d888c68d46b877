import { useQuery } from '@tanstack/react-query';
import { api } from '../api/api';
import type { UserPublic } from '../api/client';
import { unwrap } from '../api/errors';
import { isLoggedIn } from '../session/token';

/** Query key of the signed-in user; profile edits invalidate (or set) it. */
export const CURRENT_USER_KEY = ['currentUser'] as const;

export async function fetchCurrentUser(): Promise<UserPublic> {
  return unwrap(await api.GET('/api/v1/users/me'));
}

/** The signed-in user (spec §7: fetched only when a token exists). */
export function useCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: fetchCurrentUser, enabled: isLoggedIn(), staleTime: 60_000 });
}
