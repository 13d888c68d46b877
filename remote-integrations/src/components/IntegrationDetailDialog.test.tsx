// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EscalationPolicyPublic, IntegrationPublic } from '@vigil/shared';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { IntegrationDetailDialog } from './IntegrationDetailDialog';

const ID = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';
const POLICY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const OWNER = '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10';

const targets = (emails: string[], hidden = 0) => ({ user_ids: [], schedule_ids: [], emails, hidden_email_count: hidden });
const INTEGRATION: IntegrationPublic = {
  id: ID,
  title: 'Prometheus',
  description: null,
  owner_id: OWNER,
  team_id: '00000000-0000-4000-8000-0000000000aa',
  created_at: '2025-01-01T00:00:00Z',
  has_ingest_key: true,
  escalation_policy_id: POLICY,
  group_by: [],
  group_window_minutes: 10,
};
const PAYMENTS: EscalationPolicyPublic = {
  id: POLICY,
  owner_id: OWNER,
  team_id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Payments',
  description: null,
  repeat: 2,
  max_level: 4,
  first_level_after_minutes: 0,
  levels: [
    { delay_minutes: 10, targets: targets(['noc@example.com']) },
    { delay_minutes: null, targets: targets([]) },
  ],
  integration_count: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

const NOC = {
  email: 'noc@example.com',
  status: 'unconfirmed',
  confirmation_requested_at: null,
  resend_available_at: null,
  confirmed_at: null,
  confirmed_by_admin: false,
};

let integration: IntegrationPublic;
let policy: EscalationPolicyPublic;
let api: FakeApi;

beforeEach(() => {
  integration = INTEGRATION;
  policy = PAYMENTS;
  api = fakeApi((request) => {
    if (request.path === `/api/v1/integration/${ID}` && request.method === 'PATCH') {
      const patch = request.body as Partial<IntegrationPublic>;
      if (patch.group_by?.includes('bad')) {
        return {
          status: 422,
          body: { detail: [{ loc: ['body', 'group_by', 0], msg: 'String should match pattern', type: 'string_pattern_mismatch' }] },
        };
      }
      integration = { ...integration, ...patch };
      return { body: integration };
    }
    if (request.path === `/api/v1/integration/${ID}`) return { body: integration };
    if (request.path === '/api/v1/escalation-policies/') return { body: { data: [policy], count: 1 } };
    if (request.path === `/api/v1/escalation-policies/${POLICY}`) return { body: policy };
    if (request.path === `/api/v1/integration/${ID}/contacts`) return { body: { data: [NOC], count: 1 } };
    if (request.path === `/api/v1/integration/${ID}/routing-rules`) return { body: { data: [], count: 0 } };
    if (request.path === `/api/v1/integration/${ID}/routing-drops`) return { body: { data: [], count: 0 } };
    return undefined;
  });
});
afterEach(cleanup);

const renderDialog = () =>
  api.render(
    <MemoryRouter initialEntries={[`/integrations?integration=${ID}`]}>
      <IntegrationDetailDialog id={ID} onClose={() => {}} />
    </MemoryRouter>,
  );

describe("an integration's escalation policy in its details", () => {
  it('shows the policy it uses, in brief, with a link to it under On call', async () => {
    renderDialog();
    const section = await screen.findByRole('region', { name: 'Escalation policy in use' });
    expect(within(section).getByText('Payments')).toBeTruthy();
    expect(within(section).getByText('2 levels · 10 min → stop · Repeats 2 times · the timer stops at level 4')).toBeTruthy();
    const link = within(section).getByRole('link', { name: 'Open this policy in On call' });
    expect(link.getAttribute('href')).toBe(`/oncall/policies/${POLICY}`);
    expect(screen.getByRole('link', { name: 'On call › Escalation policies' }).getAttribute('href')).toBe('/oncall/policies');
    // It names an address: its contacts and their confirmations are listed.
    const contacts = await screen.findByRole('table', { name: 'Contacts' });
    expect(within(contacts).getByText('noc@example.com')).toBeTruthy();
  });

  it("lists no contacts for a policy whose addresses are not the reader's, and nothing without a policy", async () => {
    policy = { ...PAYMENTS, levels: [{ delay_minutes: 10, targets: targets([], 2) }] };
    renderDialog();
    await screen.findByRole('region', { name: 'Escalation policy in use' });
    // The contacts would mount with the policy's summary, loading.
    expect(screen.queryByText('Loading the contacts')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Contacts' })).toBeNull();
    cleanup();

    integration = { ...INTEGRATION, escalation_policy_id: null };
    renderDialog();
    await screen.findByText('Prometheus');
    expect(screen.queryByRole('region', { name: 'Escalation policy in use' })).toBeNull();
    expect(api.sent.filter((r) => r.path === `/api/v1/escalation-policies/${POLICY}`)).toHaveLength(1);
  });
});

describe("an integration's grouping in its details", () => {
  it('shows the settings in force, saves new ones, and places a refusal at its field', async () => {
    renderDialog();
    const section = await screen.findByRole('region', { name: 'Grouping' });
    expect(within(section).getByText('Off: every alert is its own.')).toBeTruthy();
    const labels = within(section).getByRole('textbox', { name: /Group alerts by labels/ });
    const window = within(section).getByRole('spinbutton', { name: /Window \(minutes\)/ });
    const save = within(section).getByRole('button', { name: 'Save grouping' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(labels, { target: { value: 'alertname, cluster' } });
    fireEvent.change(window, { target: { value: '30' } });
    fireEvent.click(save);
    await within(section).findByText('Alerts with the same alertname, cluster within 30 minutes of the first are one alert.');
    expect(api.sent.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/v1/integration/${ID}`, body: { group_by: ['alertname', 'cluster'], group_window_minutes: 30 } },
    ]);

    fireEvent.change(labels, { target: { value: 'bad' } });
    fireEvent.click(save);
    await within(section).findByText('String should match pattern');
    fireEvent.change(window, { target: { value: '0' } });
    fireEvent.blur(window);
    await waitFor(() => expect(within(section).getByText('Enter whole minutes from 1 to 1440')).toBeTruthy());
    expect(api.sent.filter((r) => r.method === 'PATCH')).toHaveLength(2);
  });
});
