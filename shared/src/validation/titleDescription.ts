import { API_LIMITS } from '../api/limits';
import type { RuleResult } from './rules';

/** A title and an optional description, as the Add Alert and Add Integration forms edit them. */
export interface TitleDescriptionValues {
  title: string;
  description: string;
}

/** The API's limits for each (its create schemas). */
export interface TitleDescriptionLimits {
  title: { maxLength: number };
  description: { maxLength: number };
}

export const ALERT_TEXT_LIMITS: TitleDescriptionLimits = API_LIMITS.AlertCreate;
export const INTEGRATION_TEXT_LIMITS: TitleDescriptionLimits = API_LIMITS.IntegrationCreate;

export const titleDescriptionMessages = (limits: TitleDescriptionLimits) =>
  ({
    titleRequired: 'Title is required',
    titleTooLong: `Title must be at most ${limits.title.maxLength} characters`,
    descriptionTooLong: `Description must be at most ${limits.description.maxLength} characters`,
  }) as const;

/** The rules of both fields: a title that is not only spaces, each within the API's limit. */
export function titleDescriptionRules(limits: TitleDescriptionLimits) {
  const messages = titleDescriptionMessages(limits);
  return {
    title: (value: string): RuleResult => {
      if (value.trim() === '') return messages.titleRequired;
      return value.trim().length > limits.title.maxLength ? messages.titleTooLong : undefined;
    },
    description: (value: string): RuleResult => (value.length > limits.description.maxLength ? messages.descriptionTooLong : undefined),
  };
}
