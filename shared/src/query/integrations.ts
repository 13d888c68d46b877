import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ClientOption, useApiClient } from '../api/api';
import type { ApiClient } from '../api/client';
import { unwrap } from '../api/errors';
import { skipOf } from '../ui/usePageParam';
import { alertKeys } from './alerts';

/** Spec §9: the integrations list shows 5 per page. */
export const INTEGRATIONS_PAGE_SIZE = 5;

/** Every integrations query starts with 'integrations', so invalidating `integrationKeys.all` refreshes lists and counts. */
export const integrationKeys = {
  all: ['integrations'] as const,
  page: (page: number, teamId?: string) => ['integrations', { page, ...(teamId && { team: teamId }) }] as const,
  count: ['integrations', 'count'] as const,
};

/** One page of the caller's integrations (GET /integration/?skip&limit), of one of their teams (`teamId`) or all. */
export const integrationsQuery = (page: number, client: ApiClient = api, teamId?: string) =>
  queryOptions({
    queryKey: integrationKeys.page(page, teamId),
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/integration/', {
          params: {
            query: { skip: skipOf(page, INTEGRATIONS_PAGE_SIZE), limit: INTEGRATIONS_PAGE_SIZE, ...(teamId && { team_id: teamId }) },
          },
          signal,
        }),
      ),
  });

/** The dashboard's count (docs/product.md §9: a request with limit 1, reading `count`), of one team when given. */
export const integrationsCountQuery = (client: ApiClient = api, teamId?: string) =>
  queryOptions({
    queryKey: teamId ? ([...integrationKeys.count, { team: teamId }] as const) : integrationKeys.count,
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/integration/', { params: { query: { skip: 0, limit: 1, ...(teamId && { team_id: teamId }) } }, signal }),
      ).count,
  });

export function deleteIntegration(id: string, client: ApiClient = api) {
  return client.DELETE('/api/v1/integration/{id}', { params: { path: { id } } }).then((result) => unwrap(result));
}

/** A page of integrations; the previous page stays on screen while the next one loads. */
export const useIntegrations = (options: { page: number; teamId?: string } & ClientOption) =>
  useQuery({ ...integrationsQuery(options.page, useApiClient(options), options.teamId), placeholderData: keepPreviousData });

export const useIntegrationsCount = (options?: ClientOption & { teamId?: string }) =>
  useQuery(integrationsCountQuery(useApiClient(options), options?.teamId));

/** Deletes an integration by id, then refreshes every integrations list and the count, whatever the outcome. */
export function useDeleteIntegration(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteIntegration(id, client),
    // Deleting an integration may change the alerts tied to it: refresh those too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]),
  });
}
