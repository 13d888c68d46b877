import { describe, expect, it } from 'vitest';
import { GROUPING_MESSAGES, GROUPING_RULES, groupingBody, groupingSummary, groupingValuesOf, parseLabelNames } from './groupingForm';

describe("an integration's grouping form", () => {
  it('reads label names separated by commas or spaces, each once, in order', () => {
    expect(parseLabelNames(' alertname, cluster  namespace,,cluster\n')).toEqual(['alertname', 'cluster', 'namespace']);
    expect(parseLabelNames('  ')).toEqual([]);
  });

  it('starts from the stored settings and sends what the API takes', () => {
    const values = groupingValuesOf({ group_by: ['alertname', 'cluster'], group_window_minutes: 15 });
    expect(values).toEqual({ labels: 'alertname, cluster', window: '15' });
    expect(groupingBody({ labels: 'job', window: ' 30 ' })).toEqual({ group_by: ['job'], group_window_minutes: 30 });
    expect(groupingBody({ labels: '', window: '10' })).toEqual({ group_by: [], group_window_minutes: 10 });
  });

  it('refuses what the API would: more than 10 labels, a long name, a window outside 1-1440 or not whole', () => {
    expect(GROUPING_RULES.labels(Array.from({ length: 11 }, (_, i) => `l${i}`).join(','))).toBe(GROUPING_MESSAGES.tooManyLabels);
    expect(GROUPING_RULES.labels('x'.repeat(129))).toBe(GROUPING_MESSAGES.labelTooLong);
    expect(GROUPING_RULES.labels('alertname, cluster')).toBeUndefined();
    for (const bad of ['0', '1441', '2.5', '', 'ten', '-1']) expect(GROUPING_RULES.window(bad), bad).toBe(GROUPING_MESSAGES.window);
    for (const fine of ['1', '1440', ' 15 ']) expect(GROUPING_RULES.window(fine), fine).toBeUndefined();
  });

  it('says what is in force', () => {
    expect(groupingSummary({ group_by: [], group_window_minutes: 10 })).toBe('Off: every alert is its own.');
    expect(groupingSummary({ group_by: ['alertname', 'cluster'], group_window_minutes: 1 })).toBe(
      'Alerts with the same alertname, cluster within 1 minute of the first are one alert.',
    );
  });
});
