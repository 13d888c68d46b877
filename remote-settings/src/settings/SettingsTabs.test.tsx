// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserPublic } from '@vigil/shared';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi, testQueryClient } from '../../../shared/src/testing/fakeApi';
import SettingsPage from '../pages/SettingsPage';
import { PasswordTab } from './PasswordTab';
import { ProfileTab } from './ProfileTab';

/** The real hooks and client, with the session's token and a fake server answering by "METHOD path". */
let answers: Record<string, FakeAnswer> = {};
let api: FakeApi;

const ANN: UserPublic = {
  id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  email: 'ann@example.com',
  full_name: null,
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};

function renderWithProviders(ui: ReactNode, { user = ANN, path = '/settings' } = {}) {
  const queryClient = testQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } });
  queryClient.setQueryData(['currentUser'], user);
  api.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/settings" element={ui} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
  return queryClient;
}

// A Fluent tab repeats its text (a bold copy reserves the selected width): compare accessible names.
const TAB_NAMES = ['My profile', 'Password', 'Appearance', 'API tokens', 'Calendar feeds', 'Chat accounts', 'Danger zone'];
const tabNames = () => screen.getAllByRole('tab').map((tab) => TAB_NAMES.find((name) => screen.queryByRole('tab', { name }) === tab));
const button = (name: string) => screen.getByRole('button', { name });
const isDisabled = (name: string) => button(name).hasAttribute('disabled');
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

beforeEach(() => {
  answers = {};
  api = fakeApi((request) => answers[`${request.method} ${request.path}`], { token: 'stored' });
  localStorage.setItem('access_token', 'old-token');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('SettingsPage', () => {
  it('shows seven tabs to an ordinary user', () => {
    renderWithProviders(<SettingsPage />);
    expect(screen.getByRole('heading', { name: 'User Settings' })).toBeTruthy();
    expect(tabNames()).toEqual(['My profile', 'Password', 'Appearance', 'API tokens', 'Calendar feeds', 'Chat accounts', 'Danger zone']);
  });

  it('hides the Danger zone from a superuser, even when asked for in the address', () => {
    renderWithProviders(<SettingsPage />, { user: { ...ANN, is_superuser: true }, path: '/settings?tab=danger-zone' });
    expect(tabNames()).toEqual(['My profile', 'Password', 'Appearance', 'API tokens', 'Calendar feeds', 'Chat accounts']);
    expect(screen.getByRole('tab', { name: 'My profile' }).getAttribute('aria-selected')).toBe('true');
  });

  it('Appearance writes the choice to localStorage `theme`', () => {
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=appearance' });
    expect((screen.getByRole('radio', { name: 'Light Mode' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Dark Mode' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    fireEvent.click(screen.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem('theme')).toBe('system');
  });

  it('Danger zone deletes the account after confirmation, removes the token and goes to /login', async () => {
    answers['DELETE /api/v1/users/me'] = { body: { message: 'User deleted successfully' } };
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=danger-zone' });
    fireEvent.click(button('Delete account'));
    expect(await screen.findByText(/permanently deleted/)).toBeTruthy();
    await act(async () => fireEvent.click(button('Delete')));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/v1/users/me']);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByText('Your account has been successfully deleted')).toBeTruthy();
  });
});

describe('My profile', () => {
  it("shows 'N/A' for an empty name; Save needs a change and an email; Cancel resets and leaves edit mode", () => {
    renderWithProviders(<ProfileTab user={ANN} />);
    expect(screen.getByText('N/A')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    fireEvent.click(button('Edit'));
    expect(input(/^Full name/).maxLength).toBe(30);
    expect(isDisabled('Save')).toBe(true);

    type(/^Full name/, 'Ann Smith');
    expect(isDisabled('Save')).toBe(false);
    type(/^Email/, '');
    expect(isDisabled('Save')).toBe(true);
    type(/^Email/, 'ann@example.com');
    type(/^Full name/, '');
    expect(isDisabled('Save')).toBe(true);

    type(/^Full name/, 'Someone else');
    fireEvent.click(button('Cancel'));
    expect(screen.queryByLabelText(/^Full name/, { selector: 'input' })).toBeNull();
    expect(screen.getByText('N/A')).toBeTruthy();
    fireEvent.click(button('Edit'));
    expect(input(/^Full name/).value).toBe('');
  });

  it('saves with PATCH /users/me, toasts and returns to view mode', async () => {
    answers['PATCH /api/v1/users/me'] = { body: { ...ANN, full_name: 'Ann Smith' } };
    const queryClient = renderWithProviders(<ProfileTab user={ANN} />);
    fireEvent.click(button('Edit'));
    type(/^Full name/, 'Ann Smith');
    await act(async () => fireEvent.click(button('Save')));
    expect(await screen.findByText('User updated successfully.')).toBeTruthy();
    expect(api.sent[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/users/me' });
    expect(api.sent[0]!.body).toEqual({ full_name: 'Ann Smith', email: 'ann@example.com' });
    expect(button('Edit')).toBeTruthy();
    expect(queryClient.getQueryData<UserPublic>(['currentUser'])?.full_name).toBe('Ann Smith');
  });
});

describe('Password', () => {
  it('keeps Save disabled until valid, then changes the password and stores a fresh token', async () => {
    answers['PATCH /api/v1/users/me/password'] = { body: { message: 'Password updated successfully' } };
    answers['POST /api/v1/login/access-token'] = { body: { access_token: 'new-token', token_type: 'bearer' } };
    renderWithProviders(<PasswordTab />);
    expect(isDisabled('Save')).toBe(true);
    type(/^Current password/, 'old-secret1');
    type(/^New password/, 'new-secret1');
    expect(isDisabled('Save')).toBe(true);
    type(/^Confirm password/, 'new-secret2');
    fireEvent.blur(input(/^Confirm password/));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(isDisabled('Save')).toBe(true);
    type(/^Confirm password/, 'new-secret1');
    expect(isDisabled('Save')).toBe(false);
    expect(screen.getByRole('meter', { name: 'Password strength' })).toBeTruthy();

    await act(async () => fireEvent.click(button('Save')));
    expect(await screen.findByText('Password updated successfully.')).toBeTruthy();
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /api/v1/users/me/password', 'POST /api/v1/login/access-token']);
    await waitFor(() => expect(localStorage.getItem('access_token')).toBe('new-token'));
    expect(input(/^Current password/).value).toBe('');
  });

  it('shows a wrong current password as an error toast', async () => {
    answers['PATCH /api/v1/users/me/password'] = { status: 400, body: { detail: 'Incorrect password' } };
    renderWithProviders(<PasswordTab />);
    type(/^Current password/, 'wrong-pass');
    type(/^New password/, 'new-secret1');
    type(/^Confirm password/, 'new-secret1');
    await act(async () => fireEvent.click(button('Save')));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    expect(localStorage.getItem('access_token')).toBe('old-token');
  });
});
