import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { headerLinkToken } from '../links/linkAccess.js';
import { verifyLinkToken } from '../links/linkTokens.js';
import { keyedRateLimit } from '../operations/keyedRateLimit.js';

export const TOO_MANY_FOR_ALERT = 'Too many requests for this alert, please try again later';

/**
 * The public alert routes' second limit: calls on one alert per minute, from every address
 * together (`RATE_LIMIT_PER_ALERT_PER_MINUTE`), so a caller with many addresses cannot hammer one
 * alert. Calls with a valid signed link count in a budget of their recipient's own, so a flood
 * through the bare id cannot lock the people the alert was mailed to out of its page.
 * The recipient is hashed: the store holds no address. `tokenOf` finds the link's token: the
 * header of a JSON call, or the URL (`?t=`) of a server-rendered page and of its form posts.
 */
export function perAlertLimit(
  app: FastifyInstance,
  { config, now }: { config: Config; now: () => Date },
  tokenOf: (request: FastifyRequest) => string | undefined = headerLinkToken,
) {
  const key = (request: FastifyRequest): string => {
    const { id } = request.params as { id: string };
    const token = tokenOf(request);
    if (token !== undefined) {
      const check = verifyLinkToken(config.secretKey, id, token, now());
      if (check.ok) return `alert:${id}:${createHash('sha256').update(check.recipient).digest('hex').slice(0, 16)}`;
    }
    return `alert:${id}`;
  };
  return keyedRateLimit(app, { max: config.rateLimit.perAlert, windowMs: 60_000, key, detail: TOO_MANY_FOR_ALERT });
}
