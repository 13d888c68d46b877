import { describe, expect, it } from 'vitest';
import { hoursPeriodRules, lastMonth, periodInstants } from './hoursPeriod';

// The hours export's period as the dialog builds it: whole days on the schedule's clock.

describe('the on-call hours period', () => {
  it('defaults to last calendar month on the schedule clock, across a year end', () => {
    expect(lastMonth(Date.parse('2025-04-15T12:00:00Z'), 'Europe/Berlin')).toEqual({ from: '2025-03-01', until: '2025-03-31' });
    expect(lastMonth(Date.parse('2025-01-10T12:00:00Z'), 'UTC')).toEqual({ from: '2024-12-01', until: '2024-12-31' });
    expect(lastMonth(Date.parse('2024-03-05T00:00:00Z'), 'UTC')).toEqual({ from: '2024-02-01', until: '2024-02-29' });
    // 31 March 23:30 UTC is already April in Berlin.
    expect(lastMonth(Date.parse('2025-03-31T23:30:00Z'), 'Europe/Berlin')).toEqual({ from: '2025-03-01', until: '2025-03-31' });
  });

  it('runs from midnight of the first day to midnight after the last, with the offset of each', () => {
    // March 2025 in Berlin: CET at its start, CEST at its end (the change on the 30th).
    expect(periodInstants({ from: '2025-03-01', until: '2025-03-31' }, 'Europe/Berlin')).toEqual({
      from: '2025-02-28T23:00:00.000Z',
      to: '2025-03-31T22:00:00.000Z',
    });
    expect(periodInstants({ from: '2025-12-31', until: '2025-12-31' }, 'America/New_York')).toEqual({
      from: '2025-12-31T05:00:00.000Z',
      to: '2026-01-01T05:00:00.000Z',
    });
    expect(periodInstants({ from: '', until: '2025-03-31' }, 'UTC')).toBeNull();
  });

  it('refuses a last day before the first, or more than a year', () => {
    const check = (from: string, until: string) => hoursPeriodRules.until(until, { from, until });
    expect(check('2025-03-01', '2025-03-01')).toBeUndefined();
    expect(check('2025-03-02', '2025-03-01')).toBe('The last day must not be before the first');
    expect(check('2025-01-01', '2025-12-31')).toBeUndefined();
    expect(check('2024-01-01', '2024-12-31')).toBe('At most 365 days');
    expect(check('2025-01-01', '')).toBe('Pick the last day');
    expect(hoursPeriodRules.from('')).toBe('Pick the first day');
  });
});
