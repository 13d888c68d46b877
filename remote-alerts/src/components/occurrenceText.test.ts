import { describe, expect, it } from 'vitest';
import { labelsText, occurrencesCaption } from './occurrenceText';

describe("a group alert's occurrences in words", () => {
  it('lists labels as name=value in name order, or a dash for none', () => {
    expect(labelsText({ instance: 'db-1', severity: 'critical', alertname: 'NodeDown' })).toBe(
      'alertname=NodeDown, instance=db-1, severity=critical',
    );
    expect(labelsText({})).toBe('—');
  });

  it('says how many alerts, how many fire, and which page of a long list', () => {
    expect(occurrencesCaption({ count: 1, firing: 1 }, 0, 100, 1)).toBe('1 alert, 1 firing');
    expect(occurrencesCaption({ count: 2, firing: 0 }, 0, 100, 2)).toBe('2 alerts, 0 firing');
    expect(occurrencesCaption({ count: 240, firing: 12 }, 2, 100, 240)).toBe('201–240 of 240 alerts, 12 firing');
  });

  it('adds the triggers counted beyond the alerts listed (resends, or past the cap)', () => {
    expect(occurrencesCaption({ count: 2, firing: 2 }, 0, 100, 5)).toBe('2 alerts, 2 firing · 5 triggers counted');
    expect(occurrencesCaption({ count: 1000, firing: 1000 }, 0, 100, 1200)).toBe(
      '1–100 of 1000 alerts, 1000 firing · 1200 triggers counted',
    );
  });
});
