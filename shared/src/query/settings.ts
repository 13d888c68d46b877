import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';

export type SettingsPublic = Schemas['SettingsPublic'];
export type SettingsUpdate = Schemas['SettingsUpdate'];

export const settingsKeys = { all: ['settings'] as const };

/**
 * The run-time settings (GET /settings/, superusers only). `enabled` must be false for anyone
 * else: their 403 would end the session (docs/product.md §4.2).
 */
export function useAppSettings({ enabled, ...options }: { enabled: boolean } & ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/settings/', { signal })),
    enabled,
  });
}

/** PATCH /settings/: the answer replaces the cached settings. */
export function useUpdateAppSettings(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SettingsUpdate) => unwrap(await client.PATCH('/api/v1/settings/', { body })),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}
