import { Type } from 'typebox';
import type { ProviderDefinition } from './types.js';

/** Twilio's Messages and Calls APIs, for `sms` and `voice` contact methods (docs/oncall/channels/twilio.md). */
export const twilioProvider: ProviderDefinition = {
  kind: 'twilio',
  title: 'Twilio',
  body: Type.Object(
    {
      account_sid: Type.String({ pattern: '^AC[0-9a-fA-F]{32}$' }),
      /** The account's auth token; or, with api_key_sid, an API key's secret. */
      auth_token: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
      api_key_sid: Type.Optional(Type.Union([Type.String({ pattern: '^SK[0-9a-fA-F]{32}$' }), Type.Null()])),
      /** The number messages and calls come from, in E.164. */
      from_number: Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$' }),
      /** Where Twilio's REST API is (tests point it at a local server). */
      api_base: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
    },
    { title: 'TwilioProviderUpdate', additionalProperties: false },
  ),
  secretFields: ['auth_token'],
};
