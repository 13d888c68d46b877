import type { QueryClient } from '@tanstack/react-query';
import { alertActionKeys } from '@vigil/shared';
import type { PublicPageData } from './pageData';

/** The alert the server read goes into the query cache, so the page renders it at once (server and browser alike). */
export function seedQueries(queryClient: QueryClient, data: PublicPageData): void {
  // Under the id as the URL spells it (the page's query key), which may differ in case from the alert's.
  if (data.alert) queryClient.setQueryData(alertActionKeys.alert(data.alertId ?? data.alert.id), data.alert);
}
