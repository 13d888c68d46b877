import { Type } from 'typebox';
import { invalidField } from '../../errors.js';
import type { ProviderDefinition } from './types.js';

/** A Telegram bot: posts with inline buttons, answers their presses (docs/oncall/channels/telegram.md). */
export const telegramProvider: ProviderDefinition = {
  kind: 'telegram',
  title: 'Telegram bot',
  body: Type.Object(
    {
      /** From @BotFather: "123456789:AA…". */
      bot_token: Type.Optional(Type.String({ pattern: '^[0-9]+:[A-Za-z0-9_-]+$', maxLength: 256 })),
      /** The secret Telegram sends with each webhook call (X-Telegram-Bot-Api-Secret-Token: 1-256 of A-Z, a-z, 0-9, _ and -; 16 at least here). */
      webhook_secret: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{16,256}$' })),
      /** Telegram's Bot API (tests point it at a local server); https://api.telegram.org when left out. */
      api_base: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 })),
    },
    { title: 'TelegramProviderUpdate', additionalProperties: false },
  ),
  secretFields: ['bot_token', 'webhook_secret'],
  // Without either the bot can post but not hear its buttons (the webhook refuses every call).
  check(_config, secrets) {
    for (const field of ['bot_token', 'webhook_secret']) {
      if (!secrets[field]) throw invalidField(['body', field], 'this secret is required the first time the provider is configured');
    }
  },
};
