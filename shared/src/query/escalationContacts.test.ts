// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  useAnswerContactConfirmation,
  useConfirmContactAsAdmin,
  useContactConfirmation,
  useEscalationContacts,
  useResendContactConfirmation,
} from './escalationContacts';
import { stubApiClient } from './stubApiClient';
import { setupQueryClient } from './testQueryClient';

const BASE = 'http://api.test';
const ID = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';

describe('escalation contacts', () => {
  it('reads GET /integration/{id}/contacts', async () => {
    const { client, requests } = stubApiClient({ body: { data: [], count: 0 } });
    const { result } = renderHook(() => useEscalationContacts(ID, client), { wrapper: setupQueryClient().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/${ID}/contacts`);
  });

  it.each([
    ['resend', useResendContactConfirmation],
    ['confirm', useConfirmContactAsAdmin],
  ] as const)('POSTs the address to /integration/{id}/contacts/%s', async (path, hook) => {
    const { client, requests } = stubApiClient({ body: { email: 'ops@example.com', status: 'unconfirmed' } });
    const { result } = renderHook(() => hook(client), { wrapper: setupQueryClient().wrapper });
    await result.current.mutateAsync({ integrationId: ID, email: 'ops@example.com' });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/integration/${ID}/contacts/${path}`);
    expect(await requests[0]?.json()).toEqual({ email: 'ops@example.com' });
  });
});

describe('the public confirmation', () => {
  it('sends the token in the body, never in the URL, and stays idle without one', async () => {
    const { client, requests } = stubApiClient({ body: { email: 'ops@example.com', status: 'unconfirmed' }, token: null });
    const idle = renderHook(() => useContactConfirmation(null, client), { wrapper: setupQueryClient().wrapper });
    expect(idle.result.current.fetchStatus).toBe('idle');
    const { result } = renderHook(() => useContactConfirmation('secret-token', client), { wrapper: setupQueryClient().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/contacts/confirmation/lookup`);
    expect(await requests[0]?.json()).toEqual({ token: 'secret-token' });
  });

  it.each(['confirm', 'decline'] as const)('answers %s and keeps the answer as what the link is about', async (answer) => {
    const status = answer === 'confirm' ? 'confirmed' : 'declined';
    const { client, requests } = stubApiClient({ body: { email: 'ops@example.com', status }, token: null });
    const { queryClient, wrapper } = setupQueryClient();
    const { result } = renderHook(() => useAnswerContactConfirmation(client), { wrapper });
    await result.current.mutateAsync({ token: 'secret-token', answer });
    expect(requests[0]?.url).toBe(`${BASE}/api/v1/contacts/confirmation/${answer}`);
    expect(await requests[0]?.json()).toEqual({ token: 'secret-token' });
    expect(queryClient.getQueryData(['contactConfirmation', 'secret-token'])).toMatchObject({ status });
  });
});
