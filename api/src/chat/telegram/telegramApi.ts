import { createHash } from 'node:crypto';
import type { ProviderStore } from '../../providers/store.js';

export const TELEGRAM_API_BASE = 'https://api.telegram.org';
const TIMEOUT_MS = 10_000;
const BOT_NAME_CACHE_MS = 3_600_000;

/** A Bot API call that failed, worded without the bot token (it is in the URL called). */
export class TelegramError extends Error {
  constructor(
    message: string,
    /** Telegram's error_code (400, 403, 429…), absent when it could not be reached. */
    readonly code?: number,
    readonly description = '',
  ) {
    super(message);
  }
}

export const TELEGRAM_NOT_CONFIGURED = 'Telegram bot is not configured';

/** The bot as the Bot API is called: its token and where the API is. */
export interface TelegramBot {
  token: string;
  apiBase: string;
  webhookSecret: string | null;
}

/** The configured bot, or null (providers/definitions/telegram.ts). */
export async function telegramBot(providers: ProviderStore): Promise<TelegramBot | null> {
  const settings = await providers.read('telegram');
  const token = settings?.secrets.bot_token;
  if (!settings || !token) return null;
  const apiBase = typeof settings.config.api_base === 'string' ? settings.config.api_base : TELEGRAM_API_BASE;
  return { token, apiBase: apiBase.replace(/\/+$/, ''), webhookSecret: settings.secrets.webhook_secret ?? null };
}

/**
 * Calls a Bot API method (core.telegram.org/bots/api, "Making requests") and answers its
 * `result`; rejects with a TelegramError on `{ok: false}` (a 429 says when to retry), an
 * answer that is not the API's, or no answer within 10 s.
 */
export async function callTelegram<T>(bot: TelegramBot, method: string, params: object): Promise<T> {
  let host: string;
  try {
    host = new URL(bot.apiBase).host;
  } catch {
    throw new TelegramError(`Telegram ${method}: its API base is not a URL`);
  }
  let res: Response;
  try {
    res = await fetch(`${bot.apiBase}/bot${bot.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new TelegramError(`Telegram ${method}: could not reach ${host}: ${cause}`);
  }
  const answer = (await res.json().catch(() => null)) as {
    ok?: boolean;
    result?: T;
    error_code?: number;
    description?: string;
    parameters?: { retry_after?: number };
  } | null;
  if (answer?.ok === true) return answer.result as T;
  const description = String(answer?.description ?? '')
    .replaceAll(bot.token, '[token]')
    .slice(0, 200);
  const code = answer?.error_code ?? res.status;
  const retry = answer?.parameters?.retry_after ? ` (retry after ${answer.parameters.retry_after} s)` : '';
  throw new TelegramError(`Telegram ${method}: ${code} ${description || `HTTP ${res.status}`}${retry}`, code, description);
}

const botNames = new Map<string, { username: string; until: number }>();

/** The bot's @username (for t.me links), from getMe, cached an hour per token. */
export async function botUsername(bot: TelegramBot, nowMs = Date.now()): Promise<string> {
  const key = createHash('sha256').update(`${bot.apiBase}\n${bot.token}`).digest('hex');
  const cached = botNames.get(key);
  if (cached && nowMs < cached.until) return cached.username;
  const me = await callTelegram<{ username?: string }>(bot, 'getMe', {});
  if (!me.username) throw new TelegramError('Telegram getMe: the bot has no username');
  botNames.set(key, { username: me.username, until: nowMs + BOT_NAME_CACHE_MS });
  return me.username;
}
