// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderTeams, TEAM_ID, team } from '../testing';
import { NO_TEAMS, NOT_A_MEMBER } from './TeamsList';

/** Answers go through react-query and the fake server: more than the default second on a loaded machine. */
const WAIT = { timeout: 5_000 };

afterEach(cleanup);

const listOf = (...teams: ReturnType<typeof team>[]) => ({ body: { data: teams, count: teams.length } });

describe('/teams', () => {
  it("lists the caller's teams with their role and member count", async () => {
    const other = { ...team(null), id: '00000000-0000-4000-8000-0000000000bb', name: 'Search', member_count: 1 };
    renderTeams('/teams', { 'GET /api/v1/teams/': listOf(team('admin'), other) });
    expect(screen.getByRole('heading', { level: 1, name: 'Teams' })).toBeTruthy();
    const rows = await screen.findAllByTestId('team-row', {}, WAIT);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Payments', 'Admin', '2 members', ''],
      ['Search', NOT_A_MEMBER, '1 member', ''],
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Payments' })
        .getAttribute('href'),
    ).toBe(`/teams/${TEAM_ID}`);
  });

  it('says so when the caller is in no team', async () => {
    renderTeams('/teams', { 'GET /api/v1/teams/': listOf() });
    expect(await screen.findByText(NO_TEAMS, {}, WAIT)).toBeTruthy();
  });

  it('creates a team with "New team" and opens it', async () => {
    const api = renderTeams('/teams', {
      'GET /api/v1/teams/': listOf(),
      'POST /api/v1/teams/': { body: team('admin', { members: [] }) },
      [`GET /api/v1/teams/${TEAM_ID}`]: { body: team('admin') },
      [`GET /api/v1/teams/${TEAM_ID}/invites`]: { body: { data: [], count: 0 } },
    });
    fireEvent.click((await screen.findAllByRole('button', { name: 'New team' }, WAIT))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'New team', hidden: true }, WAIT);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create', hidden: true })));
    expect(await within(dialog).findByText('Name is required', {}, WAIT)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/, { selector: 'input' }), { target: { value: '  Payments ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create', hidden: true })));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/teams/${TEAM_ID}`), WAIT);
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/teams/', body: { name: 'Payments', description: null } },
    ]);
    expect(await screen.findByText('Team created successfully.', {}, WAIT)).toBeTruthy();
  });
});
