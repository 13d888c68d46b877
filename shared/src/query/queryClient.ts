import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

const sessionEnded = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The one query client the shell provides. No retries of 4xx: they will not get better. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}

export { sessionEnded };
