// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fakeApi';
import { parseContacts, useAlertNotifications } from './escalationPolicy';

const BASE = 'http://api.test';
const ID = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';

const stubClient = (body: unknown) => fakeApi({ body });

describe('addresses as typed', () => {
  it('splits on commas, semicolons, spaces and new lines', () => {
    expect(parseContacts(' ops@example.com,lead@example.com;\n  boss@example.com  ')).toEqual([
      'ops@example.com',
      'lead@example.com',
      'boss@example.com',
    ]);
    expect(parseContacts(' , \n')).toEqual([]);
  });
});

describe('useAlertNotifications', () => {
  it('reads GET /alert/{id}/notifications, and stays idle without an id', async () => {
    const { requests, setup } = stubClient({ data: [], count: 0 });
    const idle = renderHook(() => useAlertNotifications(undefined), { wrapper: setup().wrapper });
    expect(idle.result.current.fetchStatus).toBe('idle');
    const { result } = renderHook(() => useAlertNotifications(ID), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/alert/${ID}/notifications`);
  });
});
