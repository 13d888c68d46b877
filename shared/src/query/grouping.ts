import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { API_LIMITS } from '../api/limits';
import { alertTriageKeys } from './alertTriage';
import { integrationKeys } from './integrations';

// Grouping (docs/oncall/grouping.md): an integration's group labels and window, and the
// occurrences a group alert absorbed.

export type AlertOccurrencePublic = Schemas['AlertOccurrencePublic'];

const UPDATE = API_LIMITS.IntegrationUpdate;
/** The API's bounds on an integration's grouping, for its form. */
export const GROUPING_LIMITS = {
  labels: UPDATE.group_by.maxItems,
  labelLength: UPDATE.group_by.items.maxLength,
  minWindow: UPDATE.group_window_minutes.minimum,
  maxWindow: UPDATE.group_window_minutes.maximum,
} as const;

/** The API's page size: a group alert lists up to 1,000 occurrences, read a page at a time. */
export const OCCURRENCES_PAGE_SIZE = 100;

/** GET /alert/{id}/occurrences: one page (from 0) of a group alert's occurrences, oldest first. `id` undefined leaves it idle. */
export function useAlertOccurrences(id: string | undefined, page = 0, options?: ClientOption & { enabled?: boolean }) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: [...alertTriageKeys.events(id ?? ''), 'occurrences', page],
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/alert/{id}/occurrences', {
          params: { path: { id: id ?? '' }, query: { skip: page * OCCURRENCES_PAGE_SIZE, limit: OCCURRENCES_PAGE_SIZE } },
          signal,
        }),
      ),
    enabled: Boolean(id) && (options?.enabled ?? true),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /integration/{id} {group_by, group_window_minutes}: the integration's grouping (group_by [] ends it). */
export function useSetIntegrationGrouping(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ integrationId, ...body }: { integrationId: string; group_by: string[]; group_window_minutes: number }) =>
      unwrap(await client.PATCH('/api/v1/integration/{id}', { params: { path: { id: integrationId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
