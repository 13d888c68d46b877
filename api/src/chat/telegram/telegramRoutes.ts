import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { actFromChannel, ChannelRefusal } from '../../alerts/actFromChannel.js';
import type { AlertActionDeps } from '../../alerts/alertActions.js';
import { API_PREFIX } from '../../apiPrefix.js';
import { requireSuperuser } from '../../auth/currentUser.js';
import { operationDocs } from '../../common/routeDocs.js';
import { errorResponses, HttpErrorBody, Message } from '../../common/schema.js';
import { HttpError } from '../../errors.js';
import type { ProviderStore } from '../../providers/store.js';
import { ACTION_DONE } from '../alertText.js';
import { claimUserLinkToken, linkedUserOf, USED_LINK } from '../links/linkService.js';
import { verifyUserLinkToken } from '../linkTokens.js';
import { secretMatches } from '../sharedSecret.js';
import { callTelegram, TELEGRAM_NOT_CONFIGURED, type TelegramBot, TelegramError, telegramBot } from './telegramApi.js';
import { parseCallbackData } from './telegramMessage.js';

export const TELEGRAM_WEBHOOK_PATH = '/telegram/webhook';
export const BAD_WEBHOOK_SECRET = 'The webhook secret token is not valid';
export const NOT_LINKED =
  'Your Telegram account is not linked to Vigil. In Vigil, ask for a Telegram link (POST /api/v1/users/me/chat-links/telegram) and press Start.';
export const NOT_OURS = 'This message is not an alert Vigil posted to a team chat';

type Deps = AlertActionDeps & { providers: ProviderStore };

const TelegramUser = Type.Object({ id: Type.Integer() });
const TelegramChat = Type.Object({ id: Type.Integer() });
/** Of Telegram's Update (core.telegram.org/bots/api#update), what Vigil reads; the rest is ignored. */
const TelegramUpdate = Type.Object(
  {
    update_id: Type.Integer(),
    message: Type.Optional(
      Type.Object({ from: Type.Optional(TelegramUser), chat: TelegramChat, text: Type.Optional(Type.String({ maxLength: 4096 })) }),
    ),
    callback_query: Type.Optional(
      Type.Object({
        id: Type.String({ maxLength: 64 }),
        from: TelegramUser,
        data: Type.Optional(Type.String({ maxLength: 64 })),
        message: Type.Optional(Type.Object({ message_id: Type.Integer(), chat: TelegramChat })),
      }),
    ),
  },
  { title: 'TelegramUpdate' },
);
type TelegramUpdate = Static<typeof TelegramUpdate>;

const START = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/;

/** A call made while answering: its failure is logged (without the token) and the webhook still answers 200. */
async function tell(bot: TelegramBot, log: FastifyBaseLogger, method: string, params: object): Promise<void> {
  await callTelegram(bot, method, params).catch((error: Error) => log.warn({ method, error: error.message }, 'Telegram call failed'));
}

async function onButton(deps: Deps, bot: TelegramBot, log: FastifyBaseLogger, query: NonNullable<TelegramUpdate['callback_query']>) {
  const answer = (text: string) =>
    tell(bot, log, 'answerCallbackQuery', { callback_query_id: query.id, text, show_alert: text.length > 60 });
  const press = parseCallbackData(query.data);
  const posted =
    press && query.message
      ? await deps.db
          .selectFrom('chat_messages as m')
          .innerJoin('chat_channels as c', 'c.id', 'm.chat_channel_id')
          .select('m.alert_id')
          .where('m.alert_id', '=', press.alertId)
          .where('c.kind', '=', 'telegram')
          .where('m.external_id', '=', `${query.message.chat.id}:${query.message.message_id}`)
          .executeTakeFirst()
      : undefined;
  if (!press || !posted) return answer(NOT_OURS);
  const userId = await linkedUserOf(deps.db, { kind: 'telegram', workspace: '', externalUserId: String(query.from.id) });
  if (!userId) return answer(NOT_LINKED);
  try {
    const { changed } = await actFromChannel(deps, userId, press.alertId, press.action, 'telegram');
    // The message itself is edited by the update the change queued (chatMessages.ts), retried if Telegram is away.
    return answer(changed ? ACTION_DONE[press.action] : 'Nothing to do: the alert is already so');
  } catch (error) {
    if (error instanceof ChannelRefusal || error instanceof HttpError) return answer(error.detail);
    throw error;
  }
}

async function onStart(
  deps: Deps,
  bot: TelegramBot,
  log: FastifyBaseLogger,
  message: NonNullable<TelegramUpdate['message']>,
  token: string,
) {
  const reply = (text: string) => tell(bot, log, 'sendMessage', { chat_id: message.chat.id, text });
  const now = deps.now();
  const claim = verifyUserLinkToken(deps.config.secretKey, token, now);
  if (!claim || !message.from) return reply(`${USED_LINK}. Ask Vigil for a new one.`);
  const user = await deps.db.selectFrom('users').select(['id', 'email', 'is_active']).where('id', '=', claim.userId).executeTakeFirst();
  if (!user?.is_active) return reply(`${USED_LINK}. Ask Vigil for a new one.`);
  const account = { kind: 'telegram', workspace: '', externalUserId: String(message.from.id) };
  try {
    const actor = { userId: user.id, tokenId: null, label: user.email, address: null };
    await claimUserLinkToken(deps.db, actor, { token, userId: user.id, expiresAt: claim.expiresAt }, account, now);
  } catch (error) {
    if (error instanceof HttpError) return reply(error.detail);
    throw error;
  }
  return reply(`Linked: your presses of Vigil's buttons now act as ${user.email}.`);
}

/**
 * /api/v1/chat/telegram (registered under /chat): the bot's webhook, refused (403) unless
 * Telegram's X-Telegram-Bot-Api-Secret-Token is the configured webhook secret (constant time).
 * A button press acts as the presser's linked Vigil user and is answered with
 * answerCallbackQuery; `/start <token>` (from a t.me link a signed-in user asked for) links the
 * sender. And a superuser's set-webhook, which points the bot at this webhook with its secret.
 */
export async function telegramRoutes(root: FastifyInstance, deps: Deps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    TELEGRAM_WEBHOOK_PATH,
    {
      config: { openBody: true },
      schema: {
        tags: ['chat'],
        operationId: 'chat-telegram_webhook',
        summary: "The Telegram bot's webhook (called by Telegram, authenticated by X-Telegram-Bot-Api-Secret-Token)",
        body: TelegramUpdate,
        response: { 200: Type.Object({}), 403: HttpErrorBody },
      },
    },
    async (request) => {
      const bot = await telegramBot(deps.providers);
      if (!bot?.webhookSecret || !secretMatches(request.headers['x-telegram-bot-api-secret-token'], bot.webhookSecret)) {
        throw new HttpError(403, BAD_WEBHOOK_SECRET);
      }
      const { callback_query: query, message } = request.body;
      if (query) await onButton(deps, bot, request.log, query);
      const start = message?.text ? START.exec(message.text) : null;
      if (message && start?.[1]) await onStart(deps, bot, request.log, message, start[1]);
      return {};
    },
  );

  const doc = operationDocs('chat', 'chat');
  app.post(
    '/telegram/set-webhook',
    {
      onRequest: requireSuperuser,
      schema: {
        ...doc('telegram_set_webhook', "Point the Telegram bot's webhook at this API, with its secret token (superusers)"),
        response: { 200: Message, 401: errorResponses[401], 403: errorResponses[403], 409: errorResponses[409] },
      },
    },
    async () => {
      const bot = await telegramBot(deps.providers);
      if (!bot?.webhookSecret) throw new HttpError(409, `${TELEGRAM_NOT_CONFIGURED} with a bot token and a webhook secret`);
      const url = `${deps.config.frontendHost}${API_PREFIX}/chat${TELEGRAM_WEBHOOK_PATH}`;
      try {
        await callTelegram(bot, 'setWebhook', { url, secret_token: bot.webhookSecret, allowed_updates: ['message', 'callback_query'] });
      } catch (error) {
        if (error instanceof TelegramError) throw new HttpError(409, error.message);
        throw error;
      }
      return { message: `Telegram now calls ${url}` };
    },
  );
}
