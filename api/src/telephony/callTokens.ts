import { createHmac, timingSafeEqual } from 'node:crypto';

/** A call's URLs work this long after it was placed: long enough for any retry and ring. */
export const CALL_TOKEN_TTL_MS = 6 * 3_600_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const macOf = (secretKey: string, payload: string) =>
  createHmac('sha256', createHmac('sha256', secretKey).update('vigil.voice-call').digest()).update(payload).digest('base64url');

/**
 * The token in an alert call's URLs (its TwiML and its key presses): the notification it is
 * for and until when, MAC'd with a key derived from SECRET_KEY. Nobody can make one for another
 * notification, or use one past its time; Twilio's signature is checked as well.
 */
export function callToken(secretKey: string, notificationId: string, now: Date): string {
  const payload = `${notificationId}.${Math.floor((now.getTime() + CALL_TOKEN_TTL_MS) / 1000)}`;
  return `${payload}.${macOf(secretKey, payload)}`;
}

/** The notification a call token is for, or null when it is forged, malformed or expired. */
export function notificationOfCallToken(secretKey: string, token: string, now: Date): string | null {
  const [id, expires, mac] = token.split('.');
  if (!id || !expires || !mac || !UUID.test(id) || !/^[0-9]{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(macOf(secretKey, `${id}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 > now.getTime() ? id : null;
}
