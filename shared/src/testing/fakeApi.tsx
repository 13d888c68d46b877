import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createApiClient } from '../api/client';
import { TOASTER_ID } from '../ui/notify';

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
}

/**
 * What a test gives `vi.mock('../../../shared/src/api/api', …)`: the real client and hooks,
 * with a fake server behind fetch: `respond` sees each request (parsed) and answers it.
 */
export function fakeApiModule(respond: (request: SentRequest) => FakeAnswer) {
  return {
    api: createApiClient({
      baseUrl: 'http://api.test',
      getToken: () => 'token',
      fetch: async (request: Request) => {
        const text = await request.text();
        const answer = respond({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
        return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
      },
    }),
  };
}

/** The providers the shell gives a remote's page: react-query (no retries), Fluent and the toaster. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <FluentProvider theme={webLightTheme}>
        {ui}
        <Toaster toasterId={TOASTER_ID} />
      </FluentProvider>
    </QueryClientProvider>,
  );
}
