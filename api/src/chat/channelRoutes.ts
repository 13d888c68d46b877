import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { limitedChangeErrors, listErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { Message } from '../common/schema.js';
import {
  ChatChannelCreate,
  ChatChannelParams,
  ChatChannelPublic,
  ChatChannelsPublic,
  ChatChannelUpdate,
  ChatChannelWithSecret,
  ChatKindsPublic,
  MAX_CHAT_CHANNELS_PER_TEAM,
  TeamChatParams,
} from './channelSchema.js';
import {
  type ChatChannelDeps,
  chatKinds,
  createChatChannel,
  deleteChatChannel,
  listChatChannels,
  testChatChannel,
  updateChatChannel,
} from './channelService.js';

const doc = operationDocs('chat', 'chat');
const CHANNELS = '/teams/:team_id/chat-channels';

/**
 * A team's chat channels (docs/oncall/channels.md): /api/v1/teams/{team_id}/chat-channels. Its
 * members read them, its admins manage them; a stranger gets the 404 of an unknown team.
 */
export async function chatChannelRoutes(root: FastifyInstance, deps: ChatChannelDeps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/chat/kinds',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_chat_kinds', 'The kinds of chat channel this server posts to, and whether each is set up'),
        response: { 200: ChatKindsPublic, ...listErrors },
      },
    },
    async () => {
      const data = await chatKinds(deps);
      return { data, count: data.length };
    },
  );

  app.get(
    CHANNELS,
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_chat_channels', "The team's chat channels"),
        params: TeamChatParams,
        response: { 200: ChatChannelsPublic, ...readErrors },
      },
    },
    async (request) => {
      const data = await listChatChannels(deps, userOf(request), request.params.team_id);
      return { data, count: data.length };
    },
  );

  app.post(
    CHANNELS,
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'create_chat_channel',
          'Add a chat channel to the team (team admins)',
          `The kind's provider checks the target. A channel's own secret (kinds that have one) is in this answer only. ` +
            `409 for a label the team already uses, past ${MAX_CHAT_CHANNELS_PER_TEAM} channels, or when the kind's provider is not set up; 422 for a kind this server does not post to.`,
        ),
        params: TeamChatParams,
        body: ChatChannelCreate,
        response: { 200: ChatChannelWithSecret, ...limitedChangeErrors },
      },
    },
    async (request) => createChatChannel(deps, auditActor(request), userOf(request), request.params.team_id, request.body),
  );

  app.patch(
    `${CHANNELS}/:id`,
    {
      onRequest: requireUser,
      schema: {
        ...doc('update_chat_channel', 'Rename, retarget, enable or disable a chat channel (team admins)'),
        params: ChatChannelParams,
        body: ChatChannelUpdate,
        response: { 200: ChatChannelPublic, ...limitedChangeErrors },
      },
    },
    async (request) =>
      updateChatChannel(deps, auditActor(request), userOf(request), request.params.team_id, request.params.id, request.body),
  );

  app.delete(
    `${CHANNELS}/:id`,
    {
      onRequest: requireUser,
      schema: {
        ...doc('delete_chat_channel', 'Delete a chat channel (team admins); its messages already posted stay in the chat'),
        params: ChatChannelParams,
        response: { 200: Message, ...limitedChangeErrors },
      },
    },
    async (request) => {
      await deleteChatChannel(deps, auditActor(request), userOf(request), request.params.team_id, request.params.id);
      return { message: 'Chat channel deleted' };
    },
  );

  app.post(
    `${CHANNELS}/:id/test`,
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'test_chat_channel',
          'Post a test message to a chat channel now (team admins)',
          "409 with the provider's refusal in words when it did not take the message (or did not answer in 15 s).",
        ),
        params: ChatChannelParams,
        response: { 200: Message, ...limitedChangeErrors },
      },
    },
    async (request) => testChatChannel(deps, userOf(request), request.params.team_id, request.params.id),
  );
}
