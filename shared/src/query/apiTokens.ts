import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';

// The signed-in user's API tokens (docs/api/tokens.md). The list is short (at most 50 live and
// 50 dead a user): one page of 100 holds it.

export type ApiTokenPublic = Schemas['ApiTokenPublic'];
export type ApiTokenCreated = Schemas['ApiTokenCreated'];
export type ApiTokenCreate = Schemas['ApiTokenCreate'];
export type TokenScope = Schemas['TokenScope'];

export const apiTokenKeys = { all: ['api-tokens'] as const };

export function useApiTokens(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: apiTokenKeys.all,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/tokens/', { params: { query: { limit: 100 } }, signal })),
  });
}

/** The answer carries the token's secret: shown this once. */
export function useCreateApiToken(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApiTokenCreate) => unwrap(await client.POST('/api/v1/tokens/', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/api/v1/tokens/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
