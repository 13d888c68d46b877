import type { AlertState } from '../../db/schema.js';
import type { ChatAlertView } from '../provider.js';

/** The action_id of each button: what the interactivity endpoint acts on. */
export const SLACK_ACTIONS = { vigil_ack: 'acknowledge', vigil_escalate: 'escalate', vigil_close: 'close' } as const;
export type SlackActionId = keyof typeof SLACK_ACTIONS;

const SEVERITY_MARK: Record<ChatAlertView['severity'], string> = {
  critical: ':red_circle:',
  high: ':large_orange_circle:',
  warning: ':large_yellow_circle:',
  info: ':large_blue_circle:',
};

const STATE_WORDS: Record<AlertState, string> = { open: 'Open', acknowledged: 'Acknowledged', escalated: 'Escalated', closed: 'Closed' };
const PAST: Record<string, string> = { acknowledge: 'Acknowledged', escalate: 'Escalated', close: 'Closed' };
const VIA_WORDS: Record<string, string> = {
  console: 'the console',
  link: 'a link',
  integration: 'its integration',
  policy: 'the escalation policy',
};

/** Slack's mrkdwn escapes: text of ours (a title) never turns into a mention or a link. */
export const escapeMrkdwn = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** "Acknowledged by Ann via Slack", or the state alone when nobody changed it yet. */
export function stateLine(alert: ChatAlertView): string {
  const change = alert.lastChange;
  if (!change || PAST[change.action] === undefined) return STATE_WORDS[alert.state];
  const by = change.by ? ` by ${change.by}` : '';
  const via = VIA_WORDS[change.via] ?? change.via.charAt(0).toUpperCase() + change.via.slice(1);
  return `${PAST[change.action]}${by} via ${via}`;
}

const button = (text: string, actionId: SlackActionId, alertId: string, style?: 'primary' | 'danger') => ({
  type: 'button',
  text: { type: 'plain_text', text },
  action_id: actionId,
  value: alertId,
  ...(style && { style }),
});

/** The buttons that fit the state: none that would be refused (nothing to do once closed). */
function buttonsFor(alert: ChatAlertView) {
  if (alert.state === 'closed') return [];
  return [
    ...(alert.state === 'acknowledged' ? [] : [button('Acknowledge', 'vigil_ack', alert.id, 'primary')]),
    button('Escalate', 'vigil_escalate', alert.id),
    button('Close', 'vigil_close', alert.id, 'danger'),
  ];
}

/** The alert as one Slack message: what it is, where from, its state now, and what may be done. */
export function alertBlocks(alert: ChatAlertView) {
  const title = escapeMrkdwn(alert.title.slice(0, 2500));
  const integration = alert.integrationTitle ? escapeMrkdwn(alert.integrationTitle) : '—';
  const context = [
    `*${stateLine(alert)}*`,
    alert.escalationLevel > 0 ? `level ${alert.escalationLevel}` : null,
    alert.occurrences > 1 ? `${alert.occurrences} occurrences` : null,
    `opened <!date^${Math.floor(alert.createdAt.getTime() / 1000)}^{date_short_pretty} {time}|${alert.createdAt.toISOString()}>`,
  ].filter((part): part is string => part !== null);
  return [
    {
      type: 'section',
      text: { type: 'mrkdwn', text: `${SEVERITY_MARK[alert.severity]} *${alert.severity.toUpperCase()}* ${title}` },
      fields: [
        { type: 'mrkdwn', text: `*Integration*\n${integration}` },
        { type: 'mrkdwn', text: `*Team*\n${escapeMrkdwn(alert.teamName)}` },
      ],
    },
    { type: 'context', elements: [{ type: 'mrkdwn', text: context.join(' · ') }] },
    {
      type: 'actions',
      block_id: 'vigil_actions',
      elements: [
        ...buttonsFor(alert),
        { type: 'button', text: { type: 'plain_text', text: 'Open in Vigil' }, url: alert.consoleLink, action_id: 'vigil_open' },
      ],
    },
  ];
}

/** The notification's plain text (Slack shows it where blocks cannot be: notifications, screen readers). */
export const alertFallbackText = (alert: ChatAlertView) =>
  `[${alert.severity.toUpperCase()}] ${alert.title.slice(0, 300)} — ${stateLine(alert)}`;
