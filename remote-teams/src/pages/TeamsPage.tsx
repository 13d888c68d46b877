import { Route, Routes } from 'react-router-dom';
import { TeamsList } from '../list/TeamsList';
import { TeamPage } from '../team/TeamPage';

/**
 * /teams (the caller's teams, "New team") and /teams/:teamId (a team: its members and roles,
 * invitations, rename, delete, leave). For every signed-in user: docs/console/teams.md.
 */
export default function TeamsPage() {
  return (
    <Routes>
      <Route index element={<TeamsList />} />
      <Route path=":teamId" element={<TeamPage />} />
      <Route path="*" element={<TeamsList />} />
    </Routes>
  );
}
