import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ClientOption, useApiClient } from '../api/api';
import type { ApiClient, Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { alertActionKeys } from './alertActions';
import { alertKeys } from './alerts';
import { teamsMayHaveChanged } from './teams';

export type AlertBulkActionName = Schemas['AlertBulkActionName'];
export type AlertBulkResult = Schemas['AlertBulkResult'];
export type AlertEventPublic = Schemas['AlertEventPublic'];
export type AlertStats = Schemas['AlertStats'];
export type AlertCreate = Schemas['AlertCreate'];

/** Under 'alerts', so every alert change (bulk, delete, live update) refreshes them too. */
export const alertTriageKeys = {
  stats: ['alerts', 'stats'] as const,
  events: (id: string) => ['alerts', 'events', id] as const,
};

/** GET /alert/stats: open alerts by severity, MTTA and MTTR of the last `window_days`, of one team when given. */
export const alertStatsQuery = (client: ApiClient = api, teamId?: string) =>
  queryOptions({
    queryKey: teamId ? ([...alertTriageKeys.stats, { team: teamId }] as const) : alertTriageKeys.stats,
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/alert/stats', { params: { query: teamId ? { team_id: teamId } : {} }, signal })),
  });

export const useAlertStats = (options?: ClientOption & { teamId?: string }) =>
  useQuery(alertStatsQuery(useApiClient(options), options?.teamId));

/** GET /alert/{id}/events: the alert's history, oldest first. `id` undefined leaves it idle. */
export function useAlertEvents(id: string | undefined, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: alertTriageKeys.events(id ?? ''),
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/alert/{id}/events', { params: { path: { id: id ?? '' } }, signal })),
    enabled: Boolean(id),
  });
}

/** POST /alert/bulk: one outcome per id; the lists, counts and stats are refreshed whatever the answer. */
export function useBulkAlertAction(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { action: AlertBulkActionName; ids: string[] }) => unwrap(await client.POST('/api/v1/alert/bulk', { body })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: alertKeys.all }), queryClient.invalidateQueries({ queryKey: ['alert'] })]),
  });
}

/** POST /alert/: a manual alert (open; its owner gets the action link by email). */
export function useCreateAlert(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AlertCreate) => unwrap(await client.POST('/api/v1/alert/', { body })),
    onSuccess: (alert) => {
      queryClient.setQueryData(alertActionKeys.alert(alert.id), alert);
      return Promise.all([queryClient.invalidateQueries({ queryKey: alertKeys.all }), teamsMayHaveChanged(queryClient)]);
    },
  });
}

const PAST: Record<AlertBulkActionName, string> = { acknowledge: 'acknowledged', close: 'closed' };
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/**
 * The toast of a bulk action: "2 alerts acknowledged, 1 already closed, 1 not found".
 * `unchanged` items were in the target state already; `conflict` ones were in a state the
 * action cannot leave (e.g. acknowledging a closed alert): both read "already <their state>".
 */
export function bulkOutcomeSummary(action: AlertBulkActionName, result: AlertBulkResult): string {
  const parts: string[] = [];
  const changed = result.results.filter((item) => item.outcome === 'changed').length;
  parts.push(`${plural(changed, 'alert')} ${PAST[action]}`);
  const already = new Map<string, number>();
  for (const item of result.results) {
    if ((item.outcome === 'unchanged' || item.outcome === 'conflict') && item.state) {
      already.set(item.state, (already.get(item.state) ?? 0) + 1);
    }
  }
  for (const [state, n] of already) parts.push(`${n} already ${state}`);
  const missing = result.results.filter((item) => item.outcome === 'not_found').length;
  if (missing) parts.push(`${missing} not found`);
  return parts.join(', ');
}
