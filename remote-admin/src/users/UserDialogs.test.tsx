// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserPublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { CreateUserDialog, EditUserDialog } from './UserDialogs';

/** The real hooks and client, with a fake server behind fetch answering by "METHOD path". */
let answers: Record<string, FakeAnswer> = {};
let api: FakeApi;

const ANN: UserPublic = {
  id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  email: 'ann@example.com',
  full_name: 'Ann',
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};

const save = () => screen.getByRole('button', { name: 'Save' });
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

beforeEach(() => {
  answers = {};
  api = fakeApi((request) => answers[`${request.method} ${request.path}`]);
});
afterEach(cleanup);

describe('Add User dialog', () => {
  it('keeps Save disabled until email, password and a matching confirmation are valid, then creates the user', async () => {
    answers['POST /api/v1/users/'] = { body: { ...ANN, full_name: null } };
    const onClose = vi.fn();
    api.render(<CreateUserDialog open onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Add User' })).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);

    type(/^Email/, 'ann@example.com');
    type(/^Password/, 'secret123');
    expect(save().hasAttribute('disabled')).toBe(true);

    type(/^Confirm password/, 'secret124');
    fireEvent.blur(input(/^Confirm password/));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);

    type(/^Password/, 'short');
    type(/^Confirm password/, 'short');
    expect(save().hasAttribute('disabled')).toBe(true);

    type(/^Password/, 'secret123');
    type(/^Confirm password/, 'secret123');
    expect(save().hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('meter', { name: 'Password strength' })).toBeTruthy();

    await act(async () => fireEvent.click(save()));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/users/',
        body: { email: 'ann@example.com', full_name: null, password: 'secret123', is_superuser: false, is_active: true },
      },
    ]);
    expect(await screen.findByText('User created successfully.')).toBeTruthy();
  });

  it('asks for the confirmation with its own message', async () => {
    api.render(<CreateUserDialog open onClose={() => {}} />);
    fireEvent.blur(input(/^Confirm password/));
    expect(await screen.findByText('Please confirm your password')).toBeTruthy();
  });

  it('shows the server detail in an error toast and stays open (duplicate email)', async () => {
    answers['POST /api/v1/users/'] = { status: 409, body: { detail: 'The user with this email already exists in the system' } };
    const onClose = vi.fn();
    api.render(<CreateUserDialog open onClose={onClose} />);
    type(/^Email/, 'ann@example.com');
    type(/^Password/, 'secret123');
    type(/^Confirm password/, 'secret123');
    await act(async () => fireEvent.click(save()));
    expect(await screen.findByText('The user with this email already exists in the system')).toBeTruthy();
    expect(screen.getByText('Something went wrong!')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Edit User dialog', () => {
  it('starts from the user, keeps Save disabled until something changes, and omits an empty password', async () => {
    answers[`PATCH /api/v1/users/${ANN.id}`] = { body: { ...ANN, is_superuser: true } };
    const onClose = vi.fn();
    api.render(<EditUserDialog user={ANN} open onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeTruthy();
    expect((input(/^Email/) as HTMLInputElement).value).toBe('ann@example.com');
    expect((input(/^Full name/) as HTMLInputElement).value).toBe('Ann');
    expect((screen.getByRole('checkbox', { name: 'Is active?' }) as HTMLInputElement).checked).toBe(true);
    expect(save().hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Is superuser?' }));
    expect(save().hasAttribute('disabled')).toBe(false);

    await act(async () => fireEvent.click(save()));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent).toEqual([
      {
        method: 'PATCH',
        path: `/api/v1/users/${ANN.id}`,
        body: { email: 'ann@example.com', full_name: 'Ann', is_superuser: true, is_active: true },
      },
    ]);
    expect(await screen.findByText('User updated successfully.')).toBeTruthy();
  });

  it('checks a password only when one is given: at least 8 characters, confirmed', async () => {
    answers[`PATCH /api/v1/users/${ANN.id}`] = { body: ANN };
    api.render(<EditUserDialog user={ANN} open onClose={() => {}} />);
    // The contract's field name, and a visible word that it is optional here.
    expect((input(/^Password$/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Password is optional: leave it empty to keep the current one.')).toBeTruthy();
    type(/^Password/, 'short');
    fireEvent.blur(input(/^Password/));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);

    type(/^Password/, 'new-secret1');
    expect(save().hasAttribute('disabled')).toBe(true);
    type(/^Confirm password/, 'new-secret1');
    expect(save().hasAttribute('disabled')).toBe(false);

    await act(async () => fireEvent.click(save()));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.body).toMatchObject({ password: 'new-secret1' });
  });
});
