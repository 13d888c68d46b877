import type { QueryClient } from '@tanstack/react-query';
import { alertActionKeys } from '@vigil/shared';
import type { PublicPageData } from './pageData';

/** The alert the server read goes into the query cache, so the page renders it at once (server and browser alike). */
export function seedQueries(queryClient: QueryClient, data: PublicPageData): void {
  if (data.alert) queryClient.setQueryData(alertActionKeys.alert(data.alert.id), data.alert);
}
