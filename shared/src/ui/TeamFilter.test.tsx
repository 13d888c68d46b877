// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserPublic } from '../api/client';
import { fakeApi, testQueryClient } from '../testing/fakeApi';
import { ALL_MY_TEAMS, ALL_TEAMS, parseTeamFilter, TeamFilter, useTeamFilterParam, withTeamFilter } from './TeamFilter';

const OPS = '00000000-0000-4000-8000-0000000000a1';
const WEB = '00000000-0000-4000-8000-0000000000a2';
const team = (id: string, name: string) => ({
  id,
  name,
  description: null,
  my_role: 'admin',
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

describe('?team=', () => {
  it('reads an id, and drops anything else', () => {
    expect(parseTeamFilter(new URLSearchParams(`team=${OPS.toUpperCase()}`))).toBe(OPS);
    for (const query of ['', 'team=', 'team=ops', `team=${OPS}x`])
      expect(parseTeamFilter(new URLSearchParams(query)), query).toBeUndefined();
  });

  it('is written with the other parameters kept and the page reset', () => {
    expect(withTeamFilter(new URLSearchParams('page=3&state=open'), WEB).toString()).toBe(`state=open&team=${WEB}`);
    expect(withTeamFilter(new URLSearchParams(`team=${WEB}&q=disk`), undefined).toString()).toBe('q=disk');
  });
});

function Filter() {
  const { teamId, setTeamId } = useTeamFilterParam();
  const { search } = useLocation();
  return (
    <>
      <TeamFilter teamId={teamId} onChange={setTeamId} />
      <output data-testid="search">{search}</output>
    </>
  );
}

function show(user: UserPublic, teams: ReturnType<typeof team>[], path = '/integrations?page=2') {
  const api = fakeApi((request) => (request.path === '/api/v1/teams/' ? { body: { data: teams, count: teams.length } } : undefined));
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], user);
  api.render(
    <MemoryRouter initialEntries={[path]}>
      <Filter />
    </MemoryRouter>,
    queryClient,
  );
  return api;
}

describe('TeamFilter', () => {
  it('is hidden for a user in one team', async () => {
    const api = show(me(false), [team(OPS, 'Ops')]);
    await waitFor(() => expect(api.sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox', { name: 'Team' })).toBeNull();
  });

  it('offers "All my teams" and each team, and keeps the choice in ?team=', async () => {
    show(me(false), [team(OPS, 'Ops'), team(WEB, 'Web')]);
    const filter = await screen.findByRole('combobox', { name: 'Team' });
    expect(filter.textContent).toBe(ALL_MY_TEAMS);
    fireEvent.click(filter);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([ALL_MY_TEAMS, 'Ops', 'Web']);
    fireEvent.click(screen.getByRole('option', { name: 'Web' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(`?team=${WEB}`));
    expect(filter.textContent).toBe('Web');
  });

  it("is shown to a superuser, as every team's", async () => {
    show(me(true), [team(OPS, 'Ops')], `/alerts?team=${OPS}`);
    const filter = await screen.findByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(filter.textContent).toBe('Ops'));
    fireEvent.click(filter);
    fireEvent.click(await screen.findByRole('option', { name: ALL_TEAMS }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
  });
});
