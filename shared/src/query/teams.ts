import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { useCurrentUser } from './currentUser';

// Teams (docs/api/teams.md): what integrations, policies, schedules and alerts belong to, and
// the caller's role in each. Every key starts with 'teams'.

export type TeamPublic = Schemas['TeamPublic'];
export type TeamDetail = Schemas['TeamDetail'];
export type TeamMember = Schemas['TeamMemberPublic'];
export type TeamRole = Schemas['TeamRole'];
export type TeamInvite = Schemas['TeamInvitePublic'];
export type TeamInviteCreated = Schemas['TeamInviteCreated'];

/** The roles, most rights first, and how the console names them. */
export const TEAM_ROLES: readonly TeamRole[] = ['admin', 'responder', 'observer'];
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { admin: 'Admin', responder: 'Responder', observer: 'Observer' };

/** The API's page size: a user is in a handful of teams. */
const ALL = 100;

export const teamKeys = {
  all: ['teams'] as const,
  mine: ['teams', 'mine'] as const,
  team: (id: string) => ['teams', 'team', id] as const,
  invites: (id: string) => ['teams', 'team', id, 'invites'] as const,
};

/**
 * After creating an integration, policy, schedule or alert: a user who held the role in no team
 * now has a team of their own (docs/api/teams.md), so their teams and roles are read again
 * (what they may edit follows them).
 */
export const teamsMayHaveChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: teamKeys.all });

/** The caller's teams by name (a superuser's: every team), each with the caller's role. */
export function useMyTeams(options?: ClientOption & { enabled?: boolean }) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: teamKeys.mine,
    // Read again on each page that asks: a first creation may have just made the user's own team.
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/teams/', { params: { query: { skip: 0, limit: ALL } }, signal })),
    enabled: options?.enabled ?? true,
    staleTime: 60_000,
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

/** A team and its members (GET /teams/{id}; emails to its admins and superusers). */
export function useTeam(id: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: teamKeys.team(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/teams/{id}', { params: { path: { id } }, signal })),
  });
}

/** A team's pending invitations (its admins and superusers only: `enabled` says whether to ask). */
export function useTeamInvites(id: string, options?: ClientOption & { enabled?: boolean }) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: teamKeys.invites(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/teams/{id}/invites', { params: { path: { id } }, signal })),
    enabled: options?.enabled ?? true,
  });
}

/** A change to a team: every team query is read again (the list's roles and counts too). */
function useTeamMutation<Variables, Result>(run: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useCreateTeam(options?: ClientOption) {
  const client = useApiClient(options);
  return useTeamMutation(async (body: Schemas['TeamCreate']) => unwrap(await client.POST('/api/v1/teams/', { body })));
}

export function useUpdateTeam(options?: ClientOption) {
  const client = useApiClient(options);
  return useTeamMutation(async ({ id, body }: { id: string; body: Schemas['TeamUpdate'] }) =>
    unwrap(await client.PATCH('/api/v1/teams/{id}', { params: { path: { id } }, body })),
  );
}

/** Deletes a team that owns nothing (else a 409 naming what is left). */
export function useDeleteTeam(options?: ClientOption) {
  const client = useApiClient(options);
  return useTeamMutation(async (id: string) => unwrap(await client.DELETE('/api/v1/teams/{id}', { params: { path: { id } } })));
}

export function useChangeTeamRole(options?: ClientOption) {
  const client = useApiClient(options);
  return useTeamMutation(async ({ teamId, userId, role }: { teamId: string; userId: string; role: TeamRole }) =>
    unwrap(
      await client.PATCH('/api/v1/teams/{id}/members/{user_id}', { params: { path: { id: teamId, user_id: userId } }, body: { role } }),
    ),
  );
}

/** Removes a member, or (the caller's own id) leaves the team: a 409 for the last admin, or while the team still pages them. */
export function useRemoveTeamMember(options?: ClientOption) {
  const client = useApiClient(options);
  return useTeamMutation(async ({ teamId, userId }: { teamId: string; userId: string }) =>
    unwrap(await client.DELETE('/api/v1/teams/{id}/members/{user_id}', { params: { path: { id: teamId, user_id: userId } } })),
  );
}

/** Invites an address with a role: the answer's `invite_url` is shown this once. */
export function useInviteToTeam(options?: ClientOption) {
  const client = useApiClient(options);
  return useTeamMutation(async ({ teamId, body }: { teamId: string; body: Schemas['TeamInviteCreate'] }) =>
    unwrap(await client.POST('/api/v1/teams/{id}/invites', { params: { path: { id: teamId } }, body })),
  );
}

export function useRevokeTeamInvite(options?: ClientOption) {
  const client = useApiClient(options);
  return useTeamMutation(async ({ teamId, inviteId }: { teamId: string; inviteId: string }) =>
    unwrap(await client.DELETE('/api/v1/teams/{id}/invites/{invite_id}', { params: { path: { id: teamId, invite_id: inviteId } } })),
  );
}
