// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { fakeApi } from '../testing/fakeApi';
import { ALERTS_PAGE_SIZE, alertKeys, useAlerts, useAlertsCount, useDeleteAlert } from './alerts';

const BASE = 'http://api.test';
const ALERT = {
  id: '0b6e0c8e-5d0a-4a3c-9a38-8f5f7e0b1c11',
  title: 'Disk full',
  description: null,
  state: 'open',
  severity: 'warning',
  escalation_level: 0,
  integration_id: null,
  owner_id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

/** A client whose fetch records each request and answers `status`/`body`. */
const stubClient = (status = 200, body: unknown = { data: [ALERT], count: 23 }) => fakeApi({ status, body });

describe('useAlerts', () => {
  it.each([
    [1, 0],
    [2, 10],
    [5, 40],
  ])('asks for page %i as skip=%i, limit=10', async (page, skip) => {
    const { requests, setup } = stubClient();
    const { result } = renderHook(() => useAlerts({ page: page }), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(ALERTS_PAGE_SIZE).toBe(10);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/?skip=${skip}&limit=10`);
    expect(result.current.data).toEqual({ data: [ALERT], count: 23 });
  });

  it('keys each page apart', () => {
    expect(alertKeys.page(2)).toEqual(['alerts', { page: 2 }]);
  });

  it('sends the filters as repeated state/severity parameters and q, and keys them apart', async () => {
    const { requests, setup } = stubClient();
    const filters = { state: ['open' as const, 'closed' as const], severity: ['critical' as const], q: 'disk' };
    const { result } = renderHook(() => useAlerts({ page: 2, filters }), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/?skip=10&limit=10&state=open&state=closed&severity=critical&q=disk`);
    expect(alertKeys.page(2, filters)).toEqual(['alerts', { page: 2, ...filters }]);
    expect(alertKeys.page(2, filters)).not.toEqual(alertKeys.page(2));
  });

  it('turns an error answer into an ApiError with the detail', async () => {
    const { setup } = stubClient(500, { detail: 'Database unavailable' });
    const { result } = renderHook(() => useAlerts({ page: 1 }), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error?.message).toBe('Database unavailable');
  });
});

describe('useAlertsCount', () => {
  it('asks for one item (limit=1) and reads count', async () => {
    const { requests, setup } = stubClient(200, { data: [ALERT], count: 42 });
    const { result } = renderHook(() => useAlertsCount(), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/?skip=0&limit=1`);
    expect(result.current.data).toBe(42);
  });
});

describe('useDeleteAlert', () => {
  it('sends DELETE /alert/{id} and refreshes the lists and the count', async () => {
    const { requests, setup } = stubClient(200, { message: 'Alert deleted successfully' });
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(alertKeys.page(1), { data: [ALERT], count: 1 });
    queryClient.setQueryData(alertKeys.count, 1);
    const { result } = renderHook(() => useDeleteAlert(), { wrapper });
    await act(() => result.current.mutateAsync(ALERT.id));
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/${ALERT.id}`);
    expect(queryClient.getQueryState(alertKeys.page(1))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(alertKeys.count)?.isInvalidated).toBe(true);
  });

  it('fails with the 404 and still refreshes the lists (the alert is gone anyway)', async () => {
    const { setup } = stubClient(404, { detail: 'Alert not found' });
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(alertKeys.page(1), { data: [ALERT], count: 1 });
    const { result } = renderHook(() => useDeleteAlert(), { wrapper });
    await act(() => result.current.mutateAsync(ALERT.id).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as ApiError).status).toBe(404);
    expect(queryClient.getQueryState(alertKeys.page(1))?.isInvalidated).toBe(true);
  });
});
