// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EscalationPolicyPublic, UserPublic } from '@vigil/shared';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, testQueryClient } from '../../../shared/src/testing/fakeApi';
import { PoliciesList } from './PoliciesList';
import { POLICY_UPDATED } from './PolicyDialogs';
import { MAX_LEVEL_PROBLEM } from './policyValues';

const OWNER = '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10';
const OTHER = '2c9e6a1d-3b4f-4e8a-9c7d-5f6e7a8b9c0d';
const PAGER = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';
const QUIET = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const TEAM = '00000000-0000-4000-8000-0000000000aa';
const user = (id: string): UserPublic => ({
  id,
  email: `${id.slice(0, 4)}@example.com`,
  full_name: null,
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
});
const policy = (id: string, name: string, max_level: number | null): EscalationPolicyPublic => ({
  id,
  owner_id: OWNER,
  team_id: TEAM,
  name,
  description: null,
  repeat: 1,
  max_level,
  first_level_after_minutes: 0,
  levels: [{ delay_minutes: 10, targets: { user_ids: [], schedule_ids: [], emails: ['ops@example.com'], hidden_email_count: 0 } }],
  integration_count: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

let policies: EscalationPolicyPublic[];
let api: FakeApi;
/** The signed-in user's role in the policies' team: the owner administers it, anyone else observes. */
let myRole: 'admin' | 'observer';

/** PoliciesList at `path`, as On call routes it, for `me`. */
function renderAt(path: string, me: UserPublic) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], me);
  myRole = me.id === OWNER ? 'admin' : 'observer';
  api.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/oncall/policies" element={<PoliciesList />} />
        <Route path="/oncall/policies/:policyId" element={<PoliciesList />} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
}

// In jsdom Fluent's focus manager leaves a dialog opened after the first render aria-hidden (so
// without an accessible name): it is found by its title and its buttons by text here; the
// browser suite (e2e/escalation.spec.ts) finds them by role.
async function findEditor() {
  const dialog = await screen.findByRole('dialog', { hidden: true });
  expect(within(dialog).getByText('Edit Escalation Policy')).toBeTruthy();
  return dialog;
}
const save = (dialog: HTMLElement) => within(dialog).getByText('Save', { selector: 'button' });
const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td' })).closest('tr') as HTMLElement;
const patches = () => api.sent.filter((r) => r.method === 'PATCH');

beforeEach(() => {
  policies = [policy(PAGER, 'Database pager', 4), policy(QUIET, 'Quiet hours', null)];
  api = fakeApi((request) => {
    if (request.method === 'GET' && request.path === '/api/v1/escalation-policies/') return { body: { data: policies, count: 2 } };
    if (request.method === 'GET' && request.path === '/api/v1/schedules/') return { body: { data: [], count: 0 } };
    if (request.method === 'GET' && request.path === '/api/v1/teams/') {
      const team = { id: TEAM, name: 'Ops', description: null, my_role: myRole, member_count: 2, created_at: '2025-01-01T00:00:00Z' };
      return { body: { data: [team], count: 1 } };
    }
    if (request.method === 'PATCH' && request.path === `/api/v1/escalation-policies/${PAGER}`) {
      const changed = { ...policies[0]!, ...(request.body as Partial<EscalationPolicyPublic>) };
      policies = [changed as EscalationPolicyPublic, policies[1]!];
      return { body: changed };
    }
    return undefined;
  });
});
afterEach(cleanup);

describe('a link to one policy (/oncall/policies/:id)', () => {
  it('marks its row and opens its editor for the owner, with the timer’s top level, once', async () => {
    renderAt(`/oncall/policies/${PAGER}`, user(OWNER));
    const dialog = await findEditor();
    expect((await rowOf('Database pager')).getAttribute('aria-current')).toBe('true');
    expect((await rowOf('Quiet hours')).getAttribute('aria-current')).toBeNull();
    expect(within(await rowOf('Database pager')).getByText('Repeats 1 time · the timer stops at level 4')).toBeTruthy();
    expect(within(await rowOf('Quiet hours')).getByText('Repeats 1 time')).toBeTruthy();

    const upTo = within(dialog).getByLabelText('Up to level') as HTMLInputElement;
    expect(upTo.value).toBe('4');
    fireEvent.change(upTo, { target: { value: '111' } });
    fireEvent.click(save(dialog));
    expect(await within(dialog).findByText(MAX_LEVEL_PROBLEM)).toBeTruthy();
    expect(MAX_LEVEL_PROBLEM).toBe('A whole number from 1 to 110, or nothing');
    expect(patches()).toEqual([]);

    // Emptied: the end of the last repeat.
    fireEvent.change(upTo, { target: { value: '' } });
    await act(async () => fireEvent.click(save(dialog)));
    expect(await screen.findByText(POLICY_UPDATED)).toBeTruthy();
    expect(patches()).toHaveLength(1);
    expect(patches()[0]?.body).toMatchObject({ name: 'Database pager', repeat: 1, max_level: null, first_level_after_minutes: 0 });
    // Saved and closed, with the rows read again: the link does not open it a second time.
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    await waitFor(async () => expect(within(await rowOf('Database pager')).getByText('Repeats 1 time')).toBeTruthy());
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('only marks the row for someone who may not change it', async () => {
    renderAt(`/oncall/policies/${PAGER}`, user(OTHER));
    expect((await rowOf('Database pager')).getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('a typed top level is sent as a number', async () => {
    renderAt('/oncall/policies', user(OWNER));
    expect((await rowOf('Database pager')).getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for escalation policy Database pager' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit escalation policy' }));
    const dialog = await findEditor();
    fireEvent.change(within(dialog).getByLabelText('Up to level'), { target: { value: '6' } });
    await act(async () => fireEvent.click(save(dialog)));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]?.body).toMatchObject({ max_level: 6 });
  });
});
