// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearToken, getToken, setToken, type UserPublic } from '@vigil/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../../shared/src/testing/fakeApi';
import InvitePage, { NO_TOKEN } from './InvitePage';

/** Answers go through react-query and the fake server: more than the default second on a loaded machine. */
const WAIT = { timeout: 5_000 };

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123';
const TEAM_ID = '00000000-0000-4000-8000-0000000000aa';
const LOOKUP = { team_name: 'Payments', email: 'cy@example.com', role: 'responder', expires_at: '2030-01-01T00:00:00Z' };
const me = (email: string): UserPublic => ({
  id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  email,
  full_name: null,
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
});

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/** /invite at `path`, on a fake API answering "METHOD path", with the session's stored token. */
function show(path: string, answers: Record<string, FakeAnswer>) {
  const api = fakeApi((request) => answers[`${request.method} ${request.path}`], { token: 'stored' });
  api.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/invite" element={<InvitePage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return api;
}

afterEach(() => {
  cleanup();
  clearToken();
  localStorage.clear();
});

describe('/invite', () => {
  it('without a token says so and asks nothing', () => {
    const api = show('/invite', {});
    expect(screen.getByText(NO_TOKEN)).toBeTruthy();
    expect(api.sent).toEqual([]);
  });

  it("shows the API's message for an invalid, expired or used link", async () => {
    show(`/invite?token=${TOKEN}`, {
      'POST /api/v1/teams/invites/lookup': { status: 404, body: { detail: 'This invitation link is invalid, expired or used' } },
    });
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe('This invitation link is invalid, expired or used');
  });

  it('signed in with the invited address: joins, then opens the team', async () => {
    setToken('token');
    const api = show(`/invite?token=${TOKEN}`, {
      'POST /api/v1/teams/invites/lookup': { body: LOOKUP },
      'GET /api/v1/users/me': { body: me('CY@example.com') },
      'POST /api/v1/teams/invites/accept': { body: { id: TEAM_ID } },
    });
    expect(await screen.findByRole('heading', { name: 'Join Payments' }, WAIT)).toBeTruthy();
    expect(screen.getByText('You are invited to Payments as a responder.')).toBeTruthy();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Join Payments' }, WAIT)));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/teams/${TEAM_ID}`), WAIT);
    expect(api.sent.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/v1/teams/invites/lookup', { token: TOKEN }],
      ['GET', '/api/v1/users/me', undefined],
      ['POST', '/api/v1/teams/invites/accept', { token: TOKEN }],
    ]);
  });

  it('signed in with another address: says which one the invitation is for, and offers no join', async () => {
    setToken('token');
    show(`/invite?token=${TOKEN}`, {
      'POST /api/v1/teams/invites/lookup': { body: LOOKUP },
      'GET /api/v1/users/me': { body: me('ann@example.com') },
    });
    expect(
      await screen.findByText(
        'This invitation is for cy@example.com, and you are signed in as ann@example.com. Log out, then open the link again and sign in with cy@example.com.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Payments' })).toBeNull();
  });

  it('signed out: signs up with the invited address fixed, signs in, and opens Teams; or links to log in coming back', async () => {
    const api = show(`/invite?token=${TOKEN}`, {
      'POST /api/v1/teams/invites/lookup': { body: LOOKUP },
      'POST /api/v1/teams/invites/signup': { body: me('cy@example.com') },
      'POST /api/v1/login/access-token': { body: { access_token: 'new-token', token_type: 'bearer' } },
    });
    const email = (await screen.findByLabelText(/^Email/, { selector: 'input' }, WAIT)) as HTMLInputElement;
    expect(email.value).toBe('cy@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(`/invite?token=${TOKEN}`)}`,
    );
    fireEvent.change(screen.getByLabelText(/^Full name/, { selector: 'input' }), { target: { value: ' Cy ' } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: 'secret123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), { target: { value: 'secret123' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create account and join' })));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/teams'), WAIT);
    expect(getToken()).toBe('new-token');
    expect(api.sent.slice(1, 3).map((r) => [r.path, r.body])).toEqual([
      ['/api/v1/teams/invites/signup', { token: TOKEN, password: 'secret123', full_name: 'Cy' }],
      ['/api/v1/login/access-token', 'username=cy%40example.com&password=secret123'],
    ]);
  });
});
