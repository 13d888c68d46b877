import { Type } from 'typebox';
import { invalidField } from '../../errors.js';
import type { ProviderDefinition } from './types.js';

export const TWILIO_API_BASE = 'https://api.twilio.com';
export const TWILIO_CREDENTIALS_REQUIRED = 'Twilio needs auth_token: the account auth token, or with api_key_sid the API key secret';
export const TWILIO_WEBHOOK_TOKEN_REQUIRED =
  "with an API key, Twilio still signs its webhooks with the account's auth token: set webhook_auth_token to it";

/**
 * Twilio's Messages and Calls APIs, for `sms` and `voice` contact methods
 * (docs/oncall/channels/sms-and-voice.md). Requests authenticate as the account (account_sid and
 * its auth token) or as an API key (api_key_sid and its secret in auth_token); Twilio signs the
 * webhooks it calls (replies, key presses) with the account's auth token either way, so with an
 * API key that token is kept apart, as webhook_auth_token, and only checks signatures.
 */
export const twilioProvider: ProviderDefinition = {
  kind: 'twilio',
  title: 'Twilio',
  body: Type.Object(
    {
      account_sid: Type.String({ pattern: '^AC[0-9a-fA-F]{32}$' }),
      /** The account's auth token; or, with api_key_sid, the API key's secret. */
      auth_token: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
      api_key_sid: Type.Optional(Type.Union([Type.String({ pattern: '^SK[0-9a-fA-F]{32}$' }), Type.Null()])),
      /** With api_key_sid: the account's auth token, used only to check the signatures of Twilio's webhooks. */
      webhook_auth_token: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
      /** The number messages and calls come from, in E.164. */
      from_number: Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$' }),
      /** Where Twilio's REST API is (default https://api.twilio.com; tests point it at a local server). */
      api_base: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
    },
    { title: 'TwilioProviderUpdate', additionalProperties: false },
  ),
  secretFields: ['auth_token', 'webhook_auth_token'],
  check(config, secrets) {
    if (!secrets.auth_token) throw invalidField(['body', 'auth_token'], TWILIO_CREDENTIALS_REQUIRED);
    if (config.api_key_sid && !secrets.webhook_auth_token)
      throw invalidField(['body', 'webhook_auth_token'], TWILIO_WEBHOOK_TOKEN_REQUIRED);
  },
};
