import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { API_LIMITS } from '../api/limits';
import { integrationKeys } from './integrations';

// An integration's routing rules (docs/oncall/routing.md): read, replaced whole, tried on its
// last alerts, and the events they dropped. Under the integrations' keys, so a change to the
// integration (or its policy) refreshes them too.

export type RoutingRule = Schemas['RoutingRulePublic'];
export type RoutingRuleInput = Schemas['RoutingRuleInput'];
export type RoutingMatcher = Schemas['Matcher'];
export type RoutingTestRequest = Schemas['RoutingTestRequest'];
export type RoutingTestResult = Schemas['RoutingTestResult'];
export type RoutingDrop = Schemas['RoutingDropPublic'];

/** The API's bounds on a rule list, for the editor. */
export const ROUTING_LIMITS = {
  rules: API_LIMITS.RoutingRulesUpdate.rules.maxItems,
  matchers: API_LIMITS.RoutingRuleInput.matchers.maxItems,
  name: API_LIMITS.RoutingRuleInput.name.maxLength,
} as const;

export const ROUTING_DROPS_PAGE_SIZE = 10;

export const routingKeys = {
  rules: (integrationId: string) => [...integrationKeys.all, integrationId, 'routing-rules'] as const,
  drops: (integrationId: string, page?: number) =>
    [...integrationKeys.all, integrationId, 'routing-drops', ...(page === undefined ? [] : [page])] as const,
};

/** GET /integration/{id}/routing-rules: the rules in order (an empty id leaves it idle). */
export function useRoutingRules(integrationId: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: routingKeys.rules(integrationId),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/integration/{id}/routing-rules', { params: { path: { id: integrationId } }, signal })),
    enabled: Boolean(integrationId),
  });
}

/**
 * PUT /integration/{id}/routing-rules: the whole ordered list (a 422 names the rule). Its
 * contacts may change with the policies routed to, so the integration's keys are refreshed.
 */
export function useSaveRoutingRules(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ integrationId, rules }: { integrationId: string; rules: RoutingRuleInput[] }) =>
      unwrap(await client.PUT('/api/v1/integration/{id}/routing-rules', { params: { path: { id: integrationId } }, body: { rules } })),
    onSuccess: (saved, { integrationId }) => {
      queryClient.setQueryData(routingKeys.rules(integrationId), saved);
      return queryClient.invalidateQueries({ queryKey: [...integrationKeys.all, integrationId] });
    },
  });
}

/** POST /integration/{id}/routing-rules/test: what the rules (the drafts, or the saved ones) decide; changes nothing. */
export function useTestRoutingRules(options?: ClientOption) {
  const client = useApiClient(options);
  return useMutation({
    mutationFn: async ({ integrationId, ...body }: RoutingTestRequest & { integrationId: string }) =>
      unwrap(await client.POST('/api/v1/integration/{id}/routing-rules/test', { params: { path: { id: integrationId } }, body })),
  });
}

/** GET /integration/{id}/routing-drops: the events rules dropped, newest first, a page at a time. */
export function useRoutingDrops(integrationId: string, page: number, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: routingKeys.drops(integrationId, page),
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/integration/{id}/routing-drops', {
          params: { path: { id: integrationId }, query: { skip: (page - 1) * ROUTING_DROPS_PAGE_SIZE, limit: ROUTING_DROPS_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
