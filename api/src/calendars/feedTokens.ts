import { createHash, randomBytes } from 'node:crypto';

/**
 * A calendar feed's secret: `vcf_` and 32 random bytes in base64url (256 bits), in the feed's
 * URL path. Only its SHA-256 is stored: with that much entropy no salt or slow hash is needed
 * (as API tokens, docs/decisions/0082-api-tokens.md).
 */
export const FEED_TOKEN_PREFIX = 'vcf_';
export const FEED_TOKEN_PATTERN = /^vcf_[A-Za-z0-9_-]{43}$/;
/** Characters kept in clear to tell feeds apart in lists: `vcf_` and 8 more. */
const SHOWN_LENGTH = FEED_TOKEN_PREFIX.length + 8;

export const hashFeedToken = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function newFeedToken(): { secret: string; hash: string; prefix: string } {
  const secret = `${FEED_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashFeedToken(secret), prefix: secret.slice(0, SHOWN_LENGTH) };
}
