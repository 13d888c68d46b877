import type { RuleResult } from '@vigil/shared';

/** The server's limits (api/src/alerts/schema.ts). */
export const ALERT_TITLE_MAX = 255;
export const ALERT_DESCRIPTION_MAX = 4096;

export const ALERT_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${ALERT_TITLE_MAX} characters`,
  descriptionTooLong: `Description must be at most ${ALERT_DESCRIPTION_MAX} characters`,
} as const;

/** A title (alert or integration): required, at most 255 characters. */
export function validateTitle(value: string): RuleResult {
  if (value.trim() === '') return ALERT_FORM_MESSAGES.titleRequired;
  return value.trim().length > ALERT_TITLE_MAX ? ALERT_FORM_MESSAGES.titleTooLong : undefined;
}

export function validateDescription(value: string): RuleResult {
  return value.length > ALERT_DESCRIPTION_MAX ? ALERT_FORM_MESSAGES.descriptionTooLong : undefined;
}
