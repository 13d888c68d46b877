import {
  ACTION_PAGE_LABEL,
  CONSOLE_LABEL,
  escapeMarkdown,
  factsOf,
  headlineOf,
  SEVERITY_COLORS,
  shortDescription,
  stateLineOf,
} from '../alertText.js';
import type { ChatAlertView } from '../provider.js';
import { webhookChatProvider } from '../webhookTarget.js';

/**
 * The message of a new alert: text and one attachment whose buttons open pages. A Rocket.Chat
 * incoming webhook cannot receive a button press without a Rocket.Chat app, so "Acknowledge,
 * escalate or close" opens Vigil's action page, signed for the channel, which offers all three.
 */
export function rocketchatPost(alert: ChatAlertView) {
  const description = shortDescription(alert);
  return {
    text: `New alert for ${escapeMarkdown(alert.teamName)}: ${escapeMarkdown(headlineOf(alert))}`,
    attachments: [
      {
        title: escapeMarkdown(headlineOf(alert)),
        title_link: alert.consoleLink,
        color: SEVERITY_COLORS[alert.severity],
        ...(description && { text: escapeMarkdown(description) }),
        fields: factsOf(alert).map(([title, value]) => ({ short: true, title, value: escapeMarkdown(value) })),
        button_alignment: 'horizontal',
        actions:
          alert.state === 'closed'
            ? [{ type: 'button', text: CONSOLE_LABEL, url: alert.consoleLink, msg_in_chat_window: false }]
            : [
                { type: 'button', text: ACTION_PAGE_LABEL, url: alert.actionLink, msg_in_chat_window: false },
                { type: 'button', text: CONSOLE_LABEL, url: alert.consoleLink, msg_in_chat_window: false },
              ],
      },
    ],
  };
}

/** A change: a follow-up line, since an incoming webhook's message cannot be edited. */
export const rocketchatFollowUp = (alert: ChatAlertView) => ({
  text: `${escapeMarkdown(stateLineOf(alert))}: [${escapeMarkdown(headlineOf(alert))}](${alert.consoleLink})`,
});

/** A Rocket.Chat channel's incoming webhook (docs/oncall/channels/rocket-chat.md). */
export const rocketchatChatProvider = webhookChatProvider('rocketchat', 'Rocket.Chat', {
  post: rocketchatPost,
  followUp: rocketchatFollowUp,
  test: (label) => ({ text: `Vigil can post to this channel (${escapeMarkdown(label)}).` }),
});
