import { ACTION_PAGE_LABEL, CONSOLE_LABEL, escapeMarkdown, factsOf, headlineOf, shortDescription, stateLineOf } from '../alertText.js';
import type { ChatAlertView } from '../provider.js';
import { webhookChatProvider } from '../webhookTarget.js';

const SEVERITY_STYLES = { critical: 'attention', high: 'warning', warning: 'warning', info: 'accent' } as const;

/** Workflows posts the attachments of a `message` to the channel: one Adaptive Card. */
const asMessage = (card: object) => ({
  type: 'message',
  attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
});

const cardOf = (body: object[], actions: object[]) => ({
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
  type: 'AdaptiveCard',
  version: '1.4',
  msteams: { width: 'Full' },
  body,
  ...(actions.length > 0 && { actions }),
});

/**
 * An Adaptive Card 1.4 (what Teams renders from a Workflows webhook): the headline, the alert's
 * state, its description and facts, and buttons that open pages. A Workflows webhook sends no
 * button press back, so the action button opens Vigil's action page, signed for the channel.
 */
export function msteamsCard(alert: ChatAlertView) {
  const description = shortDescription(alert);
  const body = [
    {
      type: 'TextBlock',
      text: escapeMarkdown(headlineOf(alert)),
      weight: 'Bolder',
      size: 'Medium',
      wrap: true,
      color: SEVERITY_STYLES[alert.severity],
    },
    { type: 'TextBlock', text: escapeMarkdown(stateLineOf(alert)), isSubtle: true, spacing: 'None', wrap: true },
    ...(description ? [{ type: 'TextBlock', text: escapeMarkdown(description), wrap: true }] : []),
    { type: 'FactSet', facts: factsOf(alert).map(([title, value]) => ({ title, value: escapeMarkdown(value) })) },
  ];
  const actions = [
    ...(alert.state === 'closed' ? [] : [{ type: 'Action.OpenUrl', title: ACTION_PAGE_LABEL, url: alert.actionLink, style: 'positive' }]),
    { type: 'Action.OpenUrl', title: CONSOLE_LABEL, url: alert.consoleLink },
  ];
  return asMessage(cardOf(body, actions));
}

/** A change: a small card in the channel, since a card Workflows posted cannot be edited from outside. */
export const msteamsFollowUp = (alert: ChatAlertView) =>
  asMessage(
    cardOf(
      [{ type: 'TextBlock', text: `${escapeMarkdown(stateLineOf(alert))}: ${escapeMarkdown(headlineOf(alert))}`, wrap: true }],
      [{ type: 'Action.OpenUrl', title: CONSOLE_LABEL, url: alert.consoleLink }],
    ),
  );

/** A Microsoft Teams channel's Workflows webhook, "When a Teams webhook request is received" (docs/oncall/channels/microsoft-teams.md). */
export const msteamsChatProvider = webhookChatProvider('msteams', 'Microsoft Teams', {
  post: msteamsCard,
  followUp: msteamsFollowUp,
  test: (label) =>
    asMessage(cardOf([{ type: 'TextBlock', text: `Vigil can post to this channel (${escapeMarkdown(label)}).`, wrap: true }], [])),
});
