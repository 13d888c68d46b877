import type { EscalationLevel, UserRow } from '../db/schema.js';

/**
 * Who reads a policy's external addresses (docs/api/security.md): its owner, who typed them,
 * and superusers. Anyone else reads the policy (an integration may use anyone's) with each
 * level's addresses counted, not named: an account anyone can make must not collect the
 * addresses others page.
 */
export type Viewer = Pick<UserRow, 'id' | 'is_superuser'>;

export const seesAddresses = (viewer: Viewer, policyOwnerId: string): boolean => viewer.is_superuser || viewer.id === policyOwnerId;

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
