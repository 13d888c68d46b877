import { describe, expect, it } from 'vitest';
import { bulkOutcomeSummary } from './alertTriage';

const item = (outcome: 'changed' | 'unchanged' | 'not_found' | 'conflict', state: 'acknowledged' | 'closed' | null) => ({
  id: crypto.randomUUID(),
  outcome,
  state,
});

describe('bulkOutcomeSummary', () => {
  it('counts changed, already-there and missing alerts', () => {
    const result = {
      results: [item('changed', 'acknowledged'), item('changed', 'acknowledged'), item('conflict', 'closed'), item('not_found', null)],
      changed: 2,
    };
    expect(bulkOutcomeSummary('acknowledge', result)).toBe('2 alerts acknowledged, 1 already closed, 1 not found');
  });

  it('says one alert in the singular', () => {
    expect(bulkOutcomeSummary('close', { results: [item('changed', 'closed')], changed: 1 })).toBe('1 alert closed');
  });

  it('groups unchanged alerts by their state', () => {
    const result = { results: [item('unchanged', 'closed'), item('unchanged', 'closed')], changed: 0 };
    expect(bulkOutcomeSummary('close', result)).toBe('0 alerts closed, 2 already closed');
  });
});
