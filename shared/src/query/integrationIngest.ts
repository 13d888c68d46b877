import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { IntegrationPublic, Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { integrationKeys } from './integrations';
import { teamsMayHaveChanged } from './teams';

/**
 * An integration as the create or rotate answer gives it: the ingest URL (with its secret key)
 * is only ever in that one answer, so the console shows it then and never again.
 */
export type IntegrationWithIngest = IntegrationPublic & { ingest_url?: string | null };
// The create answer is Schemas['IntegrationCreated'] (ingest_url always set); the detail view
// also shows integrations read later, which carry none.

/** POST /integration/: a new integration; its answer may carry the ingest URL, shown once. */
export function useCreateIntegration(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['IntegrationCreate']): Promise<IntegrationWithIngest> =>
      unwrap(await client.POST('/api/v1/integration/', { body })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: integrationKeys.all }), teamsMayHaveChanged(queryClient)]),
  });
}

/**
 * POST /integration/{id}/ingest-key → a new secret key and its URL, answered this once (the
 * old URL stops working at once).
 */
export function useRotateIngestKey(options?: ClientOption) {
  const client = useApiClient(options);
  return useMutation({
    mutationFn: async (id: string): Promise<Schemas['IngestKey']> =>
      unwrap(await client.POST('/api/v1/integration/{id}/ingest-key', { params: { path: { id } } })),
  });
}

/** A ready-to-paste curl call raising an alert through `url`. */
export const curlExample = (url: string): string =>
  [
    `curl -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"action": "trigger", "title": "Disk almost full on web-3", "description": "/var is at 95%", "severity": "warning", "dedup_key": "web-3/disk"}'`,
  ].join('\n');

/** The Alertmanager receiver (alertmanager.yml) sending its notifications to `url`. */
export const alertmanagerExample = (url: string): string =>
  [
    'receivers:',
    '  - name: vigil',
    '    webhook_configs:',
    `      - url: '${url}'`,
    '        send_resolved: true',
    'route:',
    '  receiver: vigil',
  ].join('\n');

/** GET /integration/{id}: one integration (owner or superuser). `id` undefined leaves it idle. */
export function useIntegration(id: string | undefined, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: [...integrationKeys.all, 'one', id ?? ''],
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/integration/{id}', { params: { path: { id: id ?? '' } }, signal })),
    enabled: Boolean(id),
  });
}
