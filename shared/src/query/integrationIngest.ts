import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api';
import type { ApiClient, IntegrationPublic, Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { integrationKeys } from './integrations';

/**
 * An integration as the create or rotate answer gives it: the ingest URL (with its secret key)
 * is only ever in that one answer, so the console shows it then and never again.
 */
export type IntegrationWithIngest = IntegrationPublic & { ingest_url?: string | null };

/** POST /integration/: a new integration; its answer may carry the ingest URL, shown once. */
export function useCreateIntegration(client: ApiClient = api) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['IntegrationCreate']): Promise<IntegrationWithIngest> =>
      unwrap(await client.POST('/api/v1/integration/', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

export const ingestKeyPath = (id: string) => `/api/v1/integration/${encodeURIComponent(id)}/ingest-key`;

/**
 * POST /integration/{id}/ingest-key → `{ ingest_url }`: a new secret key (the old URL stops
 * working). Not in the generated schema yet (built alongside), so it goes through the same
 * client untyped, here and nowhere else; once the API has it, type it like the other calls.
 */
export function useRotateIngestKey(client: ApiClient = api) {
  return useMutation({
    mutationFn: async (id: string): Promise<{ ingest_url: string }> => {
      const untyped = client as unknown as {
        POST: (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
      };
      return unwrap((await untyped.POST(ingestKeyPath(id), {})) as { data?: { ingest_url: string }; error?: unknown; response: Response });
    },
  });
}

/** A ready-to-paste curl call raising an alert through `url`. */
export const curlExample = (url: string): string =>
  [
    `curl -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"title": "Disk almost full on web-3", "description": "/var is at 95%", "severity": "warning"}'`,
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
export const useIntegration = (id: string | undefined, client: ApiClient = api) =>
  useQuery({
    queryKey: [...integrationKeys.all, 'one', id ?? ''],
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/integration/{id}', { params: { path: { id: id ?? '' } }, signal })),
    enabled: Boolean(id),
  });
