// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { clearToken, setToken } from '@vigil/shared';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../../shared/src/testing/fakeApi';
import ChatLinkPage, { NO_LINK_TOKEN } from './ChatLinkPage';

const WAIT = { timeout: 5_000 };
const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123';
const CLAIM = 'POST /api/v1/users/me/chat-links/claim';

function show(path: string, answers: Record<string, FakeAnswer>) {
  const api = fakeApi((request) => answers[`${request.method} ${request.path}`], { token: 'stored' });
  api.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/link/:kind" element={<ChatLinkPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return api;
}

// Test files share a worker (isolate: false): a session another file left must not sign this page in.
beforeEach(() => {
  clearToken();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  clearToken();
  localStorage.clear();
});

describe('/link/:kind', () => {
  it('signed out: offers to sign in, coming back here, and claims nothing', async () => {
    const api = show(`/link/slack?token=${TOKEN}`, {});
    const signIn = await screen.findByRole('link', { name: 'Sign in' }, WAIT);
    expect(signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(`/link/slack?token=${TOKEN}`)}`);
    expect(api.sent).toEqual([]);
  });

  it('signed in: claims the link once and says Slack is linked', async () => {
    setToken('session-token');
    const api = show(`/link/slack?token=${TOKEN}`, {
      [CLAIM]: { body: { kind: 'slack_app', workspace: 'T1', external_user_id: 'U1', linked_at: '2025-01-01T00:00:00Z' } },
    });
    expect(await screen.findByText(/^Slack linked/, {}, WAIT)).toBeTruthy();
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/users/me/chat-links/claim', body: { token: TOKEN } },
    ]);
  });

  it("shows the API's refusal of a used or expired link, and a link without a token", async () => {
    setToken('session-token');
    show(`/link/slack?token=${TOKEN}`, { [CLAIM]: { status: 400, body: { detail: 'This link is not valid: it has expired' } } });
    expect(await screen.findByText('This link is not valid: it has expired', {}, WAIT)).toBeTruthy();
    cleanup();
    show('/link/slack', {});
    expect(await screen.findByText(NO_LINK_TOKEN, {}, WAIT)).toBeTruthy();
  });
});
