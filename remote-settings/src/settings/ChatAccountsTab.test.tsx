// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi, testQueryClient } from '../../../shared/src/testing/fakeApi';
import { ChatAccountsTab } from './ChatAccountsTab';

const WAIT = { timeout: 5_000 };
const LINKS = '/api/v1/users/me/chat-links';
const LINK = { kind: 'slack_app', workspace: 'T0VIGIL01', external_user_id: 'U0ANN00001', linked_at: '2025-01-01T00:00:00Z' };

let answers: Record<string, FakeAnswer> = {};
let api: FakeApi;

function render() {
  const queryClient = testQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  api.render(
    <MemoryRouter>
      <ChatAccountsTab />
    </MemoryRouter>,
    queryClient,
  );
}

beforeEach(() => {
  answers = {};
  api = fakeApi((request) => answers[`${request.method} ${request.path}`], { token: 'stored' });
});
afterEach(cleanup);

describe('Chat accounts', () => {
  it('links Slack by email and lists the link; a refusal is shown in words', async () => {
    answers[`GET ${LINKS}`] = { body: { data: [], count: 0 } };
    answers[`POST ${LINKS}/slack`] = {
      status: 404,
      body: { detail: "No member of the Slack app's workspace has the email ann@example.com" },
    };
    render();
    expect(await screen.findByText('No chat account is linked to you.', {}, WAIT)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link Slack' })));
    expect(await screen.findByText("No member of the Slack app's workspace has the email ann@example.com", {}, WAIT)).toBeTruthy();

    answers[`POST ${LINKS}/slack`] = { body: LINK };
    answers[`GET ${LINKS}`] = { body: { data: [LINK], count: 1 } };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link Slack' })));
    expect(await screen.findByText('Slack member U0ANN00001 is linked to you.', {}, WAIT)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Unlink Slack U0ANN00001' }, WAIT)).toBeTruthy();
    expect(api.sent.filter((r) => r.method === 'POST' && r.path === `${LINKS}/slack`)).toHaveLength(2);
  });

  it('unlinks after asking', async () => {
    answers[`GET ${LINKS}`] = { body: { data: [LINK], count: 1 } };
    answers[`DELETE ${LINKS}/slack_app/U0ANN00001`] = { body: { message: 'Chat account unlinked' } };
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Slack U0ANN00001' }, WAIT));
    answers[`GET ${LINKS}`] = { body: { data: [], count: 0 } };
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Unlink', hidden: true }, WAIT)));
    expect(await screen.findByText('Slack U0ANN00001 is unlinked.', {}, WAIT)).toBeTruthy();
    expect(api.sent.some((r) => r.method === 'DELETE' && r.path === `${LINKS}/slack_app/U0ANN00001`)).toBe(true);
  });
});
