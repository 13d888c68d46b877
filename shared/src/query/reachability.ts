import { useQuery } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';

// Who a policy or schedule reaches and whether an alert would wake each (docs/oncall/contact-methods.md, "Who can be woken").

export type Reachability = Schemas['Reachability'];
export type PersonReachability = Schemas['PersonReachability'];
export type UnwakeableReason = Schemas['UnwakeableReason'];

/** Under the policy's and the schedule's own keys: a change to either (a level, a rotation, an override) reads it again. */
export const reachabilityKeys = {
  policy: (id: string) => ['escalation-policies', id, 'reachability'] as const,
  schedule: (id: string) => ['schedules', id, 'reachability'] as const,
};

/** Why someone cannot be woken, in a sentence that ends what "<name> cannot be woken: " begins. */
export const UNWAKEABLE_REASON_TEXT: Record<UnwakeableReason, string> = {
  inactive: 'their account is deactivated',
  no_verified_method: 'no verified contact method (only their account email is sent)',
  only_email: 'only email or webhook methods, none that rings a phone',
  provider_missing: 'their SMS or voice method has no provider set up to send it',
  not_in_rules: 'no notification rule uses their SMS, voice or ntfy method',
};

export function usePolicyReachability(policyId: string | undefined, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: reachabilityKeys.policy(policyId ?? ''),
    enabled: Boolean(policyId),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/escalation-policies/{id}/reachability', { params: { path: { id: policyId ?? '' } }, signal })),
  });
}

export function useScheduleReachability(scheduleId: string | undefined, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: reachabilityKeys.schedule(scheduleId ?? ''),
    enabled: Boolean(scheduleId),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/schedules/{id}/reachability', { params: { path: { id: scheduleId ?? '' } }, signal })),
  });
}
