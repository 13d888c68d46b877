import { TWILIO_API_BASE } from '../providers/definitions/twilio.js';
import type { ProviderSettings } from '../providers/store.js';
import { callProvider } from './providerHttp.js';

/** Twilio as the senders and the webhooks use it. */
export interface TwilioAccount {
  accountSid: string;
  from: string;
  apiBase: string;
  /** HTTP Basic credentials: the account and its auth token, or an API key and its secret. */
  username: string;
  password: string;
  /** The token Twilio signs its webhooks with: the account's auth token. */
  webhookToken: string;
}

export function twilioAccountOf(settings: ProviderSettings): TwilioAccount {
  const { config, secrets } = settings;
  const accountSid = String(config.account_sid);
  const apiKey = typeof config.api_key_sid === 'string' ? config.api_key_sid : null;
  const password = secrets.auth_token ?? '';
  return {
    accountSid,
    from: String(config.from_number),
    apiBase: String(config.api_base ?? TWILIO_API_BASE).replace(/\/+$/, ''),
    username: apiKey ?? accountSid,
    password,
    webhookToken: apiKey ? (secrets.webhook_auth_token ?? '') : password,
  };
}

/**
 * Creates a Message or a Call (POST /2010-04-01/Accounts/{sid}/{Messages|Calls}.json, form
 * encoded, HTTP Basic): resolves with its SID once Twilio took it (201), rejects otherwise with
 * Twilio's message and code, never the credentials.
 */
async function create(account: TwilioAccount, resource: 'Messages' | 'Calls', fields: Record<string, string>): Promise<string> {
  const url = `${account.apiBase}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/${resource}.json`;
  const auth = Buffer.from(`${account.username}:${account.password}`).toString('base64');
  const body = await callProvider(
    'Twilio',
    {
      url,
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
    },
    [account.password, auth, account.webhookToken],
  );
  try {
    return String((JSON.parse(body) as { sid?: unknown }).sid ?? '');
  } catch {
    return '';
  }
}

export const sendTwilioSms = (account: TwilioAccount, to: string, text: string) =>
  create(account, 'Messages', { To: to, From: account.from, Body: text });

/** A call that runs the TwiML at `url` when answered (fetched with POST), or the TwiML given. */
export const placeTwilioCall = (account: TwilioAccount, to: string, script: { url: string } | { twiml: string }) =>
  create(account, 'Calls', {
    To: to,
    From: account.from,
    ...('url' in script ? { Url: script.url, Method: 'POST' } : { Twiml: script.twiml }),
  });
