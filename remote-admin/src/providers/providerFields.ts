import type { ProviderKind, ProviderPublic, ProviderSave, ProviderUpdates, Validators } from '@vigil/shared';

/**
 * One field of a provider's form, named as its PUT body names it (the API's OpenAPI document:
 * TwilioProviderUpdate, SmsGatewayProviderUpdate, SlackAppProviderUpdate, TelegramProviderUpdate).
 */
export interface ProviderField<K extends ProviderKind> {
  name: keyof ProviderUpdates[K] & string;
  label: string;
  /** Stored sealed and never answered: a password field showing the stored hint; blank keeps it. */
  secret?: boolean;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  /** How it is typed: a line, several lines, a JSON object of strings, or one of a few choices. */
  input?: 'text' | 'multiline' | 'json' | { choices: readonly string[] };
}

type Fields = { [K in ProviderKind]: ProviderField<K>[] };

export const PROVIDER_FIELDS: Fields = {
  twilio: [
    { name: 'account_sid', label: 'Account SID', required: true, placeholder: 'AC…' },
    { name: 'auth_token', label: 'Auth token', secret: true, hint: "The account's auth token, or the API key's secret." },
    {
      name: 'api_key_sid',
      label: 'API key SID',
      placeholder: 'SK…',
      hint: 'Only when signing in with an API key instead of the auth token.',
    },
    {
      name: 'from_number',
      label: 'From number',
      required: true,
      placeholder: '+14155550100',
      hint: 'International format: texts and calls come from it.',
    },
    { name: 'api_base', label: 'API address', placeholder: 'https://api.twilio.com', hint: "Leave blank for Twilio's own." },
  ],
  sms_gateway: [
    { name: 'url', label: 'Gateway URL', required: true, placeholder: 'https://sms.example.com/send' },
    { name: 'method', label: 'Method', input: { choices: ['POST', 'PUT', 'GET'] } },
    {
      name: 'headers',
      label: 'Headers',
      input: 'json',
      placeholder: '{"X-Account": "ops"}',
      hint: 'A JSON object of header names to values.',
    },
    {
      name: 'secret_headers',
      label: 'Secret headers',
      secret: true,
      placeholder: '{"Authorization": "Bearer …"}',
      hint: 'A JSON object, stored encrypted: an Authorization header goes here.',
    },
    {
      name: 'body_template',
      label: 'Body template',
      required: true,
      input: 'multiline',
      placeholder: '{"to": "{{to}}", "text": "{{text}}"}',
      hint: '{{to}}, {{text}} and {{from}} are filled in, escaped for the content type.',
    },
    { name: 'content_type', label: 'Content type', placeholder: 'application/json' },
    { name: 'inbound_secret', label: 'Inbound secret', secret: true, hint: "The shared secret the gateway's calls back (replies) carry." },
  ],
  slack_app: [
    { name: 'bot_token', label: 'Bot token', secret: true, placeholder: 'xoxb-…' },
    {
      name: 'signing_secret',
      label: 'Signing secret',
      secret: true,
      hint: "From the app's Basic Information page: Slack signs its calls with it.",
    },
    { name: 'api_url', label: 'API address', placeholder: 'https://slack.com/api', hint: "Leave blank for Slack's own." },
  ],
  telegram: [
    { name: 'bot_token', label: 'Bot token', secret: true, placeholder: '123456:ABC…', hint: 'From @BotFather.' },
    {
      name: 'webhook_secret',
      label: 'Webhook secret',
      secret: true,
      hint: 'Telegram sends it with each update: 16 or more letters, digits, _ or -.',
    },
    { name: 'api_base', label: 'API address', placeholder: 'https://api.telegram.org', hint: "Leave blank for Telegram's own." },
  ],
};

export const fieldsOf = (kind: ProviderKind): ProviderField<ProviderKind>[] => PROVIDER_FIELDS[kind] as ProviderField<ProviderKind>[];

export type ProviderValues = Record<string, string>;

/** The form's values: the stored settings as text, every secret blank (blank keeps the stored one). */
export function providerValuesOf(provider: ProviderPublic): ProviderValues {
  const values: ProviderValues = {};
  for (const field of fieldsOf(provider.kind)) {
    const stored = field.secret ? undefined : provider.config[field.name];
    values[field.name] = stored == null ? '' : typeof stored === 'string' ? stored : JSON.stringify(stored);
  }
  return values;
}

export const NOT_JSON_OBJECT = 'Enter a JSON object of names to text values, e.g. {"X-Account": "ops"}';

const jsonObject = (text: string): Record<string, string> | null => {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    return Object.values(value).every((v) => typeof v === 'string') ? (value as Record<string, string>) : null;
  } catch {
    return null;
  }
};

/** Required fields filled, JSON fields objects of text; the rest is the API's to check (its 422 lands at the field). */
export function providerRules(kind: ProviderKind): Validators<ProviderValues> {
  const rules: Validators<ProviderValues> = {};
  for (const field of fieldsOf(kind)) {
    rules[field.name] = (value) => {
      if (field.required && !value.trim()) return `${field.label} is required`;
      if (value.trim() && (field.input === 'json' || field.name === 'secret_headers') && !jsonObject(value)) return NOT_JSON_OBJECT;
      return undefined;
    };
  }
  return rules;
}

/** The PUT body: each field given, trimmed; a JSON field as its object; a blank secret left out (the stored one stays). */
export function providerBody(kind: ProviderKind, values: ProviderValues): ProviderSave {
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(kind)) {
    const value = field.secret || field.input === 'multiline' ? (values[field.name] ?? '') : (values[field.name] ?? '').trim();
    if (!value.trim()) continue;
    body[field.name] = field.input === 'json' ? jsonObject(value) : value;
  }
  return { kind, body } as ProviderSave;
}
