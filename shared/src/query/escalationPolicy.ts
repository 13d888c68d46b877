import { useQuery } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { alertTriageKeys } from './alertTriage';

export type NotificationPublic = Schemas['NotificationPublic'];

/** Addresses as typed: separated by commas, semicolons, spaces or new lines. */
export const parseContacts = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

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
