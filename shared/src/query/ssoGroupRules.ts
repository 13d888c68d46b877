import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';

// Single sign-on's group rules (docs/api/single-sign-on.md, "Groups to teams"): superusers only.

export type SsoGroupRule = Schemas['SsoGroupRule'];
export type SsoGroupRuleCreate = Schemas['SsoGroupRuleCreate'];

export const ssoGroupRuleKeys = { all: ['sso-group-rules'] as const };

export function useSsoGroupRules(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: ssoGroupRuleKeys.all,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/sso/group-rules', { signal })),
  });
}

function useRuleMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoGroupRuleKeys.all }) });
}

export function useCreateSsoGroupRule(options?: ClientOption) {
  const client = useApiClient(options);
  return useRuleMutation(async (body: SsoGroupRuleCreate) => unwrap(await client.POST('/api/v1/sso/group-rules', { body })));
}

export function useDeleteSsoGroupRule(options?: ClientOption) {
  const client = useApiClient(options);
  return useRuleMutation(async (id: string) => unwrap(await client.DELETE('/api/v1/sso/group-rules/{id}', { params: { path: { id } } })));
}
