import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ClientOption, useApiClient } from '../api/api';
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

/**
 * The query parameter of a notification link (`/actions/{id}?t=…`) that holds its signed token.
 * The action page sends it with each call in the `X-Vigil-Link-Token` header (never in an API
 * URL, so it stays out of request logs); the API records the link's recipient with each action.
 */
export const LINK_TOKEN_PARAM = 't';

/** The header params of a public alert call: the link token when the page has one. */
const linkHeader = (linkToken: string | null | undefined) => (linkToken ? { header: { 'x-vigil-link-token': linkToken } } : {});

export interface AlertReadOptions extends ClientOption {
  /** The notification link's token (`?t=`), when the page was opened from one. */
  linkToken?: string | null;
}

/** GET /alert/{id}: public, no login (docs/product.md §2.2). */
export const alertQuery = (id: string, { client = api, linkToken }: AlertReadOptions = {}) =>
  queryOptions({
    queryKey: alertActionKeys.alert(id),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/alert/{id}', { params: { path: { id }, ...linkHeader(linkToken) }, signal })),
  });

/** POST /alert/{action}/{id}: public, no login; answers the alert after the action. */
export async function runAlertAction(
  action: AlertAction,
  id: string,
  client: ApiClient = api,
  linkToken?: string | null,
): Promise<AlertPublic> {
  const options = { params: { path: { id }, ...linkHeader(linkToken) } };
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
export const useAlert = (id: string | undefined, options?: AlertReadOptions) =>
  useQuery({ ...alertQuery(id ?? '', { ...options, client: useApiClient(options) }), enabled: Boolean(id) });

/**
 * Runs one action on an alert. On success the cached alert takes the answer and the signed-in
 * console's alert lists are refreshed (their State column changed).
 */
export function useAlertAction(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, linkToken }: { action: AlertAction; id: string; linkToken?: string | null }) =>
      runAlertAction(action, id, client, linkToken),
    onSuccess: (alert) => {
      queryClient.setQueryData(alertActionKeys.alert(alert.id), alert);
      return queryClient.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}
