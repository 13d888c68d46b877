import { Type } from 'typebox';
import { invalidField } from '../../errors.js';
import type { ProviderDefinition } from './types.js';

export const GATEWAY_TEMPLATE_NEEDS_FIELDS = 'the body template must place {{to}} (or {{to_digits}}) and {{text}}';
export const GATEWAY_SECRET_HEADERS_INVALID = 'a JSON object of header names to string values, e.g. {"Authorization": "Bearer …"}';

const FieldName = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' });

/**
 * Any SMS provider with an HTTP API, or a self-hosted gateway (docs/oncall/channels/sms-gateway.md):
 * one request per SMS, its body from a template; replies come back to
 * /api/v1/telephony/gateway/inbound with the shared inbound_secret.
 */
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
      /** The body, with {{to}} (or {{to_digits}}), {{text}} (and {{from}}) placed, JSON-escaped or form-encoded by content type (a GET: in the URL). */
      body_template: Type.String({ minLength: 1, maxLength: 4000 }),
      content_type: Type.Optional(Type.String({ maxLength: 100 })),
      /** The sender number or name placed as {{from}}. */
      from: Type.Optional(Type.String({ maxLength: 64 })),
      /** The shared secret the gateway's inbound calls (replies) carry. */
      inbound_secret: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
      /** The inbound body's field with the sender's number (default "from"); dots reach into JSON objects ("payload.phoneNumber"). */
      inbound_from_field: Type.Optional(FieldName),
      /** The inbound body's field with the text (default "text"). */
      inbound_text_field: Type.Optional(FieldName),
      /** Send SMS through the gateway even when Twilio is configured (by default Twilio sends, when set up). */
      preferred: Type.Optional(Type.Boolean()),
    },
    { title: 'SmsGatewayProviderUpdate', additionalProperties: false },
  ),
  secretFields: ['secret_headers', 'inbound_secret'],
  check(config, secrets) {
    const template = String(config.body_template ?? '');
    const method = config.method ?? 'POST';
    // A GET places them in the URL instead.
    const where = method === 'GET' ? `${String(config.url)} ${template}` : template;
    if (!/\{\{to(_digits)?\}\}/.test(where) || !where.includes('{{text}}'))
      throw invalidField(['body', 'body_template'], GATEWAY_TEMPLATE_NEEDS_FIELDS);
    if (secrets.secret_headers !== undefined && parseSecretHeaders(secrets.secret_headers) === null) {
      throw invalidField(['body', 'secret_headers'], GATEWAY_SECRET_HEADERS_INVALID);
    }
  },
};

/** The secret headers as stored (a JSON object of strings), or null when they are not one. */
export function parseSecretHeaders(raw: string): Record<string, string> | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    if (entries.length > 20 || entries.some(([name, v]) => typeof v !== 'string' || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(name))) {
      return null;
    }
    return value as Record<string, string>;
  } catch {
    return null;
  }
}
