import { Type } from 'typebox';
import type { ProviderDefinition } from './types.js';

/** A Telegram bot: posts with inline buttons (docs/oncall/channels/telegram.md). */
export const telegramProvider: ProviderDefinition = {
  kind: 'telegram',
  title: 'Telegram bot',
  body: Type.Object(
    {
      bot_token: Type.Optional(Type.String({ pattern: '^[0-9]+:[A-Za-z0-9_-]+$', maxLength: 256 })),
      /** The secret Telegram sends with each webhook call (X-Telegram-Bot-Api-Secret-Token). */
      webhook_secret: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{16,256}$' })),
      /** Telegram's Bot API (tests point it at a local server). */
      api_base: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
    },
    { title: 'TelegramProviderUpdate', additionalProperties: false },
  ),
  secretFields: ['bot_token', 'webhook_secret'],
};
