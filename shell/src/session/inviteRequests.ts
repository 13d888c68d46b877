import { type ApiClient, type Schemas, type UserPublic, unwrap } from '@vigil/shared';

// The invitation page's requests (docs/api/teams.md "Members"): the page is loaded on demand,
// outside the signed-in area, so it calls the client (useApiClient's) itself rather than through
// react-query.

export type InviteLookup = Schemas['TeamInviteLookup'];

/** What the link offers: the team's name, the invited address, the role (404 for a link that is invalid, expired or used). */
export async function lookUpInvite(api: ApiClient, token: string): Promise<InviteLookup> {
  return unwrap(await api.POST('/api/v1/teams/invites/lookup', { body: { token } }));
}

/** The signed-in user, to compare their address with the invited one. */
export async function readMe(api: ApiClient): Promise<UserPublic> {
  return unwrap(await api.GET('/api/v1/users/me'));
}

/** Joins the team as the signed-in user: its id, to open its page. */
export async function acceptInvite(api: ApiClient, token: string): Promise<string> {
  return unwrap(await api.POST('/api/v1/teams/invites/accept', { body: { token } })).id;
}

/** Creates the account with the invited address (joining the team), then signs in with it: the new token. */
export async function signUpWithInvite(
  api: ApiClient,
  body: { token: string; email: string; password: string; full_name: string },
): Promise<string> {
  const { token, email, password } = body;
  unwrap(await api.POST('/api/v1/teams/invites/signup', { body: { token, password, full_name: body.full_name.trim() || null } }));
  const answer = unwrap(
    await api.POST('/api/v1/login/access-token', {
      body: { username: email, password },
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  );
  return answer.access_token;
}
