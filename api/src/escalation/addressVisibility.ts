import type { EscalationLevel, TeamRole, UserRow } from '../db/schema.js';

/**
 * Who reads a policy's external addresses (docs/api/security.md): the admins of its team and
 * superusers, as for the emails of the team's members. Its other members read the policy with
 * each level's addresses counted, not named.
 */
export type Viewer = Pick<UserRow, 'id' | 'is_superuser'> & {
  /** The viewer's role in each of their teams (teams/access.ts teamsOf). */
  roles: ReadonlyMap<string, TeamRole>;
};

export const seesAddresses = (viewer: Viewer, policyTeamId: string): boolean =>
  viewer.is_superuser || viewer.roles.get(policyTeamId) === 'admin';

/** A level's targets as a viewer reads them: the addresses, or none and how many there are. */
export type VisibleLevel = Omit<EscalationLevel, 'targets'> & { targets: EscalationLevel['targets'] & { hidden_email_count: number } };

export function visibleLevels(levels: EscalationLevel[], sees: boolean): VisibleLevel[] {
  return levels.map((level) => ({
    ...level,
    targets: {
      ...level.targets,
      emails: sees ? level.targets.emails : [],
      hidden_email_count: sees ? 0 : level.targets.emails.length,
    },
  }));
}
