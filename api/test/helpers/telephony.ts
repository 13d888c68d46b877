import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import type { TestApp } from './testApp.js';
import { TwilioApi } from './twilioApi.js';

export const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const AUTH_TOKEN = 'twilio-auth-token-9f8e7d6c5b4a';
export const FROM_NUMBER = '+15005550006';

/** A fake Twilio, started, and Vigil's Twilio provider pointed at it. */
export async function twilioFor(t: TestApp): Promise<TwilioApi> {
  const api = await new TwilioApi(ACCOUNT_SID, { username: ACCOUNT_SID, password: AUTH_TOKEN }).start();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/notification-providers/twilio',
    headers: t.superuser.auth,
    payload: { account_sid: ACCOUNT_SID, auth_token: AUTH_TOKEN, from_number: FROM_NUMBER, api_base: api.base },
  });
  if (res.statusCode !== 200) throw new Error(`twilio set-up: ${res.statusCode} ${res.body}`);
  return api;
}

/**
 * Posts a form to a telephony webhook as Twilio does: form-encoded, X-Twilio-Signature over the
 * public URL (FRONTEND_HOST + path) and the fields, signed with `token` (the right one by default).
 */
export function postAsTwilio(t: TestApp, path: string, fields: Record<string, string>, token: string | null = AUTH_TOKEN) {
  const url = `${t.config.frontendHost}${path}`;
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (token !== null) headers['x-twilio-signature'] = getExpectedTwilioSignature(token, url, fields);
  return t.app.inject({ method: 'POST', url: path, headers, payload: new URLSearchParams(fields).toString() });
}

/** What Twilio posts for an incoming SMS (the fields Vigil reads, and a few it does not). */
export const incomingSms = (from: string, body: string) => ({
  MessageSid: `SM${'a'.repeat(32)}`,
  AccountSid: ACCOUNT_SID,
  From: from,
  To: FROM_NUMBER,
  Body: body,
  NumMedia: '0',
});

/** The text of a TwiML <Message> or <Say>s, unescaped. */
export const spoken = (xml: string) =>
  [...xml.matchAll(/<(?:Message|Say)>([^<]*)<\/(?:Message|Say)>/g)]
    .map((m) =>
      (m[1] ?? '')
        .replaceAll('&apos;', "'")
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&'),
    )
    .join(' ');
