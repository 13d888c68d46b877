import { checkedTarget } from '../contactMethods/targets.js';
import type { ChatKind } from '../db/schema.js';
import { postOutbound } from '../outbound/httpSender.js';
import type { ChatAlertView, ChatProvider, ChatSendContext } from './provider.js';

/** An incoming webhook's URL, checked as a webhook contact method's is: http(s), no credentials, no private host unless allowed. */
export const checkWebhookTarget = (raw: string, options: { allowPrivateNetworks: boolean }) =>
  checkedTarget('webhook', raw, options.allowPrivateNetworks);

/** Posts JSON to a channel's incoming webhook through the SSRF-guarded sender; rejects unless it answers 2xx. */
export const postToWebhook = (url: string, message: object, context: ChatSendContext) =>
  postOutbound(
    { url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) },
    { allowPrivateNetworks: context.allowPrivateNetworks },
  );

/**
 * What a webhook kind records as a post's id: an incoming webhook answers none and its posts
 * cannot be edited, so an update is a short follow-up in the channel (docs/oncall/channels/*.md).
 */
export const WEBHOOK_POSTED = 'incoming-webhook';

/** What a one-way webhook kind posts: the alert, a follow-up on each change, a test line. */
export interface WebhookMessages {
  post(alert: ChatAlertView): object;
  followUp(alert: ChatAlertView): object;
  test(label: string): object;
}

/** A chat kind reached only through an incoming webhook (Rocket.Chat, Microsoft Teams): no secret, follow-ups for changes. */
export const webhookChatProvider = (kind: ChatKind, title: string, messages: WebhookMessages): ChatProvider => ({
  kind,
  title,
  hasSecret: false,
  checkTarget: checkWebhookTarget,
  async post(channel, alert, context) {
    await postToWebhook(channel.target, messages.post(alert), context);
    return WEBHOOK_POSTED;
  },
  async update(channel, _externalId, alert, context) {
    await postToWebhook(channel.target, messages.followUp(alert), context);
  },
  async test(channel, context) {
    await postToWebhook(channel.target, messages.test(channel.label), context);
  },
});
