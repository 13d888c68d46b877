import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { actFromChannel, ChannelRefusal } from '../../alerts/actFromChannel.js';
import type { AlertActionDeps } from '../../alerts/alertActions.js';
import { API_PREFIX } from '../../apiPrefix.js';
import { HttpErrorBody } from '../../common/schema.js';
import { ALERT_ACTIONS } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import { ACTION_DONE } from '../alertText.js';
import { readChatAlertView } from '../alertView.js';
import { issueLinkToken, LINK_TOKEN_TTL_MINUTES, linkedUserOf, linkPageUrl } from '../links/linkService.js';
import { secretMatches } from '../sharedSecret.js';
import { MATTERMOST_ACTIONS_PATH, mattermostPost } from './mattermostMessage.js';

export const BAD_SIGNATURE = "This button's secret is not valid";

/** Mattermost's request when a button is pressed (developers.mattermost.com, "Interactive messages"): what Vigil reads of it. */
const MattermostAction = Type.Object(
  {
    user_id: Type.String({ minLength: 1, maxLength: 64 }),
    user_name: Type.Optional(Type.String({ maxLength: 64 })),
    channel_id: Type.Optional(Type.String({ maxLength: 64 })),
    post_id: Type.Optional(Type.String({ maxLength: 64 })),
    context: Type.Object({
      alert_id: Type.String({ format: 'uuid' }),
      action: Type.Union(ALERT_ACTIONS.map((a) => Type.Literal(a))),
      channel_id: Type.String({ format: 'uuid' }),
      secret: Type.String({ maxLength: 256 }),
    }),
  },
  { title: 'MattermostAction' },
);

const MattermostAnswer = Type.Object(
  {
    ephemeral_text: Type.String(),
    update: Type.Optional(Type.Object({ message: Type.String(), props: Type.Object({ attachments: Type.Array(Type.Unknown()) }) })),
  },
  { title: 'MattermostActionAnswer' },
);

/** The chat account a Mattermost press comes from: the user on the server whose webhook the channel posts to. */
const accountOf = (target: string, userId: string) => ({ kind: 'mattermost', workspace: new URL(target).host, externalUserId: userId });

/**
 * POST /api/v1/chat/mattermost/actions (registered under /chat): a press of a Mattermost button. Trusted only when its
 * context carries the channel's secret (compared in constant time; 403 and nothing changes
 * otherwise); acts as the Vigil user the Mattermost user is linked to, and answers with the
 * message brought up to date and a line only the presser sees. An unlinked presser gets a
 * one-time link to claim signed in (the console's /link/mattermost page, POST /users/me/chat-links/claim).
 */
export async function mattermostRoutes(root: FastifyInstance, deps: AlertActionDeps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/mattermost/actions',
    {
      // Mattermost sends more than Vigil reads (team, trigger id…): an open body.
      config: { openBody: true },
      schema: {
        tags: ['chat'],
        operationId: 'chat-mattermost_action',
        summary: 'A Mattermost button press (called by Mattermost, authenticated by the channel secret in its context)',
        body: MattermostAction,
        response: { 200: MattermostAnswer, 403: HttpErrorBody },
      },
    },
    async (request) => {
      const { context, user_id: mattermostUser } = request.body;
      const channel = await deps.db
        .selectFrom('chat_channels')
        .select(['id', 'team_id', 'label', 'target', 'secret'])
        .where('id', '=', context.channel_id)
        .where('kind', '=', 'mattermost')
        .executeTakeFirst();
      // One answer for an unknown channel and a wrong secret: a caller learns nothing of which channels exist.
      if (!secretMatches(context.secret, channel?.secret) || !channel) throw new HttpError(403, BAD_SIGNATURE);
      const now = deps.now();
      const account = accountOf(channel.target, mattermostUser);
      const userId = await linkedUserOf(deps.db, account);
      if (!userId) {
        const link = linkPageUrl(deps.config, 'mattermost', await issueLinkToken(deps.db, account, now));
        return {
          ephemeral_text:
            `Your Mattermost account is not linked to Vigil yet. Open ${link} signed in to Vigil to link it ` +
            `(the link works once, for ${LINK_TOKEN_TTL_MINUTES} minutes), then press the button again.`,
        };
      }
      const alert = await deps.db.selectFrom('alerts').select('team_id').where('id', '=', context.alert_id).executeTakeFirst();
      if (alert && alert.team_id !== channel.team_id) throw new HttpError(403, BAD_SIGNATURE);
      let ephemeral: string;
      try {
        const { changed } = await actFromChannel(deps, userId, context.alert_id, context.action, 'mattermost');
        ephemeral = changed ? `${ACTION_DONE[context.action]}.` : 'Nothing to do: the alert is already so.';
      } catch (error) {
        if (!(error instanceof ChannelRefusal || error instanceof HttpError)) throw error;
        ephemeral = error.detail;
      }
      const view = await readChatAlertView(deps.db, deps.config, context.alert_id, channel.label, now);
      if (!view) return { ephemeral_text: ephemeral };
      const callback = {
        url: `${deps.config.frontendHost}${API_PREFIX}${MATTERMOST_ACTIONS_PATH}`,
        channelId: channel.id,
        secret: channel.secret,
      };
      const message = mattermostPost(view, callback);
      return { ephemeral_text: ephemeral, update: { message: message.text, props: { attachments: message.attachments } } };
    },
  );
}
