import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's window for a request's timestamp: an older (or far-future) one is a replay, refused. */
export const SLACK_MAX_AGE_SECONDS = 300;

export const SIGNATURE_MISSING = 'This request is not signed by Slack (X-Slack-Signature and X-Slack-Request-Timestamp are required)';
export const SIGNATURE_STALE = 'This request is too old: its Slack timestamp is more than 5 minutes from now (a replay?)';
export const SIGNATURE_INVALID = "This request's Slack signature does not match the Slack app's signing secret";

/** Slack's v0 signature of a request: HMAC-SHA256 of "v0:{timestamp}:{raw body}" with the signing secret, hex. */
export const slackSignatureOf = (secret: string, timestamp: string, rawBody: string) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;

/**
 * Why a request does not come from Slack, or null when it does (api.slack.com's "Verifying
 * requests from Slack"): the timestamp within 5 minutes of now, then the signature compared in
 * constant time over the body exactly as it arrived.
 */
export function slackSignatureRefusal(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  rawBody: string,
  nowMs: number,
): string | null {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return SIGNATURE_MISSING;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_MAX_AGE_SECONDS) return SIGNATURE_STALE;
  const expected = Buffer.from(slackSignatureOf(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : SIGNATURE_INVALID;
}
