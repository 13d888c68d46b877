import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../../audit/record.js';
import { requireUser, userOf } from '../../auth/currentUser.js';
import { operationDocs } from '../../common/routeDocs.js';
import { errorResponses, Message } from '../../common/schema.js';
import type { Db } from '../../db/database.js';
import { ChatLinkClaim, ChatLinkParams, ChatUserLinkPublic, ChatUserLinksPublic } from './linkSchema.js';
import { claimLinkToken, LINK_TOKEN_TTL_MINUTES, listChatLinks, unlinkChatUser } from './linkService.js';

const { 400: e400, 401: e401, 403: e403, 404: e404, 409: e409, 422: e422 } = errorResponses;
const doc = operationDocs('chat', 'chat');

/**
 * /api/v1/users/me/chat-links: the chat accounts (Slack members, Telegram users) whose button
 * presses act as the caller. Linking and unlinking need a signed-in session, not an API token:
 * a link lets someone else's chat account act as you.
 */
export async function chatLinkRoutes(root: FastifyInstance, deps: { db: Db; now: () => Date }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/chat-links',
    {
      onRequest: requireUser,
      schema: { ...doc('read_chat_links', 'Your linked chat accounts'), response: { 200: ChatUserLinksPublic, 401: e401 } },
    },
    async (request) => {
      const data = await listChatLinks(deps.db, userOf(request).id);
      return { data, count: data.length };
    },
  );

  app.post(
    '/chat-links/claim',
    {
      onRequest: requireUser,
      config: { tokenScope: 'session' },
      schema: {
        ...doc(
          'claim_chat_link',
          'Link the chat account a one-time link was sent to (in the chat) to you',
          `The link works once, for ${LINK_TOKEN_TTL_MINUTES} minutes: 400 otherwise, and nothing is linked. A chat account linked to someone else is moved to you.`,
        ),
        body: ChatLinkClaim,
        response: { 200: ChatUserLinkPublic, 400: e400, 401: e401, 403: e403, 409: e409, 422: e422 },
      },
    },
    async (request) => claimLinkToken(deps.db, auditActor(request), userOf(request).id, request.body.token, deps.now()),
  );

  app.delete(
    '/chat-links/:kind/:external_user_id',
    {
      onRequest: requireUser,
      config: { tokenScope: 'session' },
      schema: {
        ...doc('delete_chat_link', 'Unlink one of your chat accounts: its presses no longer act as you'),
        params: ChatLinkParams,
        response: { 200: Message, 401: e401, 403: e403, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      await unlinkChatUser(deps.db, auditActor(request), userOf(request).id, request.params.kind, request.params.external_user_id);
      return { message: 'Chat account unlinked' };
    },
  );
}
