// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeAnswer } from '../../../shared/src/testing/fakeApi';
import { ANN, BOB_ID, renderTeams, TEAM_ID, team } from '../testing';
import { NO_INVITES } from './InvitesSection';

/** Answers go through react-query and the fake server: more than the default second on a loaded machine. */
const WAIT = { timeout: 5_000 };

afterEach(cleanup);

// In jsdom Fluent's focus manager may leave a dialog opened after the first render aria-hidden
// (PoliciesList.test.tsx): what is inside a dialog is found with `hidden: true`; the browser
// suite (e2e/teams.spec.ts) finds it by role as users do.
const TEAM_PATH = `/api/v1/teams/${TEAM_ID}`;
const LAST_ADMIN = 'A team keeps at least one admin: make another member admin first';
const PAGED = "The member is still paged by this team's schedule Primary: take them out first";

const answersFor = (role: 'admin' | 'observer', extra: Record<string, FakeAnswer> = {}) => ({
  [`GET ${TEAM_PATH}`]: { body: team(role) },
  [`GET ${TEAM_PATH}/invites`]: { body: { data: [], count: 0 } },
  [`GET ${TEAM_PATH}/chat-channels`]: { body: { data: [], count: 0 } },
  'GET /api/v1/chat/kinds': { body: { data: [], count: 0 } },
  ...extra,
});

const rows = async () =>
  (await screen.findAllByTestId('member-row', {}, WAIT)).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

const openRowMenu = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }, WAIT));
  return screen.findByRole('menu', {}, WAIT);
};

describe('/teams/:id for an admin', () => {
  it('lists the members with their email, role and the date they joined, and no pending invitation', async () => {
    renderTeams(`/teams/${TEAM_ID}`, answersFor('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' }, WAIT)).toBeTruthy();
    const members = await rows();
    expect(members.map((cells) => cells.slice(0, 3))).toEqual([
      ['AnnYou', 'ann@example.com', 'Admin'],
      ['Bob', 'bob@example.com', 'Responder'],
    ]);
    expect(await screen.findByText(NO_INVITES, {}, WAIT)).toBeTruthy();
    for (const name of ['Invite member', 'Rename team', 'Delete team', 'Leave team'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it("changes a member's role from the row's menu, and shows the API's refusal", async () => {
    const api = renderTeams(
      `/teams/${TEAM_ID}`,
      answersFor('admin', {
        [`PATCH ${TEAM_PATH}/members/${BOB_ID}`]: { body: team('admin') },
        [`PATCH ${TEAM_PATH}/members/${ANN.id}`]: { status: 409, body: { detail: LAST_ADMIN } },
      }),
    );
    const menu = await openRowMenu('Bob');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Make admin', 'Make observer', 'Remove from team']);
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Make admin' })));
    expect(await screen.findByText('Bob is now admin.', {}, WAIT)).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: `${TEAM_PATH}/members/${BOB_ID}`,
      body: { role: 'admin' },
    });

    const mine = await openRowMenu('Ann');
    await act(async () => fireEvent.click(within(mine).getByRole('menuitem', { name: 'Make observer' })));
    expect(await screen.findByText(LAST_ADMIN, {}, WAIT)).toBeTruthy();
  });

  it("keeps the remove dialog open with the API's 409 text while the team still pages the member", async () => {
    renderTeams(
      `/teams/${TEAM_ID}`,
      answersFor('admin', { [`DELETE ${TEAM_PATH}/members/${BOB_ID}`]: { status: 409, body: { detail: PAGED } } }),
    );
    const menu = await openRowMenu('Bob');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Remove from team' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove member', hidden: true }, WAIT);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove', hidden: true })));
    expect((await within(dialog).findByRole('alert', { hidden: true }, WAIT)).textContent).toBe(PAGED);
  });

  it('invites an address with a role and shows the link once, with a copy button', async () => {
    const invite = {
      id: '00000000-0000-4000-8000-0000000000cc',
      email: 'cy@example.com',
      role: 'observer',
      expires_at: '2025-01-08T00:00:00Z',
      created_at: '2025-01-01T00:00:00Z',
      invite_url: 'http://vigil.test/invite?token=abcdefghijklmnopqrstuvwxyz',
    };
    const api = renderTeams(`/teams/${TEAM_ID}`, answersFor('admin', { [`POST ${TEAM_PATH}/invites`]: { body: invite } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Invite member' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member', hidden: true }, WAIT);
    fireEvent.change(within(dialog).getByLabelText(/^Email/, { selector: 'input' }), { target: { value: ' cy@example.com ' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Role/, hidden: true }));
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Observer', hidden: true }, WAIT));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Role/, hidden: true }).textContent).toBe('Observer'), WAIT);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Invite', hidden: true })));
    await waitFor(() => expect(api.sent.map((r) => r.method)).toContain('POST'), WAIT);
    expect(await screen.findByText('Invitation sent.', {}, WAIT)).toBeTruthy();
    const shown = await screen.findByRole('region', { name: 'Invitation sent' }, WAIT);
    expect((within(shown).getByRole('textbox', { name: 'Invitation link' }) as HTMLInputElement).value).toBe(invite.invite_url);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(shown).getByText('cy@example.com is invited as observer.')).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'POST')?.body).toEqual({ email: 'cy@example.com', role: 'observer' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitation sent' })).toBeNull(), WAIT);
  });
});

describe('/teams/:id for an observer', () => {
  it('shows the members without emails or menus, asks for no invitations, and leaves', async () => {
    const observer = team('observer');
    for (const member of observer.members) delete member.email;
    const api = renderTeams(`/teams/${TEAM_ID}`, {
      [`GET ${TEAM_PATH}`]: { body: observer },
      [`DELETE ${TEAM_PATH}/members/${ANN.id}`]: { body: { message: 'Member removed successfully' } },
    });
    expect((await rows()).map((cells) => cells.slice(0, 2))).toEqual([
      ['AnnYou', 'Admin'],
      ['Bob', 'Responder'],
    ]);
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave team', hidden: true }, WAIT);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Leave', hidden: true })));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/teams'), WAIT);
    expect(await screen.findByText('You left Payments.', {}, WAIT)).toBeTruthy();
    expect(api.sent.some((r) => r.path.endsWith('/invites'))).toBe(false);
  });

  it("shows the API's 409 when the last admin tries to leave", async () => {
    renderTeams(
      `/teams/${TEAM_ID}`,
      answersFor('admin', { [`DELETE ${TEAM_PATH}/members/${ANN.id}`]: { status: 409, body: { detail: LAST_ADMIN } } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Leave team' }, WAIT));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave team', hidden: true }, WAIT);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Leave', hidden: true })));
    expect((await within(dialog).findByRole('alert', { hidden: true }, WAIT)).textContent).toBe(LAST_ADMIN);
    expect(screen.getByTestId('where').textContent).toBe(`/teams/${TEAM_ID}`);
  });
});
