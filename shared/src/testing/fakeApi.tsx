import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiClientContext } from '../api/api';
import { createApiClient, sentToken } from '../api/client';
import { getToken, sessionRefused } from '../session/token';
import { TOASTER_ID } from '../ui/notify';

/** A request as the fake server sees it: its JSON body parsed (a form body stays text). */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
}

/** Answers each request (and, for its URL's query, the request as sent), at once or later; nothing (undefined) is a 404 'Not Found'. */
export type FakeServer = (request: SentRequest, sentAs: Request) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

export const FAKE_API_BASE = 'http://api.test';

export interface FakeApiOptions {
  /**
   * The bearer token: a fixed one ('token' by default), none (null, the public pages), or
   * 'stored': the session's stored token, with a refused one ending the session, as the console's client does.
   */
  token?: string | null | 'stored';
}

const parsed = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A query client for one test: no retries, so an error answer shows at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * The one fake API of the console's tests: the real client (openapi-fetch with our middleware)
 * and the real hooks, over a fake server behind fetch. Hooks and components reach it through the
 * providers (`wrapper`, `render`): no module is mocked. `sent` lists each request as parsed,
 * `requests` each as sent (URL with its query, headers).
 */
export function fakeApi(server: FakeServer | FakeAnswer = () => undefined, { token = 'token' }: FakeApiOptions = {}) {
  const sent: SentRequest[] = [];
  const requests: Request[] = [];
  const client = createApiClient({
    baseUrl: FAKE_API_BASE,
    getToken: token === 'stored' ? getToken : () => token,
    ...(token === 'stored' && { onUnauthorized: (_response: Response, request: Request) => sessionRefused(sentToken(request)) }),
    fetch: async (request: Request) => {
      const sentAs = request.clone();
      requests.push(sentAs);
      const seen = { method: request.method, path: new URL(request.url).pathname, body: parsed(await request.text()) };
      sent.push(seen);
      const answer = (typeof server === 'function' ? await server(seen, sentAs) : server) ?? { status: 404, body: { detail: 'Not Found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    },
  });

  /** What hooks need: react-query and this client. */
  const dataProviders =
    (queryClient: QueryClient) =>
    ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>
      </QueryClientProvider>
    );

  return {
    client,
    sent,
    requests,
    /** For `renderHook`: a fresh query client each call, and the wrapper that provides it. */
    setup(queryClient = testQueryClient()) {
      return { queryClient, wrapper: dataProviders(queryClient) };
    },
    /** Renders `ui` inside the providers the shell gives a remote's page: those, Fluent and the toaster. */
    render(ui: ReactNode, queryClient = testQueryClient()) {
      const Data = dataProviders(queryClient);
      return {
        queryClient,
        ...render(
          <Data>
            <FluentProvider theme={webLightTheme}>
              {ui}
              <Toaster toasterId={TOASTER_ID} />
            </FluentProvider>
          </Data>,
        ),
      };
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
