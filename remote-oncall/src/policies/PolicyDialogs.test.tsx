// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EscalationPolicyPublic } from '@vigil/shared';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { ADA, changesSent, onCallServer } from '../testing/onCallServer';
import { CreatePolicyDialog, EditPolicyDialog } from './PolicyDialogs';

const NIGHTS = { id: '5c0a3f6e-0b7e-4f43-9d57-1f3c2b1a0e01', name: 'Nights' };
const POLICY: EscalationPolicyPublic = {
  id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
  owner_id: ADA.id,
  team_id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Database',
  description: null,
  repeat: 1,
  max_level: 2,
  first_level_after_minutes: null,
  levels: [
    { delay_minutes: 10, targets: { user_ids: [ADA.id], schedule_ids: [], emails: [], hidden_email_count: 0 } },
    { delay_minutes: null, targets: { user_ids: [], schedule_ids: [NIGHTS.id], emails: ['dba@example.com'], hidden_email_count: 0 } },
  ],
  integration_count: 0,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
const POLICIES = '/api/v1/escalation-policies/';
const WAIT = { timeout: 5_000 };

let answers: Record<string, FakeAnswer>;
let api: FakeApi;
beforeEach(() => {
  answers = { 'GET /api/v1/schedules/': { body: { data: [NIGHTS], count: 1 } } };
  api = fakeApi(onCallServer(answers));
});
afterEach(cleanup);

const renderCreate = (onClose = vi.fn()) => api.render(<CreatePolicyDialog open onClose={onClose} />);
// The editor's warning links to the viewer's contact methods: it is rendered in a router, as in the console.
const renderEdit = (onClose = vi.fn()) =>
  api.render(
    <MemoryRouter>
      <EditPolicyDialog policy={POLICY} onClose={onClose} />
    </MemoryRouter>,
  );

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const changes = () => changesSent(api.sent).filter((r) => r.method !== 'GET');
const message = (text: string) => screen.queryByText(text, { selector: '.fui-Field__validationMessage' });

describe('Add Escalation Policy', () => {
  it('says what each level lacks, then creates the policy', async () => {
    answers[`POST ${POLICIES}`] = { status: 201, body: POLICY };
    const onClose = vi.fn();
    renderCreate(onClose);
    expect(screen.getByRole('heading', { name: 'Add Escalation Policy' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Level 1 escalate after (minutes)'), { target: { value: '0' } });
    await save();
    expect(message('Name is required')).toBeTruthy();
    expect(message('A whole number of minutes from 1 to 10080')).toBeTruthy();
    expect(screen.getByText('Pick at least one user, schedule or address', { selector: 'span[role=alert]' })).toBeTruthy();
    expect(changes()).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: ' Database ' } });
    fireEvent.change(screen.getByLabelText('Level 1 escalate after (minutes)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Level 1 email addresses'), { target: { value: 'ops@example.com,\ndev@example.com' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(changes()).toEqual([
      {
        method: 'POST',
        path: POLICIES,
        body: {
          name: 'Database',
          description: null,
          repeat: 0,
          max_level: null,
          first_level_after_minutes: 0,
          levels: [{ delay_minutes: 5, targets: { user_ids: [], schedule_ids: [], emails: ['ops@example.com', 'dev@example.com'] } }],
        },
      },
    ]);
    expect(await screen.findByText('The escalation policy was created successfully', {}, WAIT)).toBeTruthy();
  });

  it("shows a 422's items at their fields, without a toast, and a whole-body refusal as a toast", async () => {
    answers[`POST ${POLICIES}`] = {
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'levels', 0, 'targets', 'emails', 1], msg: 'Not an email address: dev@', type: 'value_error' },
          { loc: ['body', 'name'], msg: 'Name taken here', type: 'value_error' },
        ],
      },
    };
    const onClose = vi.fn();
    renderCreate(onClose);
    fireEvent.change(screen.getByLabelText(/^Name/, { selector: 'input' }), { target: { value: 'Database' } });
    fireEvent.change(screen.getByLabelText('Level 1 email addresses'), { target: { value: 'ops@example.com dev@' } });
    await save();
    expect(await screen.findByText('Not an email address: dev@', { selector: '.fui-Field__validationMessage' }, WAIT)).toBeTruthy();
    expect(message('Name taken here')).toBeTruthy();
    expect(screen.getAllByText('Not an email address: dev@')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();

    answers[`POST ${POLICIES}`] = { status: 422, body: { detail: 'You own 100 escalation policies, the most there can be' } };
    await save();
    expect(await screen.findByText('You own 100 escalation policies, the most there can be', {}, WAIT)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Edit Escalation Policy', () => {
  it('starts from the policy, reorders its levels and sends the whole policy', async () => {
    answers[`PATCH ${POLICIES}${POLICY.id}`] = { body: POLICY };
    const onClose = vi.fn();
    renderEdit(onClose);
    expect(screen.getByRole('heading', { name: 'Edit Escalation Policy' })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: "After level 1's delay (the alert's owner is emailed at once)" }) as HTMLInputElement).checked,
    ).toBe(true);
    const level1 = within(screen.getByRole('group', { name: 'Level 1' }));
    await waitFor(() => expect(level1.getByRole('list', { name: 'Level 1 users picked' }).textContent).toBe('Ada Lovelace'), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Move level 2 up' }));
    expect((screen.getByLabelText('Level 1 email addresses') as HTMLTextAreaElement).value).toBe('dba@example.com');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(changes()).toEqual([
      {
        method: 'PATCH',
        path: `${POLICIES}${POLICY.id}`,
        body: {
          name: 'Database',
          description: null,
          repeat: 1,
          max_level: 2,
          first_level_after_minutes: null,
          levels: [
            {
              delay_minutes: null,
              targets: { user_ids: [], schedule_ids: [NIGHTS.id], emails: ['dba@example.com'] },
            },
            { delay_minutes: 10, targets: { user_ids: [ADA.id], schedule_ids: [], emails: [] } },
          ],
        },
      },
    ]);
    expect(await screen.findByText('The escalation policy was updated successfully', {}, WAIT)).toBeTruthy();
  });
});
