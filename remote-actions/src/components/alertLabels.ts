import type { AlertAction, Schemas } from '@vigil/shared';

/**
 * Spec §8: an error toast's title, shared's ERROR_TITLE (alertLabels.test.ts holds them equal),
 * which the page without JavaScript shows as the refused action's heading. Not imported from
 * shared: the module it lives in holds useNotify, whose toast components would then come with
 * the page's first script rather than with its toaster, on demand.
 */
export const ACTION_REFUSED_TITLE = 'Something went wrong!';

/** Spec §8: the action page's load failure, verbatim. */
export const LOAD_FAILED = "Failed to load alert data or alert doesn't exist";

/** The badge colors an alert's state and severity take (components/StatusBadge.tsx). */
export type BadgeColor = 'danger' | 'informative' | 'severe' | 'success' | 'warning';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const stateLabel = (state: Schemas['AlertState']) => capitalised(state);
export const severityLabel = (severity: Schemas['AlertSeverity']) => capitalised(severity);

export const STATE_COLOR: Record<Schemas['AlertState'], BadgeColor> = {
  open: 'danger',
  acknowledged: 'warning',
  escalated: 'severe',
  closed: 'success',
};

export const SEVERITY_COLOR: Record<Schemas['AlertSeverity'], BadgeColor> = {
  critical: 'danger',
  high: 'severe',
  warning: 'warning',
  info: 'informative',
};

/** Button label of each action (docs/product.md §2.2) and the heading of its confirmation page. */
export const ACTION_TEXT: Record<AlertAction, { button: string; done: string; explanation: string }> = {
  acknowledge: {
    button: 'Acknowledge',
    done: 'Alert Acknowledged',
    explanation: 'The alert is marked as acknowledged: people watching it know someone is on it.',
  },
  escalate: {
    button: 'Escalate',
    done: 'Alert Escalated',
    explanation: 'The alert moved up one escalation level.',
  },
  close: {
    button: 'Close',
    done: 'Alert Closed',
    explanation: 'The alert is closed. It can no longer be acknowledged or escalated.',
  },
};
