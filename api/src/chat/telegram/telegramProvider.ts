import { invalidField } from '../../errors.js';
import type { ChatProvider, ChatSendContext } from '../provider.js';
import { callTelegram, TELEGRAM_NOT_CONFIGURED, TelegramError, telegramBot } from './telegramApi.js';
import { escapeHtml, telegramMessage } from './telegramMessage.js';

export const INVALID_CHAT_ID = "enter a Telegram chat id (e.g. -1001234567890) or a public channel's @username";
const CHAT_ID = /^(-?[1-9][0-9]{0,19}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

async function requireBot(context: ChatSendContext) {
  const bot = await telegramBot(context.providers);
  if (!bot) throw new Error(TELEGRAM_NOT_CONFIGURED);
  return bot;
}

/** "<chat id>:<message id>" as recorded (chat_messages.external_id), split back. */
function messageRef(externalId: string): { chat_id: string; message_id: number } {
  const at = externalId.lastIndexOf(':');
  return { chat_id: externalId.slice(0, at), message_id: Number(externalId.slice(at + 1)) };
}

/**
 * A Telegram chat the bot is in (docs/oncall/channels/telegram.md): each new alert is posted with
 * inline buttons (telegramRoutes.ts handles their presses) and edited on every change, its
 * buttons those the new state still offers.
 */
export const telegramChatProvider: ChatProvider = {
  kind: 'telegram',
  title: 'Telegram',
  hasSecret: false,
  checkTarget(raw) {
    const value = raw.trim();
    if (!CHAT_ID.test(value)) throw invalidField(['body', 'target'], INVALID_CHAT_ID);
    return value;
  },
  async post(channel, alert, context) {
    const bot = await requireBot(context);
    const sent = await callTelegram<{ message_id: number; chat: { id: number } }>(bot, 'sendMessage', {
      chat_id: channel.target,
      ...telegramMessage(alert),
    });
    return `${sent.chat.id}:${sent.message_id}`;
  },
  async update(_channel, externalId, alert, context) {
    const bot = await requireBot(context);
    try {
      await callTelegram(bot, 'editMessageText', { ...messageRef(externalId), ...telegramMessage(alert) });
    } catch (error) {
      // Two updates that render alike (a change and its retry): the message already shows it.
      if (error instanceof TelegramError && error.code === 400 && /message is not modified/i.test(error.description)) return;
      throw error;
    }
  },
  async test(channel, context) {
    const bot = await requireBot(context);
    await callTelegram(bot, 'sendMessage', {
      chat_id: channel.target,
      text: `Vigil can post to this chat (${escapeHtml(channel.label)}).`,
      parse_mode: 'HTML',
    });
  },
};
