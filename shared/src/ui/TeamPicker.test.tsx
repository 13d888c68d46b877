// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserPublic } from '../api/client';
import { fakeApi, testQueryClient } from '../testing/fakeApi';
import { type CreatorRole, TeamPicker } from './TeamPicker';

const [OPS, WEB, READ] = [
  '00000000-0000-4000-8000-0000000000a1',
  '00000000-0000-4000-8000-0000000000a2',
  '00000000-0000-4000-8000-0000000000a3',
];
const team = (id: string, name: string, my_role: string | null) => ({
  id,
  name,
  description: null,
  my_role,
  member_count: 1,
  created_at: '2025-01-01T00:00:00Z',
});
const me = (is_superuser: boolean): UserPublic => ({
  id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  email: 'ann@example.com',
  full_name: null,
  is_active: true,
  is_superuser,
  created_at: '2025-01-01T00:00:00Z',
});

afterEach(cleanup);

function Picker({ need, preferred }: { need?: CreatorRole; preferred?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TeamPicker value={value} onChange={setValue} need={need} preferred={preferred} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function show(user: UserPublic, teams: ReturnType<typeof team>[], props: { need?: CreatorRole; preferred?: string } = {}) {
  const api = fakeApi((request) => (request.path === '/api/v1/teams/' ? { body: { data: teams, count: teams.length } } : undefined));
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], user);
  api.render(<Picker {...props} />, queryClient);
  return api;
}

const options = async () => {
  const picker = await screen.findByRole('combobox', { name: /^Team/ });
  picker.click();
  return (await screen.findAllByRole('option')).map((o) => o.textContent);
};

describe('TeamPicker', () => {
  it('is hidden, choosing nothing, when the user administers one team', async () => {
    const api = show(me(false), [team(OPS, 'Ops', 'admin'), team(READ, 'Readers', 'observer')]);
    await waitFor(() => expect(api.sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox', { name: /^Team/ })).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('offers the teams the user administers, the preferred one chosen', async () => {
    show(me(false), [team(OPS, 'Ops', 'admin'), team(READ, 'Readers', 'observer'), team(WEB, 'Web', 'admin')], { preferred: WEB });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe(WEB));
    expect(await options()).toEqual(['Ops', 'Web']);
  });

  it('for an alert, also those where the user responds; else the first by name', async () => {
    show(me(false), [team(OPS, 'Ops', 'responder'), team(READ, 'Readers', 'observer'), team(WEB, 'Web', 'admin')], { need: 'responder' });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe(OPS));
    expect(await options()).toEqual(['Ops', 'Web']);
  });

  it('offers a superuser every team', async () => {
    show(me(true), [team(OPS, 'Ops', null), team(READ, 'Readers', 'observer')]);
    expect(await options()).toEqual(['Ops', 'Readers']);
  });
});
