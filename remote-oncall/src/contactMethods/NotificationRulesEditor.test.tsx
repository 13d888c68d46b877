// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContactMethodPublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { NotificationRulesEditor } from './NotificationRulesEditor';

/** Answers go through react-query and the fake server: more than the default second on a loaded machine. */
const WAIT = { timeout: 5_000 };

const method = (n: number, label: string, verified: boolean): ContactMethodPublic => ({
  id: `1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f${n}`,
  kind: 'webhook',
  label,
  target: 'https://example.com/vigil',
  topic: null,
  secret_hint: null,
  verified,
  verified_at: null,
  code_requested_at: null,
  last_test: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});
const HOOK = method(1, 'Work hook', true);
const PHONE = method(2, 'Phone', false);
const RULES = '/api/v1/users/me/notification-rules';

let answers: Record<string, FakeAnswer>;
let api: FakeApi;
beforeEach(() => {
  answers = { [`GET ${RULES}`]: { body: { rules: [{ contact_method_id: HOOK.id, delay_minutes: 0 }] } } };
  api = fakeApi((request) => answers[`${request.method} ${request.path}`]);
});
afterEach(cleanup);

const saveRules = () => screen.getByRole('button', { name: 'Save rules' });
const words = () =>
  within(screen.getByRole('list', { name: 'Rules in words' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Notification rules', () => {
  it('edits the rules in order, says them in words, and saves the whole list', async () => {
    answers[`PUT ${RULES}`] = { body: { rules: [] } };
    api.render(<NotificationRulesEditor methods={[HOOK, PHONE]} />);
    await waitFor(() => expect(words()).toEqual(['Immediately by Work hook']), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const rule2 = within(screen.getByRole('group', { name: 'Rule 2' }));
    fireEvent.change(rule2.getByLabelText('After (minutes)'), { target: { value: '1441' } });
    expect(rule2.getByText('Minutes from 0 to 1440')).toBeTruthy();
    expect(saveRules().hasAttribute('disabled')).toBe(true);
    fireEvent.change(rule2.getByLabelText('After (minutes)'), { target: { value: '5' } });
    fireEvent.click(rule2.getByRole('combobox', { name: 'Method' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Phone (not verified)' }, WAIT));
    fireEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    expect(words()).toEqual(['After 5 minutes by Phone', 'Immediately by Work hook']);

    await act(async () => fireEvent.click(saveRules()));
    expect(await screen.findByText('Your notification rules were saved successfully', {}, WAIT)).toBeTruthy();
    expect(api.sent.filter((r) => r.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: RULES,
        body: {
          rules: [
            { contact_method_id: PHONE.id, delay_minutes: 5 },
            { contact_method_id: HOOK.id, delay_minutes: 0 },
          ],
        },
      },
    ]);
  });

  it("shows a 422's item at its rule's field, and the toast", async () => {
    answers[`PUT ${RULES}`] = {
      status: 422,
      body: { detail: [{ loc: ['body', 'rules', 0, 'contact_method_id'], msg: 'Not one of your contact methods', type: 'value_error' }] },
    };
    api.render(<NotificationRulesEditor methods={[HOOK, PHONE]} />);
    await waitFor(() => expect(words()).toEqual(['Immediately by Work hook']), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await act(async () => fireEvent.click(saveRules()));
    const rule1 = within(screen.getByRole('group', { name: 'Rule 1' }));
    expect(await rule1.findByText('Not one of your contact methods', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('Not one of your contact methods', { selector: '.fui-Toast *' }, WAIT)).toBeTruthy();
  });
});
