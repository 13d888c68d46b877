import { describe, expect, it } from 'vitest';
import { ALERT_IS_CLOSED, nextState } from '../../src/alerts/alertTransitions.js';
import { ALERT_ACTIONS, ALERT_STATES, type AlertAction, type AlertState } from '../../src/db/schema.js';
import { HttpError } from '../../src/errors.js';

// The contract's table, written out cell by cell: [from, action, to, changed, escalate] or 409.
const TABLE: [AlertState, AlertAction, AlertState | 409, boolean?, boolean?][] = [
  ['open', 'acknowledge', 'acknowledged', true, false],
  ['acknowledged', 'acknowledge', 'acknowledged', false, false],
  ['escalated', 'acknowledge', 'acknowledged', true, false],
  ['closed', 'acknowledge', 409],
  ['open', 'escalate', 'escalated', true, true],
  ['acknowledged', 'escalate', 'escalated', true, true],
  ['escalated', 'escalate', 'escalated', true, true],
  ['closed', 'escalate', 409],
  ['open', 'close', 'closed', true, false],
  ['acknowledged', 'close', 'closed', true, false],
  ['escalated', 'close', 'closed', true, false],
  ['closed', 'close', 'closed', false, false],
];

describe('nextState', () => {
  it('covers every (state, action) pair', () => {
    expect(TABLE).toHaveLength(ALERT_STATES.length * ALERT_ACTIONS.length);
  });

  for (const [from, action, to, changed, escalate] of TABLE) {
    if (to === 409) {
      it(`${action} on ${from} → 409 "${ALERT_IS_CLOSED}"`, () => {
        let thrown: unknown;
        try {
          nextState(from, action);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(HttpError);
        expect(thrown).toMatchObject({ statusCode: 409, detail: 'Alert is closed' });
      });
    } else {
      it(`${action} on ${from} → ${to}${changed ? '' : ' (no change)'}${escalate ? ', level + 1' : ''}`, () => {
        expect(nextState(from, action)).toEqual({ to, changed, escalate });
      });
    }
  }

  it('an unchanged transition stays in the same state', () => {
    for (const state of ALERT_STATES) {
      for (const action of ALERT_ACTIONS) {
        try {
          const t = nextState(state, action);
          if (!t.changed) expect(t.to).toBe(state);
        } catch {
          // the 409s, covered above
        }
      }
    }
  });
});
