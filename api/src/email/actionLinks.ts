import type { Config } from '../config.js';
import { signLinkToken } from '../links/linkTokens.js';

/** The query parameter of an action page's URL that holds the link's token. */
export const LINK_TOKEN_QUERY = 't';

/**
 * The link a notification carries to an alert's public action page. Every email that links
 * to an alert builds its link here, once per recipient: the link carries a token signed for
 * that recipient and that alert, valid for SIGNED_LINK_TTL_HOURS from `now` and no longer
 * acting once the alert is closed (docs/api/signed-links.md).
 */
export function actionLink(
  config: Pick<Config, 'frontendHost' | 'secretKey' | 'signedLinkTtlHours'>,
  alertId: string,
  recipient: string,
  now: Date = new Date(),
): string {
  const expiresAt = new Date(now.getTime() + config.signedLinkTtlHours * 3_600_000);
  const token = signLinkToken(config.secretKey, { alertId, recipient, expiresAt });
  // The token's alphabet (base64url, base 36 and dots) needs no escaping in a query.
  return `${config.frontendHost}/actions/${alertId}?${LINK_TOKEN_QUERY}=${token}`;
}
