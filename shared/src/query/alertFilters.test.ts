import { describe, expect, it } from 'vitest';
import { hasAlertFilters, NO_ALERT_FILTERS, parseAlertFilters, withAlertFilters } from './alertFilters';

describe('parseAlertFilters', () => {
  it('reads repeated states and severities, and the trimmed search', () => {
    const filters = parseAlertFilters(new URLSearchParams('state=closed&state=open&severity=critical&q=%20disk%20&page=3'));
    expect(filters).toEqual({ state: ['open', 'closed'], severity: ['critical'], q: 'disk' });
  });

  it('drops unknown and repeated values', () => {
    const filters = parseAlertFilters(new URLSearchParams('state=bogus&state=OPEN&state=open&severity=urgent'));
    expect(filters).toEqual({ state: ['open'], severity: [], q: '' });
  });

  it('reads nothing from an empty query', () => {
    expect(parseAlertFilters(new URLSearchParams())).toEqual(NO_ALERT_FILTERS);
    expect(hasAlertFilters(NO_ALERT_FILTERS)).toBe(false);
  });
});

describe('withAlertFilters', () => {
  it('writes the filters, keeps other parameters and resets the page', () => {
    const next = withAlertFilters(new URLSearchParams('page=4&alert=abc&state=closed'), {
      state: ['open', 'acknowledged'],
      severity: ['high'],
      q: ' cpu ',
    });
    expect(next.toString()).toBe('alert=abc&state=open&state=acknowledged&severity=high&q=cpu');
  });

  it('round-trips through the URL', () => {
    const filters = { state: ['escalated' as const], severity: ['info' as const, 'critical' as const], q: 'a&b' };
    const parsed = parseAlertFilters(withAlertFilters(new URLSearchParams(), filters));
    expect(parsed).toEqual({ state: ['escalated'], severity: ['critical', 'info'], q: 'a&b' });
    expect(hasAlertFilters(parsed)).toBe(true);
  });

  it('removes every filter when cleared', () => {
    expect(withAlertFilters(new URLSearchParams('state=open&q=x&page=2'), NO_ALERT_FILTERS).toString()).toBe('');
  });
});
