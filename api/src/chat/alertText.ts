import type { AlertAction, AlertState } from '../db/schema.js';
import type { ChatAlertView } from './provider.js';

/** The buttons an alert in this state still offers: none once closed. */
export function actionsFor(state: AlertState): AlertAction[] {
  if (state === 'closed') return [];
  if (state === 'acknowledged') return ['escalate', 'close'];
  return ['acknowledge', 'escalate', 'close'];
}

export const ACTION_LABELS: Record<AlertAction, string> = { acknowledge: 'Acknowledge', escalate: 'Escalate', close: 'Close' };
/** What an action did, as a chat answer says it ("Acknowledged"). */
export const ACTION_DONE: Record<AlertAction, string> = { acknowledge: 'Acknowledged', escalate: 'Escalated', close: 'Closed' };

/** The label of every link button where a chat cannot call back: the action page offers all three. */
export const ACTION_PAGE_LABEL = 'Acknowledge, escalate or close';
export const CONSOLE_LABEL = 'Open in Vigil';

/** Each severity's colour, for the chats that draw a bar beside a message. */
export const SEVERITY_COLORS = { critical: '#d32f2f', high: '#f57c00', warning: '#fbc02d', info: '#1976d2' } as const;

const STATE_LABELS: Record<AlertState, string> = { open: 'Open', acknowledged: 'Acknowledged', escalated: 'Escalated', closed: 'Closed' };

/** "[CRITICAL] Disk full" */
export const headlineOf = (alert: ChatAlertView) => `[${alert.severity.toUpperCase()}] ${alert.title}`;

/** "Acknowledged by Ann (console)", "Escalated to level 2", "Open": the alert's state and who made it so. */
export function stateLineOf(alert: ChatAlertView): string {
  const label = alert.state === 'escalated' ? `Escalated to level ${alert.escalationLevel}` : STATE_LABELS[alert.state];
  const change = alert.lastChange;
  if (alert.state === 'open' || !change) return label;
  const by = change.by ? ` by ${change.by}` : '';
  const via =
    change.via === 'policy'
      ? ' (escalation policy)'
      : change.via === 'integration'
        ? ` (${alert.integrationTitle ?? 'integration'})`
        : ` (${change.via})`;
  return `${label}${by}${via}`;
}

/** The facts every chat message lists, as label and plain text. */
export function factsOf(alert: ChatAlertView): [string, string][] {
  return [
    ['State', stateLineOf(alert)],
    ['Severity', alert.severity],
    ['Team', alert.teamName],
    ...(alert.integrationTitle ? ([['Source', alert.integrationTitle]] as [string, string][]) : []),
    ...(alert.occurrences > 1 ? ([['Occurrences', String(alert.occurrences)]] as [string, string][]) : []),
  ];
}

/** A description cut to what a chat message should carry. */
export const shortDescription = (alert: ChatAlertView, max = 1000) =>
  alert.description && alert.description.length > max ? `${alert.description.slice(0, max - 1)}…` : alert.description;

/**
 * Text shown as text in a Markdown chat (Mattermost, Rocket.Chat, Teams' TextBlocks): an alert's
 * title is not markup. Markdown's punctuation is backslash-escaped (CommonMark; with brackets
 * escaped no parenthesis can make a link), and an "@" gets a
 * zero-width space after it so "@all" in a title does not notify a whole channel.
 */
export const escapeMarkdown = (text: string) => text.replace(/[\\`*_~[\]#>|]/g, (c) => `\\${c}`).replace(/@/g, '@\u200b');
