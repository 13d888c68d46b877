import { checkedTarget } from '../contactMethods/targets.js';
import { postOutbound } from '../outbound/httpSender.js';
import type { ChatSendContext } from './provider.js';

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
