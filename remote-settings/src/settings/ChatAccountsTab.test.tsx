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

  it('gives a one-time Telegram link to open, with its expiry, and reads the list again when done', async () => {
    answers[`GET ${LINKS}`] = { body: { data: [], count: 0 } };
    const link = 'https://t.me/vigil_test_bot?start=token-0123';
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    answers[`POST ${LINKS}/telegram`] = { body: { link, expires_at: expiresAt } };
    render();
    expect(await screen.findByText('No chat account is linked to you.', {}, WAIT)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link Telegram' })));
    const open = await screen.findByRole('link', { name: 'Open in Telegram' }, WAIT);
    expect(open.getAttribute('href')).toBe(link);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/It works once, for 15 minutes \(until .+\)\./)).toBeTruthy();

    const TELEGRAM = { kind: 'telegram', workspace: '', external_user_id: '424242', linked_at: '2025-01-01T00:00:00Z' };
    answers[`GET ${LINKS}`] = { body: { data: [TELEGRAM], count: 1 } };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect(await screen.findByRole('button', { name: 'Unlink Telegram 424242' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in Telegram' })).toBeNull();
  });

  it('says in words why Telegram cannot be linked (409)', async () => {
    answers[`GET ${LINKS}`] = { body: { data: [], count: 0 } };
    answers[`POST ${LINKS}/telegram`] = { status: 409, body: { detail: 'Telegram bot is not configured' } };
    render();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Link Telegram' }, WAIT)));
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert.textContent).toContain('Telegram cannot be linked');
    expect(alert.textContent).toContain('Telegram bot is not configured.');
    expect(alert.textContent).toContain('A superuser sets up the Telegram bot under Admin › Notification providers.');
    expect(screen.queryByRole('link', { name: 'Open in Telegram' })).toBeNull();
  });

  it('names each kind of linked account as the product is called', async () => {
    const linked = (kind: string, external_user_id: string, workspace = '') => ({
      kind,
      workspace,
      external_user_id,
      linked_at: '2025-01-01T00:00:00Z',
    });
    answers[`GET ${LINKS}`] = {
      body: {
        data: [
          linked('slack_app', 'U0ANN00001', 'T0VIGIL01'),
          linked('telegram', '424242'),
          linked('mattermost', 'mm-user-1', 'chat.example.com'),
        ],
        count: 3,
      },
    };
    render();
    const table = await screen.findByRole('table', { name: 'Chat accounts' }, WAIT);
    const kinds = [...table.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')?.textContent);
    expect(kinds).toEqual(['Slack', 'Telegram', 'Mattermost']);
    for (const name of ['Slack U0ANN00001', 'Telegram 424242', 'Mattermost mm-user-1']) {
      expect(screen.getByRole('button', { name: `Unlink ${name}` })).toBeTruthy();
    }
  });
});
