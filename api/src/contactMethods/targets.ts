import { randomBytes } from 'node:crypto';
import type { ContactMethodKind } from '../db/schema.js';
import { invalidField } from '../errors.js';
import { namesPrivateHost } from '../outbound/networkGuard.js';
import { checkedPhone } from './phoneNumbers.js';

/** An address as the users' own emails are checked: something@somewhere.tld, lower-cased. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const INVALID_EMAIL = 'enter an email address, e.g. oncall@example.com';
export const INVALID_URL = 'enter an http:// or https:// URL without a user name or password';
export const PRIVATE_URL =
  'this URL points to a private or loopback address, which contact methods may not reach (CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS)';
export const TOPIC_REQUIRED = 'an ntfy method needs a topic';
export const ONLY_NTFY = 'only an ntfy method has this field';

/**
 * A method's target as stored, or a 422 naming `target`: an address for email, a phone number
 * in E.164 for sms and voice (phoneNumbers.ts), an http(s) URL for the others, refused when it names a private or loopback host outright (a name that
 * resolves to one is refused when sent: DNS can change after this check).
 */
export function checkedTarget(kind: ContactMethodKind, raw: string, allowPrivateNetworks: boolean): string {
  const value = raw.trim();
  if (kind === 'email') {
    if (!EMAIL.test(value)) throw invalidField(['body', 'target'], INVALID_EMAIL);
    return value.toLowerCase();
  }
  if (kind === 'sms' || kind === 'voice') {
    const checked = checkedPhone(value);
    if ('error' in checked) throw invalidField(['body', 'target'], checked.error);
    return checked.phone;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidField(['body', 'target'], INVALID_URL);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) throw invalidField(['body', 'target'], INVALID_URL);
  if (!allowPrivateNetworks && namesPrivateHost(url)) throw invalidField(['body', 'target'], PRIVATE_URL);
  url.hash = '';
  return url.toString();
}

/** A webhook's signing secret: 32 random bytes, prefixed so it is recognisable in a vault. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The last 4 characters of a secret, for the user to tell which one is set. */
export const hintOf = (secret: string | null) => (secret ? `…${secret.slice(-4)}` : null);

/**
 * What may be shown of a target: all of it, except a Slack-compatible URL, whose path is the
 * credential (anyone holding it may post to the channel): its origin and last 4 characters.
 */
export function publicTarget(kind: ContactMethodKind, target: string): string {
  if (kind !== 'slack') return target;
  const url = new URL(target);
  return `${url.origin}/…${(url.pathname + url.search).slice(-4)}`;
}
