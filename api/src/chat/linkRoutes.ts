import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { operationDocs } from '../common/routeDocs.js';
import { errorResponses } from '../common/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../errors.js';
import type { ProviderStore } from '../providers/store.js';
import { claimChatLink, LINK_INVALID, LINK_TTL_MINUTES } from './chatLinks.js';
import { signUserLinkToken, verifyChatLinkToken } from './linkTokens.js';
import { botUsername, TELEGRAM_NOT_CONFIGURED, TelegramError, telegramBot } from './telegram/telegramApi.js';

const { 400: e400, 401: e401, 403: e403, 409: e409, 422: e422 } = errorResponses;
const doc = operationDocs('chat', 'chat');

const TelegramLink = Type.Object(
  {
    /** Open it and press Start: the bot links the Telegram account that does. */
    link: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { title: 'TelegramLink' },
);
const MattermostClaim = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 600, pattern: '^[A-Za-z0-9_.-]+$' }) },
  { title: 'MattermostLinkClaim', additionalProperties: false },
);
const LinkedAccount = Type.Object(
  { kind: Type.String(), workspace: Type.String(), external_user_id: Type.String() },
  { title: 'LinkedChatAccount' },
);

/**
 * /api/v1/users/me/chat-links/{telegram,mattermost}: linking the caller's chat accounts, so their
 * button presses act as them (docs/oncall/channels/telegram.md, mattermost.md). A signed-in
 * session only, never an API token: a link lets a chat account act as you.
 */
export async function chatLinkRequestRoutes(
  root: FastifyInstance,
  deps: { db: Db; config: Config; now: () => Date; providers: ProviderStore },
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
          `The link works once, for ${LINK_TTL_MINUTES} minutes. 409 when no Telegram bot is set up, or Telegram cannot be reached or refuses its token.`,
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
      const expiresAt = new Date(deps.now().getTime() + LINK_TTL_MINUTES * 60_000);
      const token = signUserLinkToken(deps.config.secretKey, userOf(request).id, expiresAt);
      return { link: `https://t.me/${username}?start=${token}`, expires_at: expiresAt.toISOString() };
    },
  );
  app.post(
    '/chat-links/mattermost',
    {
      onRequest: requireUser,
      config: { tokenScope: 'session' },
      schema: {
        ...doc(
          'claim_mattermost_link',
          'Link the Mattermost account a one-time link was shown to (after pressing a button unlinked) to you',
          `The link works once, for ${LINK_TTL_MINUTES} minutes: 400 otherwise, and nothing is linked.`,
        ),
        body: MattermostClaim,
        response: { 200: LinkedAccount, 400: e400, 401: e401, 403: e403, 409: e409, 422: e422 },
      },
    },
    async (request) => {
      const now = deps.now();
      const claim = verifyChatLinkToken(deps.config.secretKey, request.body.token, now);
      if (claim?.account.kind !== 'mattermost') throw new HttpError(400, LINK_INVALID);
      await claimChatLink(deps.db, request.body.token, claim.expiresAt, userOf(request).id, claim.account, auditActor(request), now);
      return { kind: claim.account.kind, workspace: claim.account.workspace, external_user_id: claim.account.externalUserId };
    },
  );
}
