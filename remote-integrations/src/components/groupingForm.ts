import { GROUPING_LIMITS, type IntegrationPublic } from '@vigil/shared';

/** The grouping form's values, as typed. */
export interface GroupingValues {
  labels: string;
  window: string;
}

/** Label names as typed: separated by commas or white space (a label name holds none), each once, in order. */
export const parseLabelNames = (text: string): string[] => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

export const groupingValuesOf = (integration: Pick<IntegrationPublic, 'group_by' | 'group_window_minutes'>): GroupingValues => ({
  labels: integration.group_by.join(', '),
  window: String(integration.group_window_minutes),
});

export const GROUPING_MESSAGES = {
  tooManyLabels: `Group by at most ${GROUPING_LIMITS.labels} labels`,
  labelTooLong: `A label name has at most ${GROUPING_LIMITS.labelLength} characters`,
  window: `Enter whole minutes from ${GROUPING_LIMITS.minWindow} to ${GROUPING_LIMITS.maxWindow}`,
} as const;

export const GROUPING_RULES = {
  labels: (value: string) => {
    const names = parseLabelNames(value);
    if (names.length > GROUPING_LIMITS.labels) return GROUPING_MESSAGES.tooManyLabels;
    return names.some((name) => name.length > GROUPING_LIMITS.labelLength) ? GROUPING_MESSAGES.labelTooLong : undefined;
  },
  window: (value: string) => {
    const minutes = Number(value.trim());
    const fine = /^\d+$/.test(value.trim()) && minutes >= GROUPING_LIMITS.minWindow && minutes <= GROUPING_LIMITS.maxWindow;
    return fine ? undefined : GROUPING_MESSAGES.window;
  },
};

/** The PATCH body of valid values. */
export const groupingBody = (values: GroupingValues) => ({
  group_by: parseLabelNames(values.labels),
  group_window_minutes: Number(values.window.trim()),
});

/** The settings in a sentence, as the form's caption says what is in force. */
export function groupingSummary(integration: Pick<IntegrationPublic, 'group_by' | 'group_window_minutes'>): string {
  if (integration.group_by.length === 0) return 'Off: every alert is its own.';
  const minutes = integration.group_window_minutes;
  return `Alerts with the same ${integration.group_by.join(', ')} within ${minutes} minute${minutes === 1 ? '' : 's'} of the first are one alert.`;
}
