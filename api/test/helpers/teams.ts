import type { TeamRole } from '../../src/db/schema.js';
import { personalTeam } from '../../src/teams/access.js';
import { answered, callAs } from './api.js';
import type { TestApp, TestUser } from './testApp.js';

export const TEAMS = '/api/v1/teams';

/** A team made by `admin` (its admin), with `members` added by the superuser in the roles given. */
export async function createTeam(t: TestApp, admin: TestUser, name: string, members: [TestUser, TeamRole][] = []): Promise<{ id: string }> {
  const team = answered(await callAs(t, admin, 'POST', `${TEAMS}/`, { name }));
  for (const [user, role] of members)
    answered(await callAs(t, t.superuser, 'POST', `${TEAMS}/${team.id}/members`, { user_id: user.id, role }));
  return team;
}

/** The user's own team (made if need be), for rows a test writes straight to the tables. */
export async function teamOf(t: TestApp, user: TestUser): Promise<string> {
  return personalTeam(t.db, { id: user.id, email: user.email, full_name: null });
}

/**
 * Puts `others` in `owner`'s own team (made if need be) in `role`: for tests whose schedules and
 * policies reach several people, who must share the schedule's or policy's team.
 */
export async function shareTeam(t: TestApp, owner: TestUser, others: TestUser[], role: TeamRole = 'admin'): Promise<string> {
  const teamId = await teamOf(t, owner);
  for (const other of others) {
    await t.db
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: other.id, role })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return teamId;
}
