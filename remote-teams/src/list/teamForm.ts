import { API_LIMITS, type RuleResult, type TeamDetail } from '@vigil/shared';

// The team form (New team, Rename team): a name and an optional description, as the API takes them.

export interface TeamValues {
  name: string;
  description: string;
}

export const TEAM_LIMITS = API_LIMITS.TeamCreate;

export const TEAM_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${TEAM_LIMITS.name.maxLength} characters`,
  descriptionTooLong: `Description must be at most ${TEAM_LIMITS.description.maxLength} characters`,
} as const;

export const teamRules = {
  name: (value: string): RuleResult => {
    if (value.trim() === '') return TEAM_MESSAGES.nameRequired;
    return value.trim().length > TEAM_LIMITS.name.maxLength ? TEAM_MESSAGES.nameTooLong : undefined;
  },
  description: (value: string): RuleResult =>
    value.length > TEAM_LIMITS.description.maxLength ? TEAM_MESSAGES.descriptionTooLong : undefined,
};

export const teamValuesOf = (team: Pick<TeamDetail, 'name' | 'description'> | null): TeamValues => ({
  name: team?.name ?? '',
  description: team?.description ?? '',
});

export const teamBody = (values: TeamValues) => ({ name: values.name.trim(), description: values.description.trim() || null });
