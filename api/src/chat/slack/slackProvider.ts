import { invalidField } from '../../errors.js';
import type { ChatProvider } from '../provider.js';
import { alertBlocks, alertFallbackText, escapeMrkdwn } from './slackBlocks.js';
import { callSlack, requireSlackApp } from './slackClient.js';

/** A public or private channel's id (C…, G…), as Slack shows it under the channel's details. */
const CHANNEL_ID = /^[CG][A-Z0-9]{6,20}$/;
export const INVALID_SLACK_CHANNEL = "enter the Slack channel's id, e.g. C0123ABCD (the channel's details show it at the bottom)";

/** A posted message's id as stored: the channel and the message's ts. */
const externalIdOf = (channel: string, ts: string) => `${channel}:${ts}`;
function parseExternalId(externalId: string): { channel: string; ts: string } {
  const at = externalId.indexOf(':');
  return { channel: externalId.slice(0, at), ts: externalId.slice(at + 1) };
}

/** The Slack app's channels (docs/oncall/channels/slack.md): posts with buttons, updated in place. */
export const slackChatProvider: ChatProvider = {
  kind: 'slack_app',
  title: 'Slack',
  hasSecret: false,
  checkTarget(raw) {
    const value = raw.trim().toUpperCase();
    if (!CHANNEL_ID.test(value)) throw invalidField(['body', 'target'], INVALID_SLACK_CHANNEL);
    return value;
  },
  async post(channel, alert, context) {
    const app = await requireSlackApp(context.providers);
    const answer = await callSlack(app, (client) =>
      client.chat.postMessage({ channel: channel.target, text: alertFallbackText(alert), blocks: alertBlocks(alert), unfurl_links: false }),
    );
    if (!answer.channel || !answer.ts) throw new Error('Slack answered without the message id');
    return externalIdOf(answer.channel, answer.ts);
  },
  async update(_channel, externalId, alert, context) {
    const app = await requireSlackApp(context.providers);
    const { channel, ts } = parseExternalId(externalId);
    await callSlack(app, (client) => client.chat.update({ channel, ts, text: alertFallbackText(alert), blocks: alertBlocks(alert) }));
  },
  async test(channel, context) {
    const app = await requireSlackApp(context.providers);
    await callSlack(app, (client) =>
      client.chat.postMessage({
        channel: channel.target,
        text: `:wave: A test from Vigil: alerts of this team will be posted here (channel "${escapeMrkdwn(channel.label)}").`,
      }),
    );
  },
};
