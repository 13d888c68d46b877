// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupQueryClient } from './testQueryClient';

const sent: { method: string; url: string; body: string }[] = [];
let current = { require_signed_links: false, signed_link_ttl_hours: 72 };

vi.mock('../api/api', async () => {
  const { createApiClient } = await import('../api/client');
  return {
    api: createApiClient({
      baseUrl: 'http://api.test',
      getToken: () => 'admin-token',
      fetch: async (request: Request) => {
        const body = await request.text();
        sent.push({ method: request.method, url: new URL(request.url).pathname, body });
        if (request.method === 'PATCH') current = { ...current, ...JSON.parse(body) };
        return new Response(JSON.stringify(current), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    }),
  };
});

const { settingsKeys, useAppSettings, useUpdateAppSettings } = await import('./settings');

beforeEach(() => {
  sent.length = 0;
  current = { require_signed_links: false, signed_link_ttl_hours: 72 };
});

describe('settings hooks', () => {
  it('read GET /settings/ only when enabled (a non-superuser never asks: a 403 would end the session)', async () => {
    const idle = renderHook(() => useAppSettings(false), { wrapper: setupQueryClient().wrapper });
    expect(idle.result.current.fetchStatus).toBe('idle');
    expect(sent).toHaveLength(0);
    const { result } = renderHook(() => useAppSettings(true), { wrapper: setupQueryClient().wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ require_signed_links: false, signed_link_ttl_hours: 72 }));
    expect(sent).toEqual([{ method: 'GET', url: '/api/v1/settings/', body: '' }]);
  });

  it('PATCH /settings/ and keep the answer', async () => {
    const { queryClient, wrapper } = setupQueryClient();
    const { result } = renderHook(() => useUpdateAppSettings(), { wrapper });
    await act(() => result.current.mutateAsync({ require_signed_links: true }));
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/v1/settings/', body: '{"require_signed_links":true}' }]);
    expect(queryClient.getQueryData(settingsKeys.all)).toEqual({ require_signed_links: true, signed_link_ttl_hours: 72 });
  });
});
