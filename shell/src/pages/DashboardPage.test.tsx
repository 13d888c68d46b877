// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { UserPublic } from '@vigil/shared';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, testQueryClient } from '../../../shared/src/testing/fakeApi';
import DashboardPage from './DashboardPage';

/** Answers go through react-query and the fake server: more than the default second on a loaded machine. */
const WAIT = { timeout: 5_000 };
const OPS = '00000000-0000-4000-8000-0000000000a1';
const ANN: UserPublic = {
  id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  email: 'ann@example.com',
  full_name: 'Ann',
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};
const STATS = { open_by_severity: { critical: 1, high: 0, warning: 0, info: 0 }, mtta_seconds: null, mttr_seconds: null, window_days: 30 };
const teams = [OPS, '00000000-0000-4000-8000-0000000000a2'].map((id, i) => ({
  id,
  name: i ? 'Web' : 'Ops',
  description: null,
  my_role: 'admin',
  member_count: 1,
  created_at: '2025-01-01T00:00:00Z',
}));

const WINDOW = {
  id: '00000000-0000-4000-8000-0000000000b1',
  team_id: OPS,
  integration_id: '00000000-0000-4000-8000-0000000000c1',
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
  silenced_alerts: 3,
};

afterEach(cleanup);

function show(path: string, maintenance: (typeof WINDOW)[] = []) {
  const api = fakeApi((request) => {
    if (request.path === '/api/v1/teams/') return { body: { data: teams, count: 2 } };
    if (request.path === '/api/v1/maintenance-windows/active') return { body: { data: maintenance, count: maintenance.length } };
    if (request.path === '/api/v1/alert/stats') return { body: STATS };
    if (request.path === '/api/v1/alert/' || request.path === '/api/v1/integration/') return { body: { data: [], count: 4 } };
    return undefined;
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], ANN);
  api.render(
    <MemoryRouter initialEntries={[path]}>
      <DashboardPage />
    </MemoryRouter>,
    queryClient,
  );
  return api;
}

const counted = (api: ReturnType<typeof show>) =>
  api.requests
    .map((r) => new URL(r.url))
    .filter((url) => url.pathname !== '/api/v1/teams/')
    .map((url) => `${url.pathname}${url.search}`)
    .sort();

describe('the dashboard', () => {
  it("counts one team's integrations and alerts under ?team=, and its cards lead to the lists narrowed so", async () => {
    const api = show(`/?team=${OPS}`);
    expect(await screen.findByRole('combobox', { name: 'Team' }, WAIT)).toBeTruthy();
    await waitFor(() => expect(counted(api)).toHaveLength(4), WAIT);
    expect(counted(api)).toEqual([
      `/api/v1/alert/?skip=0&limit=1&team_id=${OPS}`,
      `/api/v1/alert/stats?team_id=${OPS}`,
      `/api/v1/integration/?skip=0&limit=1&team_id=${OPS}`,
      `/api/v1/maintenance-windows/active?team_id=${OPS}`,
    ]);
    expect(screen.getByRole('link', { name: /Integrations/ }).getAttribute('href')).toBe(`/integrations?team=${OPS}`);
    expect(screen.getByRole('link', { name: /^Alerts/ }).getAttribute('href')).toBe(`/alerts?team=${OPS}`);
  });

  it('counts every team of the user without it, as before', async () => {
    const api = show('/');
    await waitFor(() => expect(counted(api)).toHaveLength(4), WAIT);
    expect(counted(api)).toEqual([
      '/api/v1/alert/?skip=0&limit=1',
      '/api/v1/alert/stats',
      '/api/v1/integration/?skip=0&limit=1',
      '/api/v1/maintenance-windows/active',
    ]);
    expect(screen.queryByRole('heading', { name: 'In maintenance now' })).toBeNull();
  });

  it('shows the maintenance windows in progress, their silenced alerts, each leading to its integration', async () => {
    show('/', [WINDOW]);
    expect(await screen.findByRole('heading', { name: 'In maintenance now' }, WAIT)).toBeTruthy();
    expect(screen.getByTestId('silenced-count').textContent).toBe('3 alerts silenced');
    expect(screen.getByRole('link', { name: 'Database upgrade' }).getAttribute('href')).toBe(
      `/integrations?integration=${WINDOW.integration_id}`,
    );
  });
});
