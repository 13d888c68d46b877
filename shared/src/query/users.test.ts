// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_API_BASE, type FakeAnswer, type FakeApi, fakeApi } from '../testing/fakeApi';
import {
  USERS_PAGE_SIZE,
  useCreateUser,
  useDeleteMe,
  useDeleteUser,
  useUpdateMe,
  useUpdatePassword,
  useUpdateUser,
  useUsers,
} from './users';

/** Answers by "METHOD path"; the hooks send the session's stored token. */
let answers: Record<string, FakeAnswer> = {};
let api: FakeApi;

const USER = {
  id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  email: 'ann@example.com',
  full_name: 'Ann',
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};

beforeEach(() => {
  answers = {};
  api = fakeApi((request) => answers[`${request.method} ${request.path}`], { token: 'stored' });
  localStorage.setItem('access_token', 'old-token');
});
afterEach(() => localStorage.clear());

describe('useUsers', () => {
  it('asks for page n as skip=(n-1)*5, limit=5, with the stored token', async () => {
    answers['GET /api/v1/users/'] = { body: { data: [USER], count: 11 } };
    const { wrapper } = api.setup();
    const { result } = renderHook(() => useUsers({ page: 3 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(USERS_PAGE_SIZE).toBe(5);
    expect(api.requests[0]?.url).toBe(`${FAKE_API_BASE}/api/v1/users/?skip=10&limit=5`);
    expect(api.requests[0]?.headers.get('authorization')).toBe('Bearer old-token');
    expect(result.current.data).toEqual({ data: [USER], count: 11 });
  });
});

describe('user mutations', () => {
  it('useCreateUser posts the form and refreshes the users list', async () => {
    answers['POST /api/v1/users/'] = { body: USER };
    const { wrapper, queryClient } = api.setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useCreateUser(), { wrapper });
    const body = { email: 'ann@example.com', full_name: 'Ann', password: 'secret123', is_superuser: false, is_active: true };
    await result.current.mutateAsync(body);
    expect(api.sent[0]).toMatchObject({ method: 'POST', path: '/api/v1/users/' });
    expect(api.sent[0]!.body).toEqual(body);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['users'] });
  });

  it('useCreateUser rejects with the server detail (duplicate email)', async () => {
    answers['POST /api/v1/users/'] = { status: 409, body: { detail: 'The user with this email already exists in the system' } };
    const { wrapper } = api.setup();
    const { result } = renderHook(() => useCreateUser(), { wrapper });
    await expect(
      result.current.mutateAsync({ email: 'a@b.co', password: 'secret123', is_active: true, is_superuser: false }),
    ).rejects.toThrow('The user with this email already exists in the system');
  });

  it('useUpdateUser omits an empty password and sends a given one', async () => {
    answers[`PATCH /api/v1/users/${USER.id}`] = { body: USER };
    const { wrapper } = api.setup();
    const { result } = renderHook(() => useUpdateUser(), { wrapper });
    const base = { email: 'ann@example.com', full_name: 'Ann', is_superuser: true, is_active: false };
    await result.current.mutateAsync({ id: USER.id, body: { ...base, password: '' } });
    expect(api.sent[0]).toMatchObject({ method: 'PATCH', path: `/api/v1/users/${USER.id}` });
    expect(api.sent[0]!.body).toEqual(base);
    await result.current.mutateAsync({ id: USER.id, body: { ...base, password: 'new-secret1' } });
    expect(api.sent[1]!.body).toEqual({ ...base, password: 'new-secret1' });
  });

  it('useDeleteUser deletes by id and refreshes users, alerts and integrations', async () => {
    answers[`DELETE /api/v1/users/${USER.id}`] = { body: { message: 'User deleted successfully' } };
    const { wrapper, queryClient } = api.setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useDeleteUser(), { wrapper });
    await result.current.mutateAsync(USER.id);
    expect(api.sent[0]).toMatchObject({ method: 'DELETE', path: `/api/v1/users/${USER.id}` });
    for (const key of ['users', 'alerts', 'integrations']) expect(invalidate).toHaveBeenCalledWith({ queryKey: [key] });
  });
});

describe('own account', () => {
  it('useUpdateMe patches /users/me and updates the cached current user', async () => {
    const updated = { ...USER, full_name: 'Ann B', email: 'annb@example.com' };
    answers['PATCH /api/v1/users/me'] = { body: updated };
    const { wrapper, queryClient } = api.setup();
    queryClient.setQueryData(['currentUser'], USER);
    const { result } = renderHook(() => useUpdateMe(), { wrapper });
    await result.current.mutateAsync({ full_name: 'Ann B', email: 'annb@example.com' });
    expect(api.sent[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/users/me' });
    expect(api.sent[0]!.body).toEqual({ full_name: 'Ann B', email: 'annb@example.com' });
    expect(queryClient.getQueryData(['currentUser'])).toEqual(updated);
  });

  it('useUpdatePassword changes the password, then signs in again with it and stores the new token', async () => {
    answers['PATCH /api/v1/users/me/password'] = { body: { message: 'Password updated successfully' } };
    answers['POST /api/v1/login/access-token'] = { body: { access_token: 'new-token', token_type: 'bearer' } };
    const { wrapper, queryClient } = api.setup();
    queryClient.setQueryData(['currentUser'], USER);
    const { result } = renderHook(() => useUpdatePassword(), { wrapper });
    await result.current.mutateAsync({ current_password: 'old-secret1', new_password: 'new-secret1' });
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /api/v1/users/me/password', 'POST /api/v1/login/access-token']);
    expect(api.sent[0]!.body).toEqual({ current_password: 'old-secret1', new_password: 'new-secret1' });
    expect(api.requests[1]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(api.sent[1]!.body as string))).toEqual({ username: USER.email, password: 'new-secret1' });
    expect(localStorage.getItem('access_token')).toBe('new-token');
  });

  it('useUpdatePassword reads the email first when it is not cached, and keeps the token on a wrong password', async () => {
    answers['GET /api/v1/users/me'] = { body: USER };
    answers['PATCH /api/v1/users/me/password'] = { status: 400, body: { detail: 'Incorrect password' } };
    const { wrapper } = api.setup();
    const { result } = renderHook(() => useUpdatePassword(), { wrapper });
    await expect(result.current.mutateAsync({ current_password: 'wrong-pass', new_password: 'new-secret1' })).rejects.toThrow(
      'Incorrect password',
    );
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/users/me', 'PATCH /api/v1/users/me/password']);
    expect(localStorage.getItem('access_token')).toBe('old-token');
  });

  it('useDeleteMe deletes the account, removes the token and empties the cache', async () => {
    answers['DELETE /api/v1/users/me'] = { body: { message: 'User deleted successfully' } };
    const { wrapper, queryClient } = api.setup();
    queryClient.setQueryData(['currentUser'], USER);
    const { result } = renderHook(() => useDeleteMe(), { wrapper });
    await result.current.mutateAsync();
    expect(api.sent[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/users/me' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(queryClient.getQueryData(['currentUser'])).toBeUndefined();
  });
});
