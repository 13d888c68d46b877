import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireUser, userOf } from '../../auth/currentUser.js';
import { operationDocs } from '../../common/routeDocs.js';
import { errorResponses } from '../../common/schema.js';
import type { Config } from '../../config.js';
import { HttpError } from '../../errors.js';
import type { ProviderStore } from '../../providers/store.js';
import { LINK_TOKEN_TTL_MINUTES } from '../links/linkService.js';
import { signUserLinkToken } from '../linkTokens.js';
import { botUsername, TELEGRAM_NOT_CONFIGURED, TelegramError, telegramBot } from './telegramApi.js';

const { 401: e401, 403: e403, 409: e409 } = errorResponses;
const doc = operationDocs('chat', 'chat');

const TelegramLink = Type.Object(
  {
    /** Open it and press Start: the bot links the Telegram account that does. */
    link: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { title: 'TelegramLink' },
);

/**
 * /api/v1/users/me/chat-links/telegram: a one-time t.me link to the bot for the caller
 * (docs/oncall/channels/telegram.md). A signed-in session only, never an API token: a link lets a
 * chat account act as you.
 */
export async function telegramLinkRoute(
  root: FastifyInstance,
  deps: { config: Config; now: () => Date; providers: ProviderStore },
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/chat-links/telegram',
    {
      onRequest: requireUser,
      config: { tokenScope: 'session' },
      schema: {
        ...doc(
          'request_telegram_link',
          'A one-time t.me link to the bot: pressing Start there links your Telegram account',
          `The link works once, for ${LINK_TOKEN_TTL_MINUTES} minutes. 409 when no Telegram bot is set up, or Telegram cannot be reached or refuses its token.`,
        ),
        response: { 200: TelegramLink, 401: e401, 403: e403, 409: e409 },
      },
    },
    async (request) => {
      const bot = await telegramBot(deps.providers);
      if (!bot) throw new HttpError(409, TELEGRAM_NOT_CONFIGURED);
      let username: string;
      try {
        username = await botUsername(bot);
      } catch (error) {
        if (error instanceof TelegramError) throw new HttpError(409, error.message);
        throw error;
      }
      const expiresAt = new Date(deps.now().getTime() + LINK_TOKEN_TTL_MINUTES * 60_000);
      const token = signUserLinkToken(deps.config.secretKey, userOf(request).id, expiresAt);
      return { link: `https://t.me/${username}?start=${token}`, expires_at: expiresAt.toISOString() };
    },
  );
}
