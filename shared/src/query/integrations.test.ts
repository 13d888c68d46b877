// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { fakeApi } from '../testing/fakeApi';
import { alertKeys } from './alerts';
import { INTEGRATIONS_PAGE_SIZE, integrationKeys, useDeleteIntegration, useIntegrations, useIntegrationsCount } from './integrations';

const BASE = 'http://api.test';
const INTEGRATION = {
  id: '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f',
  title: 'Prometheus',
  description: 'Main cluster',
  owner_id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  created_at: '2025-01-01T00:00:00Z',
};

const stubClient = (status = 200, body: unknown = { data: [INTEGRATION], count: 12 }) => fakeApi({ status, body });

describe('useIntegrations', () => {
  it.each([
    [1, 0],
    [2, 5],
    [3, 10],
  ])('asks for page %i as skip=%i, limit=5', async (page, skip) => {
    const { requests, setup } = stubClient();
    const { result } = renderHook(() => useIntegrations({ page: page }), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(INTEGRATIONS_PAGE_SIZE).toBe(5);
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/?skip=${skip}&limit=5`);
    expect(result.current.data?.count).toBe(12);
  });
});

describe('useIntegrations of one team', () => {
  it('asks with team_id, under a key of its own', async () => {
    const team = '00000000-0000-4000-8000-0000000000aa';
    const { requests, setup } = stubClient();
    const { result } = renderHook(() => useIntegrations({ page: 1, teamId: team }), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/?skip=0&limit=5&team_id=${team}`);
    expect(integrationKeys.page(1, team)).toEqual(['integrations', { page: 1, team }]);
    expect(integrationKeys.page(1)).toEqual(['integrations', { page: 1 }]);
  });
});

describe('useIntegrationsCount', () => {
  it('asks for one item (limit=1) and reads count', async () => {
    const { requests, setup } = stubClient(200, { data: [INTEGRATION], count: 7 });
    const { result } = renderHook(() => useIntegrationsCount(), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/?skip=0&limit=1`);
    expect(result.current.data).toBe(7);
  });
});

describe('useDeleteIntegration', () => {
  it('sends DELETE /integration/{id} and refreshes the integrations lists, count and alerts', async () => {
    const { requests, setup } = stubClient(200, { message: 'Integration deleted successfully' });
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(integrationKeys.page(1), { data: [INTEGRATION], count: 1 });
    queryClient.setQueryData(integrationKeys.count, 1);
    queryClient.setQueryData(alertKeys.count, 3);
    const { result } = renderHook(() => useDeleteIntegration(), { wrapper });
    await act(() => result.current.mutateAsync(INTEGRATION.id));
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/${INTEGRATION.id}`);
    expect(queryClient.getQueryState(integrationKeys.page(1))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(integrationKeys.count)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(alertKeys.count)?.isInvalidated).toBe(true);
  });

  it('fails with an ApiError on a 404', async () => {
    const { setup } = stubClient(404, { detail: 'Integration not found' });
    const { result } = renderHook(() => useDeleteIntegration(), { wrapper: setup().wrapper });
    await act(() => result.current.mutateAsync(INTEGRATION.id).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).status).toBe(404);
  });
});
