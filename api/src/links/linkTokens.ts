import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The token of a signed notification link: `1.<expiry>.<recipient>.<mac>`, URL-safe, about 90
 * characters. It binds an alert, the address the link was mailed to and an expiry; it holds no
 * secret (the recipient reads their own address in it) and cannot be made or altered without
 * SECRET_KEY, nor moved to another alert (the alert id is inside the MAC, not the token: the
 * URL already carries it).
 *
 * - version `1`: a later format can be told apart;
 * - expiry: Unix seconds, base 36;
 * - recipient: the address, lower-cased, base64url;
 * - mac: HMAC-SHA256 over the version, alert id, expiry and recipient, base64url.
 *
 * The HMAC key is derived from SECRET_KEY with HKDF under its own label, so it is never the
 * key that signs login tokens (jose, HS256 over SECRET_KEY): neither kind can be replayed as
 * the other, and rotating SECRET_KEY ends both.
 */
const VERSION = '1';
const HKDF_INFO = 'vigil/signed-action-link/v1';
const MAX_RECIPIENT_BYTES = 512; // 683 characters of base64url
// The MAC is 32 bytes: 43 base64url characters, so both sides of the comparison are 43 bytes long.
const TOKEN_RE = /^1\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{1,683})\.([A-Za-z0-9_-]{43})$/;

export interface LinkClaims {
  alertId: string;
  recipient: string;
  expiresAt: Date;
}

export type LinkTokenCheck = { ok: true; recipient: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

// Derived once per secret (a process has one): HKDF on every request would be wasted work.
const derivedKeys = new Map<string, Buffer>();

function linkKey(secretKey: string): Buffer {
  let key = derivedKeys.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, '', HKDF_INFO, 32));
    derivedKeys.set(secretKey, key);
  }
  return key;
}

function mac(secretKey: string, alertId: string, expiry: string, recipient: string): Buffer {
  // Every field is from an alphabet without "\n", so the joined message is unambiguous.
  return createHmac('sha256', linkKey(secretKey)).update([VERSION, alertId.toLowerCase(), expiry, recipient].join('\n')).digest();
}

/** A token for `claims`; the recipient is kept lower-cased (addresses compare that way here). */
export function signLinkToken(secretKey: string, claims: LinkClaims): string {
  const recipient = claims.recipient.trim().toLowerCase();
  const size = Buffer.byteLength(recipient, 'utf8');
  if (size === 0 || size > MAX_RECIPIENT_BYTES) throw new Error('A link recipient must be 1 to 512 bytes');
  const expiry = Math.floor(claims.expiresAt.getTime() / 1000).toString(36);
  const encodedRecipient = Buffer.from(recipient, 'utf8').toString('base64url');
  return `${VERSION}.${expiry}.${encodedRecipient}.${mac(secretKey, claims.alertId, expiry, encodedRecipient).toString('base64url')}`;
}

/**
 * Checks a token against the alert it is used for, at `now`. The signature is checked first
 * (in constant time), so only a genuine token can be reported as expired.
 */
export function verifyLinkToken(secretKey: string, alertId: string, token: string, now: Date): LinkTokenCheck {
  const parts = TOKEN_RE.exec(token);
  if (!parts) return { ok: false, reason: 'invalid' };
  const [, expiry = '', encodedRecipient = '', givenMac = ''] = parts;
  // Compared as text, not decoded bytes: a base64url string's last character has spare bits,
  // so two different strings can decode alike, and a changed token must never pass.
  const expected = Buffer.from(mac(secretKey, alertId, expiry, encodedRecipient).toString('base64url'));
  if (!timingSafeEqual(Buffer.from(givenMac), expected)) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number.parseInt(expiry, 36) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, recipient: Buffer.from(encodedRecipient, 'base64url').toString('utf8'), expiresAt };
}
