import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../../audit/record.js';
import { requireUser, userOf } from '../../auth/currentUser.js';
import { operationDocs } from '../../common/routeDocs.js';
import { errorResponses } from '../../common/schema.js';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { ProviderStore } from '../../providers/store.js';
import { ChatUserLinkPublic } from '../links/linkSchema.js';
import { linkChatUser } from '../links/linkService.js';
import { callSlack, requireSlackApp } from './slackClient.js';

const { 401: e401, 403: e403, 404: e404, 409: e409 } = errorResponses;
const doc = operationDocs('chat', 'chat');

export const NO_SLACK_MEMBER = (email: string) =>
  `No member of the Slack app's workspace has the email ${email}: use the link Slack sends you when you press a button instead`;

/**
 * POST /api/v1/users/me/chat-links/slack: links the Slack member whose email is the caller's
 * Vigil email (Slack's users.lookupByEmail, which answers only members with that address).
 */
export async function slackLinkRoute(root: FastifyInstance, deps: { db: Db; now: () => Date; providers: ProviderStore }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/chat-links/slack',
    {
      onRequest: requireUser,
      config: { tokenScope: 'session' },
      schema: {
        ...doc(
          'link_slack_by_email',
          'Link the Slack member with your Vigil email to you',
          "404 when the Slack app's workspace has no member with that email; 409 when the Slack app is not configured; 409 with Slack's refusal in words when Slack refuses or cannot be reached.",
        ),
        response: { 200: ChatUserLinkPublic, 401: e401, 403: e403, 404: e404, 409: e409 },
      },
    },
    async (request) => {
      const user = userOf(request);
      const slack = await requireSlackApp(deps.providers);
      const answer = await callSlack(slack, (client) => client.users.lookupByEmail({ email: user.email })).catch((error: Error) => {
        if (/users_not_found/.test(error.message)) throw new HttpError(404, NO_SLACK_MEMBER(user.email));
        throw new HttpError(409, `Slack did not answer who has your email: ${error.message}`);
      });
      const member = answer.user;
      if (!member?.id) throw new HttpError(404, NO_SLACK_MEMBER(user.email));
      const workspace = member.team_id ?? '';
      return linkChatUser(deps.db, auditActor(request), user.id, { kind: 'slack_app', workspace, externalUserId: member.id }, deps.now());
    },
  );
}
