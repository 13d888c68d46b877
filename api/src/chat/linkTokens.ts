import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * One-time tokens a signed-in Vigil user takes to a chat (the Telegram bot's `/start <token>`):
 * the chat account that sends it back is linked to them. Signed, not stored when issued; used
 * once (links/linkService.ts records each claim until it expires). `1` + user id + expiry +
 * nonce + MAC, 43 bytes in base64url, 58 characters, within the 64 Telegram allows a start
 * parameter. The other direction (a chat user who pressed a button unlinked) is a stored token
 * claimed in the console (links/linkService.ts, issueLinkToken).
 *
 * The HMAC key is derived from SECRET_KEY under its own label, so no other token can pass as one.
 */
const HKDF_INFO = 'vigil/chat-link/v1';
const MAC_BYTES = 16;
const NONCE_BYTES = 6;
const USER_TOKEN_RE = /^[A-Za-z0-9_-]{58}$/;

const keys = new Map<string, Buffer>();
function keyOf(secretKey: string): Buffer {
  let key = keys.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, '', HKDF_INFO, 32));
    keys.set(secretKey, key);
  }
  return key;
}

const macOf = (secretKey: string, ...parts: (Buffer | string)[]) => {
  const hmac = createHmac('sha256', keyOf(secretKey));
  for (const part of parts) hmac.update(part).update('\n');
  return hmac.digest().subarray(0, MAC_BYTES);
};

/** What a claim records so the token works once: its hash, not the token. */
export const tokenIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function signUserLinkToken(secretKey: string, userId: string, expiresAt: Date): string {
  const head = Buffer.alloc(1 + 16 + 4 + NONCE_BYTES);
  head[0] = 1;
  Buffer.from(userId.replaceAll('-', ''), 'hex').copy(head, 1);
  head.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 17);
  randomBytes(NONCE_BYTES).copy(head, 21);
  return Buffer.concat([head, macOf(secretKey, head)]).toString('base64url');
}

/** The user a token was issued for and its expiry, or null when it is not genuine or has expired. */
export function verifyUserLinkToken(secretKey: string, token: string, now: Date): { userId: string; expiresAt: Date } | null {
  if (!USER_TOKEN_RE.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  const head = bytes.subarray(0, 21 + NONCE_BYTES);
  if (bytes.length !== head.length + MAC_BYTES || head[0] !== 1) return null;
  if (!timingSafeEqual(bytes.subarray(head.length), macOf(secretKey, head))) return null;
  // Re-encoded and compared: a base64url string's last character has spare bits (another spelling would be another token).
  if (bytes.toString('base64url') !== token) return null;
  const expiresAt = new Date(head.readUInt32BE(17) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return null;
  const hex = head.subarray(1, 17).toString('hex');
  return { userId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`, expiresAt };
}
