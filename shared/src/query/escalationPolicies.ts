import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { API_LIMITS } from '../api/limits';
import { integrationKeys } from './integrations';
import { teamsMayHaveChanged } from './teams';

// Escalation policies as their own objects (docs/oncall/escalation-policies.md): levels of
// users, schedules and addresses, reused by many integrations. Every key starts with
// 'escalation-policies'; a change also refreshes the integrations (they show their policy).

export type EscalationPolicyPublic = Schemas['EscalationPolicyPublic'];
export type EscalationPolicyCreate = Schemas['EscalationPolicyCreate'];
export type EscalationPolicyUpdate = Schemas['EscalationPolicyUpdate'];
export type EscalationLevelInput = Schemas['EscalationLevelInput'];

const CREATE = API_LIMITS.EscalationPolicyCreate;
/** The API's bounds on a policy, for the policy form. */
export const POLICY_LIMITS = {
  levels: CREATE.levels.maxItems,
  repeat: CREATE.repeat.maximum,
  maxLevel: CREATE.max_level.maximum,
  minDelay: API_LIMITS.EscalationLevelInput.delay_minutes.minimum,
  maxDelay: API_LIMITS.EscalationLevelInput.delay_minutes.maximum,
} as const;

/** The API's page size limit: a team has far fewer policies. */
const ALL = 100;

export const escalationPolicyKeys = {
  all: ['escalation-policies'] as const,
  /** Every policy of the caller's teams, or of one (`teamId`). */
  list: (teamId?: string) => ['escalation-policies', 'list', ...(teamId ? [{ team: teamId }] : [])] as const,
};

/** Every escalation policy of the caller's teams (or of one: `teamId`), by name. */
export function useEscalationPolicies(options?: ClientOption & { teamId?: string }) {
  const client = useApiClient(options);
  const teamId = options?.teamId;
  return useQuery({
    queryKey: escalationPolicyKeys.list(teamId),
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/escalation-policies/', {
          params: { query: { skip: 0, limit: ALL, ...(teamId && { team_id: teamId }) } },
          signal,
        }),
      ),
  });
}

/** One policy (GET /escalation-policies/{id}), as the caller may read it; no id leaves it idle. */
export function useEscalationPolicy(id: string | null | undefined, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: [...escalationPolicyKeys.all, 'one', id ?? ''],
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/escalation-policies/{id}', { params: { path: { id: id ?? '' } }, signal })),
    enabled: Boolean(id),
  });
}

function usePolicyMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: escalationPolicyKeys.all }),
        queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
      ]),
  });
}

export function useCreateEscalationPolicy(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return usePolicyMutation(async (body: EscalationPolicyCreate) => {
    const created = unwrap(await client.POST('/api/v1/escalation-policies/', { body }));
    await teamsMayHaveChanged(queryClient);
    return created;
  });
}

export function useUpdateEscalationPolicy(options?: ClientOption) {
  const client = useApiClient(options);
  return usePolicyMutation(async ({ id, body }: { id: string; body: EscalationPolicyUpdate }) =>
    unwrap(await client.PATCH('/api/v1/escalation-policies/{id}', { params: { path: { id } }, body })),
  );
}

export function useDeleteEscalationPolicy(options?: ClientOption) {
  const client = useApiClient(options);
  return usePolicyMutation(async (id: string) =>
    unwrap(await client.DELETE('/api/v1/escalation-policies/{id}', { params: { path: { id } } })),
  );
}

/** PATCH /integration/{id} {escalation_policy_id}: the integration takes a policy (null: none, superusers by hand). */
export function useSetIntegrationPolicy(options?: ClientOption) {
  const client = useApiClient(options);
  return usePolicyMutation(async ({ integrationId, policyId }: { integrationId: string; policyId: string | null }) =>
    unwrap(
      await client.PATCH('/api/v1/integration/{id}', { params: { path: { id: integrationId } }, body: { escalation_policy_id: policyId } }),
    ),
  );
}
