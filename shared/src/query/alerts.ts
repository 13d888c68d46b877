import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ClientOption, useApiClient } from '../api/api';
import type { ApiClient } from '../api/client';
import { unwrap } from '../api/errors';
import { skipOf } from '../ui/usePageParam';
import { type AlertFilters, hasAlertFilters, NO_ALERT_FILTERS } from './alertFilters';

/** Spec §9: the alerts list shows 10 per page. */
export const ALERTS_PAGE_SIZE = 10;

/** Every alerts query starts with 'alerts', so invalidating `alertKeys.all` refreshes lists and counts. */
export const alertKeys = {
  all: ['alerts'] as const,
  /** A page of the list; filters and the team join the key only when set, so the unfiltered key stays `['alerts', { page }]`. */
  page: (page: number, filters: AlertFilters = NO_ALERT_FILTERS, teamId?: string) =>
    ['alerts', { page, ...(hasAlertFilters(filters) && filters), ...(teamId && { team: teamId }) }] as const,
  count: ['alerts', 'count'] as const,
};

export interface AlertsPageOptions extends ClientOption {
  page: number;
  filters?: AlertFilters;
  /** One of the caller's teams (`?team_id=`); all of them when absent. */
  teamId?: string;
}

/** One page of the caller's alerts (GET /alert/?skip&limit&state&severity&q&team_id), newest first; `count` counts the filtered list. */
export const alertsQuery = ({ page, filters = NO_ALERT_FILTERS, teamId }: AlertsPageOptions, client: ApiClient = api) =>
  queryOptions({
    queryKey: alertKeys.page(page, filters, teamId),
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/alert/', {
          params: {
            query: {
              skip: skipOf(page, ALERTS_PAGE_SIZE),
              limit: ALERTS_PAGE_SIZE,
              ...(filters.state.length > 0 && { state: filters.state }),
              ...(filters.severity.length > 0 && { severity: filters.severity }),
              ...(filters.q && { q: filters.q }),
              ...(teamId && { team_id: teamId }),
            },
          },
          signal,
        }),
      ),
  });

/** The dashboard's count (docs/product.md §9: a request with limit 1, reading `count`), of one team when given. */
export const alertsCountQuery = (client: ApiClient = api, teamId?: string) =>
  queryOptions({
    queryKey: teamId ? ([...alertKeys.count, { team: teamId }] as const) : alertKeys.count,
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/alert/', { params: { query: { skip: 0, limit: 1, ...(teamId && { team_id: teamId }) } }, signal }))
        .count,
  });

export function deleteAlert(id: string, client: ApiClient = api) {
  return client.DELETE('/api/v1/alert/{id}', { params: { path: { id } } }).then((result) => unwrap(result));
}

/** A page of alerts; the previous page stays on screen while the next one loads. */
export const useAlerts = (options: AlertsPageOptions) =>
  useQuery({ ...alertsQuery(options, useApiClient(options)), placeholderData: keepPreviousData });

export const useAlertsCount = (options?: ClientOption & { teamId?: string }) =>
  useQuery(alertsCountQuery(useApiClient(options), options?.teamId));

/** Deletes an alert by id, then refreshes every alerts list and the count, whatever the outcome (a 404 means it is gone already). */
export function useDeleteAlert(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAlert(id, client),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
