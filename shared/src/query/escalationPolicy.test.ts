// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fakeApi';
import { contactsProblem, parseContacts, useAlertNotifications, useSetEscalationPolicy } from './escalationPolicy';

const BASE = 'http://api.test';
const ID = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';

const stubClient = (body: unknown) => fakeApi({ body });

describe('contacts as typed', () => {
  it('splits on commas, semicolons, spaces and new lines', () => {
    expect(parseContacts(' ops@example.com,lead@example.com;\n  boss@example.com  ')).toEqual([
      'ops@example.com',
      'lead@example.com',
      'boss@example.com',
    ]);
    expect(parseContacts(' , \n')).toEqual([]);
  });

  it('says what is wrong with a level, or nothing', () => {
    expect(contactsProblem('ops@example.com, lead@example.com')).toBeUndefined();
    expect(contactsProblem('  ')).toBe('Add at least one address, or remove the level');
    expect(contactsProblem('ops@example.com, not-an-address')).toBe('Not an email address: not-an-address');
    expect(contactsProblem(Array.from({ length: 21 }, (_, i) => `p${i}@example.com`).join(','))).toBe('At most 20 addresses per level');
  });
});

describe('useSetEscalationPolicy', () => {
  it('PUTs the policy to the integration', async () => {
    const policy = { contacts: [['ops@example.com']], escalate_after_minutes: 10, max_level: 2 };
    const { requests, setup } = stubClient({ id: ID, escalation_policy: policy });
    const { result } = renderHook(() => useSetEscalationPolicy(), { wrapper: setup().wrapper });
    await result.current.mutateAsync({ id: ID, policy });
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/${ID}/escalation-policy`);
    expect(await requests[0]?.json()).toEqual(policy);
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
