import type { AlertAction, AlertState } from '../db/schema.js';
import { HttpError } from '../errors.js';

export const ALERT_IS_CLOSED = 'Alert is closed';

export interface Transition {
  /** The state after the action (the same state when nothing changed). */
  to: AlertState;
  /** False for the idempotent repeats: no update, no history event. */
  changed: boolean;
  /** True when escalation_level goes up by one. */
  escalate: boolean;
}

const same = (state: AlertState): Transition => ({ to: state, changed: false, escalate: false });
const move = (to: AlertState, escalate = false): Transition => ({ to, changed: true, escalate });

/**
 * The contract's state table, pure so it can be tested on its own:
 * - acknowledge: open | escalated → acknowledged; acknowledged → unchanged; closed → 409.
 * - escalate: open | acknowledged | escalated → escalated, level + 1; closed → 409.
 * - close: any but closed → closed; closed → unchanged.
 */
export function nextState(state: AlertState, action: AlertAction): Transition {
  switch (action) {
    case 'acknowledge':
      if (state === 'closed') throw new HttpError(409, ALERT_IS_CLOSED);
      return state === 'acknowledged' ? same(state) : move('acknowledged');
    case 'escalate':
      if (state === 'closed') throw new HttpError(409, ALERT_IS_CLOSED);
      // Escalating an escalated alert is a real change: it climbs one more level.
      return move('escalated', true);
    case 'close':
      return state === 'closed' ? same(state) : move('closed');
  }
}
