import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, sentToken } from './client';
import { ApiError, errorText, REQUEST_ABORTED } from './errors';

const BASE = 'http://api.test';

function recordingFetch(status = 200, body: unknown = {}) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { requests, fetch };
}

describe('createApiClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the stored token as a bearer header on each request, and none without a token', async () => {
    let token: string | null = 'abc.def.ghi';
    const { requests, fetch } = recordingFetch(200, { data: [], count: 0 });
    const client = createApiClient({ baseUrl: BASE, getToken: () => token, fetch });
    await client.GET('/api/v1/alert/', { params: { query: { skip: 0, limit: 10 } } });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer abc.def.ghi');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/?skip=0&limit=10`);
    expect(requests[0]?.headers.get('accept')).toBe('application/json');
    token = null;
    await client.GET('/api/v1/alert/', {});
    expect(requests[1]?.headers.get('authorization')).toBeNull();
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN', async () => {
    vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=xsrf%20value' });
    const { requests, fetch } = recordingFetch();
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetch });
    await client.POST('/api/v1/login/test-token', {});
    expect(requests[0]?.headers.get('x-xsrf-token')).toBe('xsrf value');
  });

  it.each([401, 403])('calls onUnauthorized on a %i answer', async (status) => {
    const onUnauthorized = vi.fn();
    const { fetch } = recordingFetch(status, { detail: 'Could not validate credentials' });
    const client = createApiClient({ baseUrl: BASE, getToken: () => 't', fetch, onUnauthorized });
    const { error } = await client.GET('/api/v1/users/me', {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // With the request as sent: the session ends only if its token is still the stored one.
    const [response, request] = onUnauthorized.mock.calls[0] as [Response, Request];
    expect(response.status).toBe(status);
    expect(sentToken(request)).toBe('t');
    expect(error).toEqual({ detail: 'Could not validate credentials' });
  });

  it('does not end the session on other errors', async () => {
    const onUnauthorized = vi.fn();
    const { fetch } = recordingFetch(400, { detail: 'Incorrect email or password' });
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetch, onUnauthorized });
    await client.POST('/api/v1/login/access-token', { body: { username: 'a', password: 'b' } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('a cancelled request', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("fails as the API error with the text 'Request aborted' (docs/product.md §8.2)", async () => {
    // A real HTTP server that receives the request and never answers it, so only the abort ends it.
    let received: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    server = createServer(() => received());
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => 't',
      onUnauthorized,
      fetch: (request) => globalThis.fetch(request),
    });

    const controller = new AbortController();
    const call = client.GET('/api/v1/alert/', { params: { query: { skip: 0, limit: 10 } }, signal: controller.signal });
    await arrived;
    controller.abort();

    const error = await call.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: REQUEST_ABORTED, statusText: 'Request aborted', status: 0 });
    expect((error as ApiError).url).toBe(`http://127.0.0.1:${port}/api/v1/alert/?skip=0&limit=10`);
    expect((error as ApiError).request?.method).toBe('GET');
    expect(errorText(error)).toBe('Request aborted');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
