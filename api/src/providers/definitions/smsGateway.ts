import { Type } from 'typebox';
import type { ProviderDefinition } from './types.js';

/** Any SMS provider with an HTTP API, or a self-hosted gateway (docs/oncall/channels/sms-gateway.md). */
export const smsGatewayProvider: ProviderDefinition = {
  kind: 'sms_gateway',
  title: 'HTTP SMS gateway',
  body: Type.Object(
    {
      url: Type.String({ format: 'uri', maxLength: 2048 }),
      method: Type.Optional(Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('GET')])),
      /** Headers sent with every request (an Authorization header is a secret: put it in secret_headers). */
      headers: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 1000 }), { maxProperties: 20 })),
      /** Headers whose values are secrets (e.g. {"Authorization": "Bearer …"}), stored encrypted. */
      secret_headers: Type.Optional(Type.String({ maxLength: 4000, description: 'A JSON object of header names to values' })),
      /** The body, with {{to}}, {{text}} (and {{from}}) placed, JSON-escaped or form-encoded by content type. */
      body_template: Type.String({ minLength: 1, maxLength: 4000 }),
      content_type: Type.Optional(Type.String({ maxLength: 100 })),
      /** The shared secret the gateway's inbound calls (replies) carry. */
      inbound_secret: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
    },
    { title: 'SmsGatewayProviderUpdate', additionalProperties: false },
  ),
  secretFields: ['secret_headers', 'inbound_secret'],
};
