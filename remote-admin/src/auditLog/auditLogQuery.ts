import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ClientOption, type paths, type Schemas, unwrap, useApiClient } from '@vigil/shared';

export type AuditEntry = Schemas['AuditEntryPublic'];
export type AuditFilters = NonNullable<paths['/api/v1/audit-log/export']['get']['parameters']['query']>;

/** Entries a page of the console shows. */
export const AUDIT_PAGE_SIZE = 25;

/** The filters as the query sends them: empty fields left out. */
export function sentFilters(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as AuditFilters;
}

/** A page of the audit log (GET /audit-log/, superusers): newest first, older than `before`. */
export function useAuditLog({ filters, before, ...options }: { filters: AuditFilters; before?: string } & ClientOption) {
  const client = useApiClient(options);
  const query = { ...sentFilters(filters), ...(before && { before }), limit: AUDIT_PAGE_SIZE };
  return useQuery({
    queryKey: ['audit-log', query],
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/audit-log/', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** The export of the entries matching `filters`, as the file the server names (JSON lines). */
export async function downloadAuditLog(client: ReturnType<typeof useApiClient>, filters: AuditFilters): Promise<void> {
  const result = await client.GET('/api/v1/audit-log/export', { params: { query: sentFilters(filters) }, parseAs: 'blob' });
  const blob = unwrap(result) as unknown as Blob;
  const name = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-log.jsonl';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
