import type { TeamDetail, TeamPublic, UserPublic } from '@vigil/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type FakeAnswer, type FakeApi, fakeApi, testQueryClient } from '../../shared/src/testing/fakeApi';
import TeamsPage from './pages/TeamsPage';

// The fixtures of remote-teams' tests: two people and a team, answered by "METHOD path".

export const ANN: UserPublic = {
  id: '7b0b5f8e-7c1e-4a57-9d7a-4f7f3c1b2a10',
  email: 'ann@example.com',
  full_name: 'Ann',
  is_active: true,
  is_superuser: false,
  created_at: '2025-01-01T00:00:00Z',
};
export const BOB_ID = '2c9e6a1d-3b4f-4e8a-9c7d-5f6e7a8b9c0d';
export const TEAM_ID = '00000000-0000-4000-8000-0000000000aa';

export const team = (my_role: TeamPublic['my_role'], extra: Partial<TeamDetail> = {}): TeamDetail => ({
  id: TEAM_ID,
  name: 'Payments',
  description: null,
  my_role,
  member_count: 2,
  created_at: '2025-01-01T00:00:00Z',
  members: [
    { user_id: ANN.id, full_name: 'Ann', email: 'ann@example.com', is_active: true, role: 'admin', joined_at: '2025-01-01T00:00:00Z' },
    { user_id: BOB_ID, full_name: 'Bob', email: 'bob@example.com', is_active: true, role: 'responder', joined_at: '2025-01-02T00:00:00Z' },
  ],
  ...extra,
});

/** Where the router is: the tests read it after a navigation. */
function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/** TeamsPage at `path` for Ann, on a fake API answering `answers` by "METHOD path". */
export function renderTeams(path: string, answers: Record<string, FakeAnswer>): FakeApi {
  const api = fakeApi((request) => answers[`${request.method} ${request.path}`]);
  const queryClient = testQueryClient();
  queryClient.setQueryData(['currentUser'], ANN);
  api.render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/teams/*" element={<TeamsPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    queryClient,
  );
  return api;
}
