// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../testing/fakeApi';
import {
  useAnswerContactConfirmation,
  useConfirmContactAsAdmin,
  useContactConfirmation,
  useEscalationContacts,
  useResendContactConfirmation,
} from './escalationContacts';

const BASE = 'http://api.test';
const ID = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';

describe('escalation contacts', () => {
  it('reads GET /integration/{id}/contacts', async () => {
    const { requests, setup } = fakeApi({ body: { data: [], count: 0 } });
    const { result } = renderHook(() => useEscalationContacts(ID), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/${ID}/contacts`);
  });

  it.each([
    ['resend', useResendContactConfirmation],
    ['confirm', useConfirmContactAsAdmin],
  ] as const)('POSTs the address to /integration/{id}/contacts/%s', async (path, hook) => {
    const { requests, setup } = fakeApi({ body: { email: 'ops@example.com', status: 'unconfirmed' } });
    const { result } = renderHook(() => hook(), { wrapper: setup().wrapper });
    await result.current.mutateAsync({ integrationId: ID, email: 'ops@example.com' });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/${ID}/contacts/${path}`);
    expect(await requests[0]?.json()).toEqual({ email: 'ops@example.com' });
  });
});

describe('the public confirmation', () => {
  it('sends the token in the body, never in the URL, and stays idle without one', async () => {
    const { requests, setup } = fakeApi({ body: { email: 'ops@example.com', status: 'unconfirmed' } }, { token: null });
    const idle = renderHook(() => useContactConfirmation(null), { wrapper: setup().wrapper });
    expect(idle.result.current.fetchStatus).toBe('idle');
    const { result } = renderHook(() => useContactConfirmation('secret-token'), { wrapper: setup().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/contacts/confirmation/lookup`);
    expect(await requests[0]?.json()).toEqual({ token: 'secret-token' });
  });

  it.each(['confirm', 'decline'] as const)('answers %s and keeps the answer as what the link is about', async (answer) => {
    const status = answer === 'confirm' ? 'confirmed' : 'declined';
    const { requests, setup } = fakeApi({ body: { email: 'ops@example.com', status } }, { token: null });
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(() => useAnswerContactConfirmation(), { wrapper });
    await result.current.mutateAsync({ token: 'secret-token', answer });
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/contacts/confirmation/${answer}`);
    expect(await requests[0]?.json()).toEqual({ token: 'secret-token' });
    expect(queryClient.getQueryData(['contactConfirmation', 'secret-token'])).toMatchObject({ status });
  });
});
