// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MaintenanceWindowPublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, type FakeServer, fakeApi } from '../../../shared/src/testing/fakeApi';
import { MAINTENANCE_TEXTS, MaintenanceSection } from './MaintenanceSection';

const ID = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';
const TEAM = '00000000-0000-4000-8000-0000000000aa';
const WINDOWS = '/api/v1/maintenance-windows/';
const WAIT = { timeout: 5_000 };

const window = (change: Partial<MaintenanceWindowPublic>): MaintenanceWindowPublic => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  team_id: TEAM,
  integration_id: ID,
  name: 'Database upgrade',
  time_zone: 'UTC',
  kind: 'one_off',
  starts_at: '2030-01-01T00:00:00Z',
  ends_at: '2030-01-01T02:00:00Z',
  days: null,
  start_time: null,
  end_time: null,
  ends_on: null,
  ended_at: null,
  match_mode: 'all',
  matchers: [],
  created_by: null,
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
  active: true,
  current_end: '2030-01-01T02:00:00Z',
  next_start: null,
  silenced_alerts: 2,
  ...change,
});

let windows: MaintenanceWindowPublic[];
let createAnswer: { status: number; body: unknown } | undefined;
const server: FakeServer = (request) => {
  if (request.method === 'GET' && request.path === WINDOWS) return { body: { data: windows, count: windows.length } };
  if (request.method === 'POST' && request.path === WINDOWS) {
    if (createAnswer) return createAnswer;
    const created = window({ id: '00000000-0000-4000-8000-0000000000b9', name: (request.body as { name: string }).name, active: false });
    windows = [created, ...windows];
    return { body: created };
  }
  const end = /^\/api\/v1\/maintenance-windows\/([^/]+)\/end$/.exec(request.path);
  if (end) {
    windows = windows.map((w) => (w.id === end[1] ? { ...w, active: false, ended_at: new Date().toISOString() } : w));
    return { body: windows.find((w) => w.id === end[1]) };
  }
  return undefined;
};
let api: FakeApi;

beforeEach(() => {
  api = fakeApi(server);
  createAnswer = undefined;
  windows = [
    window({}),
    window({
      id: '00000000-0000-4000-8000-0000000000b2',
      integration_id: null,
      name: 'Sunday backups',
      kind: 'weekly',
      starts_at: null,
      ends_at: null,
      days: [7],
      start_time: '01:00',
      end_time: '04:00',
      time_zone: 'Europe/Berlin',
      active: false,
      current_end: null,
      next_start: '2030-01-06T00:00:00Z',
      matchers: [{ field: 'labels.env', op: 'equals', value: 'prod' }],
    }),
  ];
});
afterEach(cleanup);

const row = (name: string) => {
  const tr = screen.getByText(name, { selector: 'td' }).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
};

describe("an integration's maintenance windows", () => {
  it("lists its own and its team's, where each stands, and ends one in progress", async () => {
    api.render(<MaintenanceSection integrationId={ID} teamId={TEAM} />);
    await screen.findByRole('table', { name: 'Maintenance windows' }, WAIT);
    expect(api.sent[0]?.path).toBe(WINDOWS);
    expect(row('Database upgrade').getByText('In progress')).toBeTruthy();
    expect(row('Database upgrade').getByText(/· 2 silenced$/)).toBeTruthy();
    expect(row('Sunday backups').getByText('Planned')).toBeTruthy();
    expect(row('Sunday backups').getByText('Weekly, Sun 01:00–04:00 (Europe/Berlin)')).toBeTruthy();
    expect(row('Sunday backups').getByText('Every integration of the team, alerts matching all of 1 condition')).toBeTruthy();
    expect(row('Sunday backups').queryByRole('button', { name: /^End / })).toBeNull();

    fireEvent.click(row('Database upgrade').getByRole('button', { name: 'End Database upgrade now' }));
    expect(await screen.findByText(MAINTENANCE_TEXTS.ended, undefined, WAIT)).toBeTruthy();
    await waitFor(() => expect(row('Database upgrade').getByText('Over')).toBeTruthy(), WAIT);
  });

  it('adds a weekly window for the whole team, only for the alerts its condition matches', async () => {
    api.render(<MaintenanceSection integrationId={ID} teamId={TEAM} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add maintenance window' }, WAIT));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add maintenance window' }, WAIT));
    fireEvent.change(dialog.getByRole('textbox', { name: /Name/ }), { target: { value: 'Nightly reindex' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'Every integration of the team' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Every week' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Sat' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add condition' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Field' }), { target: { value: 'labels.env' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Value' }), { target: { value: 'prod' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MAINTENANCE_TEXTS.created, undefined, WAIT)).toBeTruthy();
    const post = api.sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Nightly reindex',
      team_id: TEAM,
      integration_id: null,
      match_mode: 'all',
      matchers: [{ field: 'labels.env', op: 'equals', value: 'prod' }],
      kind: 'weekly',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      days: [6, 7],
      start_time: '01:00',
      end_time: '04:00',
      ends_on: null,
    });
  });

  it("shows the API's refusal of a condition at the conditions", async () => {
    createAnswer = {
      status: 422,
      body: {
        detail: [{ loc: ['body', 'matchers', 0, 'value'], msg: 'Value error, not a valid regular expression', type: 'value_error' }],
      },
    };
    api.render(<MaintenanceSection integrationId={ID} teamId={TEAM} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add maintenance window' }, WAIT));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add maintenance window' }, WAIT));
    fireEvent.change(dialog.getByRole('textbox', { name: /Name/ }), { target: { value: 'Deploy' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add condition' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Value' }), { target: { value: '(' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Value error, not a valid regular expression', undefined, WAIT)).toBeTruthy();
    const post = api.sent.find((r) => r.method === 'POST')?.body as { kind: string; integration_id: string };
    expect(post).toMatchObject({ kind: 'one_off', integration_id: ID });
  });
});
