import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { API_LIMITS } from '../api/limits';

// Maintenance windows (docs/oncall/maintenance.md): a team's planned work, during which the
// alerts it matches are stored silenced. Keys start with 'alerts' so a change of alerts
// (useAlertChanges) refreshes the counts of silenced alerts too.

export type MaintenanceWindowPublic = Schemas['MaintenanceWindowPublic'];
export type MaintenanceWindowCreate = Schemas['MaintenanceWindowCreate'];
export type MaintenanceWindowUpdate = Schemas['MaintenanceWindowUpdate'];
export type Matcher = Schemas['Matcher'];
export type MatchOperator = Schemas['MatchOperator'];

/** The API's bounds on a window, for the form. */
export const MAINTENANCE_LIMITS = {
  name: API_LIMITS.MaintenanceWindowCreate.name.maxLength,
  matchers: API_LIMITS.MaintenanceWindowCreate.matchers.maxItems,
  value: API_LIMITS.Matcher.value.maxLength,
} as const;

/** A window in progress is seen ending (and a next one starting) within this. */
const ACTIVE_REFRESH_MS = 60_000;

export const maintenanceKeys = {
  all: ['alerts', 'maintenance'] as const,
  forIntegration: (integrationId: string) => ['alerts', 'maintenance', 'integration', integrationId] as const,
  active: (teamId?: string) => ['alerts', 'maintenance', 'active', ...(teamId ? [{ team: teamId }] : [])] as const,
};

/** The windows that apply to an integration: its own and its team's whole-team ones, newest first (the first 100). */
export function useIntegrationMaintenance(integrationId: string | undefined, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: maintenanceKeys.forIntegration(integrationId ?? ''),
    queryFn: async ({ signal }) =>
      unwrap(
        await client.GET('/api/v1/maintenance-windows/', {
          params: { query: { integration_id: integrationId ?? '', skip: 0, limit: 100 } },
          signal,
        }),
      ),
    enabled: Boolean(integrationId),
    refetchInterval: ACTIVE_REFRESH_MS,
  });
}

/** The dashboard's card: windows of the caller's teams (or one team's) in progress now, ending first first. */
export function useActiveMaintenance(options?: ClientOption & { teamId?: string }) {
  const client = useApiClient(options);
  const teamId = options?.teamId;
  return useQuery({
    queryKey: maintenanceKeys.active(teamId),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/maintenance-windows/active', { params: { query: { ...(teamId && { team_id: teamId }) } }, signal })),
    refetchInterval: ACTIVE_REFRESH_MS,
  });
}

function useMaintenanceMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}

export function useCreateMaintenanceWindow(options?: ClientOption) {
  const client = useApiClient(options);
  return useMaintenanceMutation(async (body: MaintenanceWindowCreate) =>
    unwrap(await client.POST('/api/v1/maintenance-windows/', { body })),
  );
}

export function useUpdateMaintenanceWindow(options?: ClientOption) {
  const client = useApiClient(options);
  return useMaintenanceMutation(async ({ id, body }: { id: string; body: MaintenanceWindowUpdate }) =>
    unwrap(await client.PATCH('/api/v1/maintenance-windows/{id}', { params: { path: { id } }, body })),
  );
}

/** Ends the occurrence in progress now: its silenced alerts page at the next sweep. */
export function useEndMaintenanceWindow(options?: ClientOption) {
  const client = useApiClient(options);
  return useMaintenanceMutation(async (id: string) =>
    unwrap(await client.POST('/api/v1/maintenance-windows/{id}/end', { params: { path: { id } } })),
  );
}

export function useDeleteMaintenanceWindow(options?: ClientOption) {
  const client = useApiClient(options);
  return useMaintenanceMutation(async (id: string) =>
    unwrap(await client.DELETE('/api/v1/maintenance-windows/{id}', { params: { path: { id } } })),
  );
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A window's plan in words: "Sun 01:00–04:00 (Europe/Berlin), until 2027-06-30" or its one-off span in the reader's zone. */
export function describeMaintenance(window: MaintenanceWindowPublic): string {
  if (window.kind === 'one_off') {
    const at = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
    return `${at(window.starts_at)} – ${at(window.ends_at)}`;
  }
  const days = (window.days ?? []).map((day) => WEEKDAYS[day - 1]).join(', ');
  const until = window.ends_on ? `, until ${window.ends_on}` : '';
  return `Weekly, ${days} ${window.start_time}–${window.end_time} (${window.time_zone})${until}`;
}
