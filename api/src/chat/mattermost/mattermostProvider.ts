import type { ChatProvider } from '../provider.js';
import { checkWebhookTarget, postToWebhook, WEBHOOK_POSTED } from '../webhookTarget.js';
import { MATTERMOST_ACTIONS_PATH, mattermostFollowUp, mattermostPost } from './mattermostMessage.js';

/**
 * A Mattermost channel's incoming webhook (docs/oncall/channels/mattermost.md): each new alert is
 * posted with Acknowledge, Escalate and Close buttons that call back (mattermostRoutes.ts, which
 * answers with the message brought up to date). Incoming webhook posts cannot be edited from
 * elsewhere, so a change made outside Mattermost is a short follow-up; one made by a button
 * already updated its message, and gets none.
 */
export const mattermostChatProvider: ChatProvider = {
  kind: 'mattermost',
  title: 'Mattermost',
  hasSecret: true,
  checkTarget: checkWebhookTarget,
  async post(channel, alert, context) {
    const callback = { url: `${context.apiBase}${MATTERMOST_ACTIONS_PATH}`, channelId: channel.id, secret: channel.secret };
    await postToWebhook(channel.target, mattermostPost(alert, callback), context);
    return WEBHOOK_POSTED;
  },
  async update(channel, _externalId, alert, context) {
    if (alert.lastChange?.via === 'mattermost') return;
    await postToWebhook(channel.target, mattermostFollowUp(alert), context);
  },
  async test(channel, context) {
    await postToWebhook(channel.target, { text: `Vigil can post to this channel (${channel.label}).` }, context);
  },
};
