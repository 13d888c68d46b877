// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiTokenPublic, UserPublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi, testQueryClient } from '../../../shared/src/testing/fakeApi';
import { ApiTokensTab } from './ApiTokensTab';
import { TOKEN_SHOWN_ONCE } from './NewTokenDialog';

/** The real hooks and client, with a fake server answering by "METHOD path". */
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

const LIVE: ApiTokenPublic = {
  id: '1d1c4f5e-0000-4000-8000-000000000001',
  user_id: ANN.id,
  team_id: null,
  name: 'Deploy bot',
  prefix: 'vgl_Ab3dE-9x',
  scopes: ['read', 'alerts:write'],
  expires_at: '2999-01-01T00:00:00Z',
  last_used_at: null,
  revoked_at: null,
  created_at: '2026-11-01T00:00:00Z',
};
const REVOKED: ApiTokenPublic = { ...LIVE, id: '1d1c4f5e-0000-4000-8000-000000000002', name: 'Old CI', revoked_at: '2026-11-02T00:00:00Z' };
const SECRET = `vgl_${'s'.repeat(43)}`;

function renderTab(user: UserPublic = ANN) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], user);
  api.render(<ApiTokensTab />, queryClient);
}

const button = (name: string) => screen.getByRole('button', { name });
const sent = () => api.sent.map((r) => `${r.method} ${r.path}`);

beforeEach(() => {
  answers = { 'GET /api/v1/tokens/': { body: { data: [LIVE, REVOKED], count: 2 } } };
  api = fakeApi((request) => answers[`${request.method} ${request.path}`]);
});
afterEach(cleanup);

describe('API tokens', () => {
  it('lists each token with its prefix, scopes and state; only a live one can be revoked', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'API tokens' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Deploy bot', 'Old CI']);
    expect(within(rows[0]!).getByText('vgl_Ab3dE-9x…')).toBeTruthy();
    expect(within(rows[0]!).getByText('read, alerts:write')).toBeTruthy();
    expect(within(rows[0]!).getByText('Never')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Revoked /)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Revoke / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Revoke Deploy bot']);
  });

  it('creates a token with the chosen name, scopes and expiry, then shows its secret once with a warning', async () => {
    answers['POST /api/v1/tokens/'] = { body: { ...LIVE, name: 'Grafana', scopes: ['read'], token: SECRET } };
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    // admin is for superusers only: not offered here.
    expect(screen.queryByRole('checkbox', { name: /^admin/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: '  Grafana ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^config:write/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^read/ }));
    await act(async () => fireEvent.click(button('Save')));

    expect(await screen.findByText(TOKEN_SHOWN_ONCE)).toBeTruthy();
    // By text, not role: while the add dialog closes it hides the rest of the page, the new
    // dialog included, from the accessibility tree (for longer on a loaded machine).
    const inDialog = (text: string) => screen.getByText(text, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
    expect(inDialog('Copy')).toBeTruthy();
    expect((screen.getByLabelText('API token') as HTMLInputElement).value).toBe(SECRET);
    const post = api.sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ name: 'Grafana', scopes: ['config:write'], expires_in_days: 30 });
    fireEvent.click(inDialog('Done'));
    await waitFor(() => expect(screen.queryByText(TOKEN_SHOWN_ONCE)).toBeNull());
  });

  it('refuses to save without a scope, sending nothing', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'CI' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^read/ }));
    await act(async () => fireEvent.click(button('Save')));
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    expect(sent()).toEqual(['GET /api/v1/tokens/']);
  });

  it('offers the admin scope to a superuser', async () => {
    renderTab({ ...ANN, is_superuser: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('checkbox', { name: /^admin/ })).toBeTruthy();
  });

  it('revokes only after confirmation', async () => {
    answers[`DELETE /api/v1/tokens/${LIVE.id}`] = { body: { ...LIVE, revoked_at: '2026-11-29T00:00:00Z' } };
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Deploy bot' }));
    expect(await screen.findByText(/stops working at once/)).toBeTruthy();
    expect(sent()).toEqual(['GET /api/v1/tokens/']);
    await act(async () => fireEvent.click(button('Revoke')));
    expect(await screen.findByText('API token "Deploy bot" revoked.')).toBeTruthy();
    expect(sent()).toContain(`DELETE /api/v1/tokens/${LIVE.id}`);
  });
});
