import { parseSecretHeaders } from '../providers/definitions/smsGateway.js';
import type { ProviderSettings } from '../providers/store.js';
import { callProvider } from './providerHttp.js';

/** A value placed in a JSON template: a string's content, escaped, without its quotes. */
const jsonEscaped = (value: string) => JSON.stringify(value).slice(1, -1);

/**
 * The template with {{to}} (E.164, "+14155550100"), {{to_digits}} (without the +, as some
 * providers want it), {{text}} and {{from}} placed, escaped for where they land: inside
 * JSON strings when the content type is JSON, form-encoded for a form, as they are otherwise.
 */
type Placeholder = 'to' | 'to_digits' | 'text' | 'from';

export function placed(template: string, values: Record<Placeholder, string>, escaped: (value: string) => string): string {
  return template.replace(/\{\{(to|to_digits|text|from)\}\}/g, (_, name: Placeholder) => escaped(values[name]));
}

function escapeFor(contentType: string): (value: string) => string {
  if (/json/i.test(contentType)) return jsonEscaped;
  if (/x-www-form-urlencoded/i.test(contentType)) return encodeURIComponent;
  return (value) => value;
}

/**
 * Sends one SMS through the HTTP SMS gateway a superuser configured (docs/oncall/channels/sms-gateway.md):
 * its URL, method, headers and body template. A GET places the values in the URL (URL-encoded)
 * and sends no body. Rejects when the gateway does not answer 2xx; the secret headers' values
 * never appear in the error.
 */
export async function sendGatewaySms(settings: ProviderSettings, to: string, text: string): Promise<void> {
  const { config, secrets } = settings;
  const method = String(config.method ?? 'POST');
  const contentType = String(config.content_type ?? 'application/json');
  const values = { to, to_digits: to.replace(/^\+/, ''), text, from: String(config.from ?? '') };
  const secretHeaders = secrets.secret_headers ? (parseSecretHeaders(secrets.secret_headers) ?? {}) : {};
  const headers: Record<string, string> = { ...(config.headers as Record<string, string> | undefined), ...secretHeaders };
  const url = placed(String(config.url), values, encodeURIComponent);
  const request =
    method === 'GET'
      ? { url, method, headers }
      : {
          url,
          method,
          headers: { 'content-type': contentType, ...headers },
          body: placed(String(config.body_template), values, escapeFor(contentType)),
        };
  await callProvider(`the SMS gateway (${new URL(url).host})`, request, Object.values(secretHeaders));
}
