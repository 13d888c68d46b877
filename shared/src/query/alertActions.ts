import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api';
import type { AlertPublic, ApiClient, Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { alertKeys } from './alerts';

/** 'acknowledge' | 'escalate' | 'close', straight from the OpenAPI document. */
export type AlertAction = Schemas['AlertAction'];

export const ALERT_ACTIONS: readonly AlertAction[] = ['acknowledge', 'escalate', 'close'];

export const isAlertAction = (value: unknown): value is AlertAction => ALERT_ACTIONS.includes(value as AlertAction);

/** One alert, read by the public action page (kept apart from the 'alerts' lists of the signed-in console). */
export const alertActionKeys = {
  alert: (id: string) => ['alert', id] as const,
};

/** GET /alert/{id}: public, no login (spec §2 "Public alert-action routes"). */
export const alertQuery = (id: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: alertActionKeys.alert(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/alert/{id}', { params: { path: { id } }, signal })),
  });

/** POST /alert/{action}/{id}: public, no login; answers the alert after the action. */
export async function runAlertAction(action: AlertAction, id: string, client: ApiClient = api): Promise<AlertPublic> {
  const options = { params: { path: { id } } };
  // One literal path per action, so each call stays typed by the generated schema.
  switch (action) {
    case 'acknowledge':
      return unwrap(await client.POST('/api/v1/alert/acknowledge/{id}', options));
    case 'escalate':
      return unwrap(await client.POST('/api/v1/alert/escalate/{id}', options));
    case 'close':
      return unwrap(await client.POST('/api/v1/alert/close/{id}', options));
  }
}

/** The alert of an action page; `id` undefined (no route param) leaves it idle. */
export const useAlert = (id: string | undefined, client?: ApiClient) => useQuery({ ...alertQuery(id ?? '', client), enabled: Boolean(id) });

/**
 * Runs one action on an alert. On success the cached alert takes the answer and the signed-in
 * console's alert lists are refreshed (their State column changed).
 */
export function useAlertAction(client?: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: AlertAction; id: string }) => runAlertAction(action, id, client),
    onSuccess: (alert) => {
      queryClient.setQueryData(alertActionKeys.alert(alert.id), alert);
      return queryClient.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}
