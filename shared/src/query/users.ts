import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { ApiClient, Schemas, UserPublic } from '../api/client';
import { unwrap } from '../api/errors';
import { clearToken, setToken } from '../session/token';
import { skipOf } from '../ui/usePageParam';
import { CURRENT_USER_KEY } from './currentUser';

/** Spec §9: the users list shows 5 rows a page. */
export const USERS_PAGE_SIZE = 5;

export const usersKeys = {
  all: ['users'] as const,
  page: (page: number) => ['users', { page }] as const,
};

export type UserCreate = Schemas['UserCreate'];
export type UserUpdate = Schemas['UserUpdate'];
export type UserUpdateMe = Schemas['UserUpdateMe'];
export type UpdatePassword = Schemas['UpdatePassword'];

/** One page of users, oldest first (GET /users/, superuser only). */
export function useUsers({ page, ...options }: { page: number } & ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: usersKeys.page(page),
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/users/', {
          params: { query: { skip: skipOf(page, USERS_PAGE_SIZE), limit: USERS_PAGE_SIZE } },
          signal,
        }),
      ),
    // Paging keeps the previous rows on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

/** What a change to a user can make stale: the users list, and the top bar / settings if it is oneself. */
function refreshUsers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  ]);
}

export function useCreateUser(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserCreate) => unwrap(await client.POST('/api/v1/users/', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

/**
 * Admin edit of another user. An empty password is left out of the PATCH: the server then
 * keeps the current one (docs/product.md §5.5).
 */
export function useUpdateUser(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UserUpdate }) => {
      const { password, ...rest } = body;
      const sent: UserUpdate = password ? { ...rest, password } : rest;
      return unwrap(await client.PATCH('/api/v1/users/{user_id}', { params: { path: { user_id: id } }, body: sent }));
    },
    onSuccess: () => refreshUsers(queryClient),
  });
}

export function useDeleteUser(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/api/v1/users/{user_id}', { params: { path: { user_id: id } } })),
    // The server deletes the user's alerts and integrations too: a superuser's lists change.
    // Refreshed on failure as well: a 404 means someone else deleted the user already.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['alerts'] }),
        queryClient.invalidateQueries({ queryKey: ['integrations'] }),
      ]),
  });
}

/** PATCH /users/me with the profile form (full name, email). */
export function useUpdateMe(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserUpdateMe) => unwrap(await client.PATCH('/api/v1/users/me', { body })),
    onSuccess: (user) => {
      queryClient.setQueryData<UserPublic>(CURRENT_USER_KEY, user);
      return refreshUsers(queryClient);
    },
  });
}

/** POST /login/access-token (form-encoded username + password) → the new token. */
async function requestAccessToken(client: ApiClient, email: string, password: string): Promise<string> {
  const token = unwrap(
    await client.POST('/api/v1/login/access-token', {
      body: { username: email, password },
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  );
  return token.access_token;
}

/**
 * Changes the signed-in user's password. The server then voids every older token (a 401 would
 * end the session), so a fresh token is fetched with the new password and stored at once:
 * the user stays signed in.
 */
export function useUpdatePassword(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePassword) => {
      // The email is needed to sign in again; read it before the old token stops working.
      const email = queryClient.getQueryData<UserPublic>(CURRENT_USER_KEY)?.email ?? unwrap(await client.GET('/api/v1/users/me', {})).email;
      const result = unwrap(await client.PATCH('/api/v1/users/me/password', { body }));
      setToken(await requestAccessToken(client, email, body.new_password));
      return result;
    },
  });
}

/** DELETE /users/me. On success the session ends here: the token and every cached answer go. */
export function useDeleteMe(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.DELETE('/api/v1/users/me', {})),
    onSuccess: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
