import { useQuery } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { useCurrentUser } from './currentUser';

// Teams (docs/api/teams.md): what integrations, policies, schedules and alerts belong to, and
// the caller's role in each. Every key starts with 'teams'.

export type TeamPublic = Schemas['TeamPublic'];
export type TeamRole = Schemas['TeamRole'];

/** The API's page size: a user is in a handful of teams. */
const ALL = 100;

export const teamKeys = {
  all: ['teams'] as const,
  mine: ['teams', 'mine'] as const,
};

/** The caller's teams by name (a superuser's: every team), each with the caller's role. */
export function useMyTeams(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: teamKeys.mine,
    // Read again on each page that asks: a first creation may have just made the user's own team.
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/teams/', { params: { query: { skip: 0, limit: ALL } }, signal })),
  });
}

/**
 * Whether the signed-in user may change what a team owns: a superuser, or an admin of that team
 * (the API decides; this only hides what it would refuse).
 */
export function useCanManageTeamOf(): (teamId: string | undefined) => boolean {
  const { data: me } = useCurrentUser();
  const { data: teams } = useMyTeams();
  return (teamId) => Boolean(me && teamId && (me.is_superuser || teams?.data.some((t) => t.id === teamId && t.my_role === 'admin')));
}
