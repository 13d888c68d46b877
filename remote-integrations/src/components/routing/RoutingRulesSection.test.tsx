// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IntegrationPublic, RoutingRule } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi, testQueryClient } from '../../../../shared/src/testing/fakeApi';
import { RoutingRulesSection } from './RoutingRulesSection';
import { conditionText, errorsByRule, toInput } from './ruleText';

const WAIT = { timeout: 5_000 };
const ID = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';
const TEAM = '00000000-0000-4000-8000-0000000000aa';
const POLICY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ME = '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10';
const INTEGRATION: IntegrationPublic = {
  id: ID,
  title: 'Alertmanager',
  description: null,
  owner_id: ME,
  team_id: TEAM,
  created_at: '2025-01-01T00:00:00Z',
  has_ingest_key: true,
  escalation_policy_id: null,
  group_by: [],
  group_window_minutes: 10,
};
const saved = (position: number, name: string, extra: Partial<RoutingRule>): RoutingRule => ({
  id: `1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f${position}`,
  position,
  name,
  mode: 'all',
  matchers: [],
  action: 'drop',
  escalation_policy_id: null,
  severity: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  ...extra,
});
const STAGING = saved(0, 'Staging is noise', { matchers: [{ field: 'labels.env', op: 'equals', value: 'staging' }] });
const DATABASES = saved(1, 'Databases', {
  action: 'route',
  escalation_policy_id: POLICY,
  matchers: [{ field: 'labels.team', op: 'exists' }],
});
const RULES = `/api/v1/integration/${ID}/routing-rules`;

let answers: Record<string, FakeAnswer>;
let api: FakeApi;
beforeEach(() => {
  answers = {
    [`GET ${RULES}`]: { body: { data: [STAGING, DATABASES], count: 2 } },
    'GET /api/v1/teams/': { body: { data: [{ id: TEAM, name: 'Ops', my_role: 'admin' }], count: 1 } },
    'GET /api/v1/escalation-policies/': { body: { data: [{ id: POLICY, name: 'Databases on call', team_id: TEAM }], count: 1 } },
    [`GET /api/v1/integration/${ID}/routing-drops`]: { body: { data: [], count: 0 } },
  };
  api = fakeApi((request) => answers[`${request.method} ${request.path}`]);
});
afterEach(cleanup);

/** The section as the integration's dialog shows it, for a signed-in user who is not a superuser. */
function renderSection() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], { id: ME, email: 'me@example.com', is_superuser: false, is_active: true, full_name: null });
  api.render(<RoutingRulesSection integration={INTEGRATION} />, queryClient);
}

const ruleItems = () =>
  within(screen.getByRole('list', { name: 'Rules in order' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('Routing rules', () => {
  it('lists the rules in words, reorders them and saves the whole list with their ids', async () => {
    answers[`PUT ${RULES}`] = { body: { data: [], count: 0 } };
    renderSection();
    await waitFor(() => expect(ruleItems()).toEqual(['Rule 1: Staging is noise', 'Rule 2: Databases']), WAIT);
    expect(screen.getByText('When labels.env equals "staging"')).toBeTruthy();
    expect(await screen.findByText('Route to Databases on call', {}, WAIT)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Move rule 2 up' }, WAIT));
    expect(ruleItems()).toEqual(['Rule 1: Databases', 'Rule 2: Staging is noise']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save rules' })));
    expect(await screen.findByText('The routing rules were saved', {}, WAIT)).toBeTruthy();
    expect(api.sent.find((r) => r.method === 'PUT')?.body).toEqual({
      rules: [
        {
          id: DATABASES.id,
          name: 'Databases',
          mode: 'all',
          matchers: [{ field: 'labels.team', op: 'exists' }],
          action: 'route',
          escalation_policy_id: POLICY,
        },
        {
          id: STAGING.id,
          name: 'Staging is noise',
          mode: 'all',
          matchers: [{ field: 'labels.env', op: 'equals', value: 'staging' }],
          action: 'drop',
        },
      ],
    });
  });

  it("shows a 422's message next to the rule it names", async () => {
    answers[`PUT ${RULES}`] = {
      status: 422,
      body: {
        detail: [
          {
            loc: ['body', 'rules', 1, 'matchers', 0, 'value'],
            msg: 'Value error, rule 2 ("Databases"): Not a valid regular expression',
            type: 'value_error',
          },
        ],
      },
    };
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove rule 1' }, WAIT));
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    // In jsdom Fluent leaves a dialog opened after the first render aria-hidden: found by its title, its fields by label.
    const dialog = await screen.findByRole('dialog', { hidden: true }, WAIT);
    expect(within(dialog).getByText('Add routing rule')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Everything' } });
    fireEvent.click(within(dialog).getByLabelText(/Drop the alert/));
    fireEvent.click(within(dialog).getByText('Keep', { selector: 'button' }));
    await waitFor(() => expect(ruleItems()).toEqual(['Rule 1: Databases', 'Rule 2: Everything']), WAIT);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save rules' })));
    const item = screen.getByRole('listitem', { name: 'Rule 2: Everything' });
    expect(await within(item).findByText('Value error, rule 2 ("Databases"): Not a valid regular expression', {}, WAIT)).toBeTruthy();
  });

  it('tests the drafted rules and shows, per alert, the rule and the outcome', async () => {
    answers[`POST ${RULES}/test`] = {
      body: {
        count: 1,
        data: [
          {
            source: 'alert',
            alert_id: '5b5b5b5b-5b5b-4b5b-8b5b-5b5b5b5b5b5b',
            dedup_key: 'k',
            title: 'Replica lag',
            severity: 'warning',
            labels: { team: 'db' },
            created_at: '2025-01-01T00:00:00Z',
            outcome: 'routed',
            rule: { position: 1, name: 'Databases', action: 'route' },
            applied: [{ position: 1, name: 'Databases', action: 'route' }],
            escalation_policy_id: POLICY,
            result_severity: 'warning',
          },
        ],
      },
    };
    renderSection();
    await waitFor(() => expect(ruleItems()).toHaveLength(2), WAIT);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Test rules' })));
    const table = await screen.findByRole('table', { name: 'Test results' }, WAIT);
    expect(within(table).getByText('2. Databases')).toBeTruthy();
    expect(within(table).getByText('Routed to Databases on call')).toBeTruthy();
    expect((api.sent.find((r) => r.method === 'POST')?.body as { rules?: unknown[] } | undefined)?.rules).toHaveLength(2);
  });

  it('a member who is not an admin reads and tests, with nothing to edit', async () => {
    answers['GET /api/v1/teams/'] = { body: { data: [{ id: TEAM, name: 'Ops', my_role: 'responder' }], count: 1 } };
    renderSection();
    await waitFor(() => expect(ruleItems()).toHaveLength(2), WAIT);
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit rule 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Test rules' })).toBeTruthy();
  });
});

describe('rule texts', () => {
  it('say a rule in words and send only what its action takes', () => {
    expect(conditionText({ matchers: [], mode: 'all' })).toBe('Every alert');
    expect(
      conditionText({
        mode: 'any',
        matchers: [
          { field: 'title', op: 'regex', value: '^Disk' },
          { field: 'labels.env', op: 'not_exists' },
        ],
      }),
    ).toBe('When title matches the regex "^Disk" or labels.env is not set');
    expect(
      toInput({
        key: 1,
        name: ' Drop ',
        matchers: [{ field: 'labels.a', op: 'exists', value: 'x' }],
        action: 'drop',
        severity: 'info',
        escalation_policy_id: POLICY,
      }),
    ).toEqual({ name: 'Drop', mode: 'all', matchers: [{ field: 'labels.a', op: 'exists' }], action: 'drop' });
    expect(errorsByRule({ 'rules.2.matchers.0.value': 'a', 'rules.2.name': 'b', 'rules.10': 'c', other: 'd' })).toEqual(
      new Map([
        [2, ['a', 'b']],
        [10, ['c']],
      ]),
    );
  });
});
