// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { RULE_MESSAGES } from './GroupRuleDialog';
import { GroupRulesSection } from './GroupRulesSection';

const TEAM = '00000000-0000-4000-8000-0000000000aa';
const rule = {
  id: '00000000-0000-4000-8000-000000000001',
  group_name: 'sre',
  team_id: TEAM,
  team_name: 'SRE',
  role: 'observer',
  created_at: '2026-05-01T10:00:00Z',
};

let api: FakeApi;
let rules: (typeof rule)[];
const sent = (method: string) => api.sent.filter((r) => r.method === method);

beforeEach(() => {
  rules = [rule];
  api = fakeApi((request) => {
    if (request.method === 'GET' && request.path === '/api/v1/sso/group-rules') return { body: { data: rules, count: rules.length } };
    if (request.method === 'GET' && request.path === '/api/v1/teams/') {
      return {
        body: {
          data: [{ id: TEAM, name: 'SRE', description: null, my_role: null, member_count: 3, created_at: rule.created_at }],
          count: 1,
        },
      };
    }
    if (request.method === 'POST' && request.path === '/api/v1/sso/group-rules') {
      const made = { ...rule, id: '00000000-0000-4000-8000-000000000002', ...(request.body as object) };
      rules = [...rules, { ...made, team_name: 'SRE' }];
      return { body: made };
    }
    if (request.method === 'DELETE' && request.path === `/api/v1/sso/group-rules/${rule.id}`) {
      rules = [];
      return { body: { message: 'Group rule deleted' } };
    }
    return undefined;
  });
});
afterEach(cleanup);

describe('Single sign-on group rules', () => {
  it('lists the rules, adds one once the group and team are given, and deletes one after confirming', async () => {
    api.render(<GroupRulesSection />);
    const row = await screen.findByTestId('group-rule-row');
    expect(within(row).getByText('sre')).toBeTruthy();
    expect(within(row).getByText('Observer')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add group rule' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    await act(async () => fireEvent.click(within(dialog).getByText('Add', { selector: 'button' })));
    expect(await within(dialog).findByText(RULE_MESSAGES.groupRequired)).toBeTruthy();
    expect(within(dialog).getByText(RULE_MESSAGES.teamRequired)).toBeTruthy();
    expect(sent('POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Group/), { target: { value: ' payments ' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Team/, hidden: true }));
    fireEvent.click(await within(dialog).findByRole('option', { name: 'SRE', hidden: true }));
    await act(async () => fireEvent.click(within(dialog).getByText('Add', { selector: 'button' })));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]?.body).toEqual({ group_name: 'payments', team_id: TEAM, role: 'responder' });
    await waitFor(() => expect(screen.getAllByTestId('group-rule-row')).toHaveLength(2));
    // Fluent may leave the page aria-hidden in jsdom after a dialog closes: found with `hidden`.
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for the rule of sre', hidden: true }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete rule', hidden: true }));
    const confirm = await screen.findByRole('alertdialog', { hidden: true });
    await act(async () => fireEvent.click(within(confirm).getByText('Delete', { selector: 'button' })));
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
  });

  it('says when there are none', async () => {
    rules = [];
    api.render(<GroupRulesSection />);
    expect(await screen.findByText('No group rules yet')).toBeTruthy();
  });
});
