// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../testing/fakeApi';
import { settingsKeys, useAppSettings, useUpdateAppSettings } from './settings';

let current = { require_signed_links: false, signed_link_ttl_hours: 72 };
let api: FakeApi;

beforeEach(() => {
  current = { require_signed_links: false, signed_link_ttl_hours: 72 };
  api = fakeApi(
    (request) => {
      if (request.method === 'PATCH') current = { ...current, ...(request.body as object) };
      return { body: current };
    },
    { token: 'admin-token' },
  );
});

describe('settings hooks', () => {
  it('read GET /settings/ only when enabled (a non-superuser never asks: a 403 would end the session)', async () => {
    const idle = renderHook(() => useAppSettings({ enabled: false }), { wrapper: api.setup().wrapper });
    expect(idle.result.current.fetchStatus).toBe('idle');
    expect(api.sent).toHaveLength(0);
    const { result } = renderHook(() => useAppSettings({ enabled: true }), { wrapper: api.setup().wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ require_signed_links: false, signed_link_ttl_hours: 72 }));
    expect(api.sent).toEqual([{ method: 'GET', path: '/api/v1/settings/', body: undefined }]);
  });

  it('PATCH /settings/ and keep the answer', async () => {
    const { queryClient, wrapper } = api.setup();
    const { result } = renderHook(() => useUpdateAppSettings(), { wrapper });
    await act(() => result.current.mutateAsync({ require_signed_links: true }));
    expect(api.sent).toEqual([{ method: 'PATCH', path: '/api/v1/settings/', body: { require_signed_links: true } }]);
    expect(queryClient.getQueryData(settingsKeys.all)).toEqual({ require_signed_links: true, signed_link_ttl_hours: 72 });
  });
});
