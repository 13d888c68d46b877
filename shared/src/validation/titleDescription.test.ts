import { describe, expect, it } from 'vitest';
import { ALERT_TEXT_LIMITS, titleDescriptionMessages, titleDescriptionRules } from './titleDescription';

const ALERT_FORM_MESSAGES = titleDescriptionMessages(ALERT_TEXT_LIMITS);
const { title: validateTitle, description: validateDescription } = titleDescriptionRules(ALERT_TEXT_LIMITS);

describe('alert form rules', () => {
  it('requires a title that is not only spaces', () => {
    expect(validateTitle('')).toBe(ALERT_FORM_MESSAGES.titleRequired);
    expect(validateTitle('   ')).toBe(ALERT_FORM_MESSAGES.titleRequired);
    expect(validateTitle('Disk full')).toBeUndefined();
  });

  it('limits the title to 255 and the description to 4096 characters', () => {
    expect(validateTitle('x'.repeat(255))).toBeUndefined();
    expect(validateTitle('x'.repeat(256))).toBe(ALERT_FORM_MESSAGES.titleTooLong);
    expect(validateDescription('x'.repeat(4096))).toBeUndefined();
    expect(validateDescription('x'.repeat(4097))).toBe(ALERT_FORM_MESSAGES.descriptionTooLong);
  });
});
