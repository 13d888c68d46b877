import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { API_LIMITS } from '../api/limits';
import { EMAIL_PATTERN } from '../validation/rules';
import { alertTriageKeys } from './alertTriage';
import { integrationKeys } from './integrations';

export type EscalationPolicy = Schemas['EscalationPolicy'];
export type NotificationPublic = Schemas['NotificationPublic'];

const POLICY = API_LIMITS.EscalationPolicy;
/** The API's limits: levels, contacts per level, delay in minutes. */
export const ESCALATION_LIMITS = {
  levels: POLICY.contacts.maxItems,
  contactsPerLevel: POLICY.contacts.items.maxItems,
  minMinutes: POLICY.escalate_after_minutes.minimum,
  maxMinutes: POLICY.escalate_after_minutes.maximum,
} as const;

/** One level's contacts as typed: addresses separated by commas, semicolons, spaces or new lines. */
export const parseContacts = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** What is wrong with one level's contacts as typed, in words; undefined when they are fine. */
export function contactsProblem(text: string): string | undefined {
  const addresses = parseContacts(text);
  if (addresses.length === 0) return 'Add at least one address, or remove the level';
  const bad = addresses.find((a) => !EMAIL_PATTERN.test(a));
  if (bad) return `Not an email address: ${bad}`;
  if (addresses.length > ESCALATION_LIMITS.contactsPerLevel) return `At most ${ESCALATION_LIMITS.contactsPerLevel} addresses per level`;
  return undefined;
}

/** PUT /integration/{id}/escalation-policy; the integration's queries are refreshed after. */
export function useSetEscalationPolicy(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, policy }: { id: string; policy: EscalationPolicy }) =>
      unwrap(await client.PUT('/api/v1/integration/{id}/escalation-policy', { params: { path: { id } }, body: policy })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** GET /alert/{id}/notifications: the emails an alert caused and how each went. `id` undefined leaves it idle. */
export function useAlertNotifications(id: string | undefined, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: [...alertTriageKeys.events(id ?? ''), 'notifications'],
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/alert/{id}/notifications', { params: { path: { id: id ?? '' } }, signal })),
    enabled: Boolean(id),
    // Emails leave within seconds of the change: follow them while any is on its way.
    refetchInterval: (query) => (query.state.data?.data.some((n) => n.status === 'pending') ? 2000 : false),
  });
}
