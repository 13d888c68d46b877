// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { fakeApi } from '../testing/fakeApi';
import { ALERT_ACTIONS, alertActionKeys, isAlertAction, useAlert, useAlertAction } from './alertActions';
import { alertKeys } from './alerts';

const BASE = 'http://api.test';
const ID = '0b6e0c8e-5d0a-4a3c-9a38-8f5f7e0b1c11';
const ALERT = {
  id: ID,
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

/** A client with no token (the public pages) whose fetch records each request and answers `status`/`body`. */
const stubClient = (status = 200, body: unknown = ALERT) => fakeApi({ status, body }, { token: null });

describe('useAlert', () => {
  it('reads GET /alert/{id} with no token', async () => {
    const { requests, setup } = stubClient();
    const { result } = renderHook(() => useAlert(ID), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/${ID}`);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(requests[0]?.headers.get('x-vigil-link-token')).toBeNull();
    expect(result.current.data).toEqual(ALERT);
  });

  it("sends a notification link's token in its header, never in the URL", async () => {
    const { requests, setup } = stubClient();
    const { result } = renderHook(() => useAlert(ID, { linkToken: '1.abc.def.ghi' }), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]?.headers.get('x-vigil-link-token')).toBe('1.abc.def.ghi');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/${ID}`);
  });

  it('fails with an ApiError on 404', async () => {
    const { setup } = stubClient(404, { detail: 'Alert not found' });
    const { result } = renderHook(() => useAlert(ID), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).status).toBe(404);
  });

  it('stays idle without an id', () => {
    const { requests, setup } = stubClient();
    const { result } = renderHook(() => useAlert(undefined), { wrapper: setup().wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(requests).toHaveLength(0);
  });
});

describe('useAlertAction', () => {
  it.each(ALERT_ACTIONS)('POSTs /alert/%s/{id}, caches the answer and refreshes the alert lists', async (action) => {
    const after = { ...ALERT, state: action === 'close' ? 'closed' : `${action}d` };
    const { requests, setup } = stubClient(200, after);
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(alertKeys.page(1), { data: [ALERT], count: 1 });
    const { result } = renderHook(() => useAlertAction(), { wrapper });
    await act(() => result.current.mutateAsync({ action, id: ID }));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/${action}/${ID}`);
    expect(queryClient.getQueryData(alertActionKeys.alert(ID))).toEqual(after);
    expect(queryClient.getQueryState(alertKeys.page(1))?.isInvalidated).toBe(true);
  });

  it.each(ALERT_ACTIONS)("sends the link's token with /alert/%s/{id}", async (action) => {
    const { requests, setup } = stubClient();
    const { result } = renderHook(() => useAlertAction(), { wrapper: setup().wrapper });
    await act(() => result.current.mutateAsync({ action, id: ID, linkToken: '1.abc.def.ghi' }));
    expect(requests[0]?.headers.get('x-vigil-link-token')).toBe('1.abc.def.ghi');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/${action}/${ID}`);
  });

  it("rejects with the server's detail on 409 (a closed alert)", async () => {
    const { setup } = stubClient(409, { detail: 'Alert is closed' });
    const { result } = renderHook(() => useAlertAction(), { wrapper: setup().wrapper });
    await act(() => expect(result.current.mutateAsync({ action: 'acknowledge', id: ID })).rejects.toThrow('Alert is closed'));
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect((result.current.error as ApiError).status).toBe(409);
  });
});

describe('isAlertAction', () => {
  it('knows the three actions and nothing else', () => {
    expect(ALERT_ACTIONS).toEqual(['acknowledge', 'escalate', 'close']);
    for (const action of ALERT_ACTIONS) expect(isAlertAction(action)).toBe(true);
    for (const other of ['actions', 'delete', '', undefined]) expect(isAlertAction(other)).toBe(false);
  });
});
