import type { AlertAction } from '../../db/schema.js';
import {
  ACTION_LABELS,
  actionsFor,
  escapeMarkdown,
  factsOf,
  headlineOf,
  SEVERITY_COLORS,
  shortDescription,
  stateLineOf,
} from '../alertText.js';
import type { ChatAlertView } from '../provider.js';

/** Where Mattermost posts a button press (mattermostRoutes.ts). */
export const MATTERMOST_ACTIONS_PATH = '/chat/mattermost/actions';

/** What each button's `integration.context` carries: Mattermost keeps it server-side and sends it back on a press. */
export interface MattermostContext {
  alert_id: string;
  action: AlertAction;
  channel_id: string;
  /** The channel's secret: a press is trusted only when it carries it (the callback has no other signature). */
  secret: string;
}

const BUTTON_STYLES: Record<AlertAction, string> = { acknowledge: 'primary', escalate: 'default', close: 'good' };

/**
 * A message attachment with the alert's facts and, while it is not closed, interactive buttons
 * that call back (docs: developers.mattermost.com, "Interactive messages"); the same attachment
 * is the `update` of a press's answer, so the message shows the new state.
 */
export function mattermostAttachment(alert: ChatAlertView, callback: { url: string; channelId: string; secret: string | null }) {
  const description = shortDescription(alert);
  const { secret } = callback;
  return {
    fallback: `${headlineOf(alert)}: ${stateLineOf(alert)}`,
    color: SEVERITY_COLORS[alert.severity],
    title: escapeMarkdown(headlineOf(alert)),
    title_link: alert.consoleLink,
    ...(description && { text: escapeMarkdown(description) }),
    fields: factsOf(alert).map(([title, value]) => ({ short: true, title, value: escapeMarkdown(value) })),
    // No secret (a channel made before it had one): no buttons, since presses could not be trusted.
    actions: secret
      ? actionsFor(alert.state).map((action) => ({
          id: action,
          name: ACTION_LABELS[action],
          type: 'button',
          style: BUTTON_STYLES[action],
          integration: {
            url: callback.url,
            context: { alert_id: alert.id, action, channel_id: callback.channelId, secret } satisfies MattermostContext,
          },
        }))
      : [],
  };
}

/** The post of a new alert. */
export const mattermostPost = (alert: ChatAlertView, callback: Parameters<typeof mattermostAttachment>[1]) => ({
  text: `New alert for ${escapeMarkdown(alert.teamName)}`,
  attachments: [mattermostAttachment(alert, callback)],
});

/** The follow-up of a change made elsewhere: the webhook's post cannot be edited. */
export const mattermostFollowUp = (alert: ChatAlertView) => ({
  text: `${escapeMarkdown(stateLineOf(alert))}: [${escapeMarkdown(headlineOf(alert))}](${alert.consoleLink})`,
});
