import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { actFromChannel } from '../../alerts/actFromChannel.js';
import type { AlertActionDeps } from '../../alerts/alertActions.js';
import { HttpErrorBody } from '../../common/schema.js';
import { HttpError } from '../../errors.js';
import type { ProviderStore } from '../../providers/store.js';
import { issueLinkToken, LINK_TOKEN_TTL_MINUTES, linkedUserOf, linkPageUrl } from '../links/linkService.js';
import { SLACK_ACTIONS, type SlackActionId } from './slackBlocks.js';
import { callSlack, type SlackApp, slackAppOf } from './slackClient.js';
import { onCallAnswer, SLACK_USAGE } from './slackOnCall.js';
import { slackSignatureRefusal } from './slackSignature.js';

export type SlackInboundDeps = AlertActionDeps & { providers: ProviderStore };

/** Slack's own limit on an interaction's or a command's body is far below this. */
const BODY_LIMIT = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SLACK_NOT_CONFIGURED = 'The Slack app is not configured in Vigil (no signing secret)';

const PAST: Record<string, string> = { acknowledge: 'acknowledged', escalate: 'escalated', close: 'closed' };

const tags = ['chat'];
const InboundResponses = { 200: Type.Any(), 401: HttpErrorBody, 409: HttpErrorBody, 415: HttpErrorBody };

/** The Slack app, once the request is shown to be Slack's (its signature over the raw body); else a 401. */
async function verifiedApp(deps: SlackInboundDeps, request: FastifyRequest<{ Body: string }>): Promise<SlackApp> {
  const settings = await deps.providers.read('slack_app');
  if (!settings?.secrets.signing_secret || !settings.secrets.bot_token) throw new HttpError(409, SLACK_NOT_CONFIGURED);
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const refusal = slackSignatureRefusal(
    settings.secrets.signing_secret,
    { signature: header('x-slack-signature'), timestamp: header('x-slack-request-timestamp') },
    typeof request.body === 'string' ? request.body : '',
    deps.now().getTime(),
  );
  if (refusal) throw new HttpError(401, refusal);
  return slackAppOf(settings);
}

interface BlockActions {
  type?: string;
  user?: { id?: string; team_id?: string };
  team?: { id?: string };
  channel?: { id?: string };
  actions?: { action_id?: string; value?: string }[];
}

function parsePayload(form: URLSearchParams): BlockActions {
  try {
    const value = JSON.parse(form.get('payload') ?? '');
    return value && typeof value === 'object' ? (value as BlockActions) : {};
  } catch {
    return {};
  }
}

/**
 * POST /api/v1/chat/slack/interactions (Slack's "Interactivity" request URL) and
 * POST /api/v1/chat/slack/commands (the `/vigil` slash command): each refused unless signed with
 * the Slack app's signing secret within 5 minutes. A button acts on the alert as the Slack
 * member's linked Vigil user (via slack); an unlinked member is sent a one-time link, only to them.
 */
export async function slackInboundRoutes(app: FastifyInstance, deps: SlackInboundDeps): Promise<void> {
  // This plugin's bodies only: kept as the raw text the signature covers, parsed after the check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  /** Tells the member, and no one else in the channel; a failure is logged, the click already answered. */
  const whisper = (slack: SlackApp, channel: string | undefined, user: string, text: string, request: FastifyRequest) => {
    if (!channel) return;
    callSlack(slack, (client) => client.chat.postEphemeral({ channel, user, text })).catch((error: Error) =>
      request.log.warn({ err: error }, 'a Slack ephemeral reply failed'),
    );
  };

  app.post<{ Body: string }>(
    '/interactions',
    {
      schema: {
        tags,
        operationId: 'chat-slack_interactions',
        summary: "Slack's interactivity requests: a button pressed on an alert's message (signed by Slack)",
        description:
          'Form-encoded `payload`, signed with X-Slack-Signature over X-Slack-Request-Timestamp and the raw body; 401 otherwise, or when older than 5 minutes.',
        response: InboundResponses,
      },
    },
    async (request: FastifyRequest<{ Body: string }>, reply: FastifyReply) => {
      const slack = await verifiedApp(deps, request);
      const payload = parsePayload(new URLSearchParams(request.body));
      const pressed = payload.actions?.[0];
      const action = SLACK_ACTIONS[pressed?.action_id as SlackActionId] as (typeof SLACK_ACTIONS)[SlackActionId] | undefined;
      const slackUser = payload.user?.id;
      const workspace = payload.user?.team_id ?? payload.team?.id ?? '';
      // Anything else (the "Open in Vigil" link, another app's kind of interaction): nothing to do.
      if (payload.type !== 'block_actions' || !action || !slackUser || !UUID.test(pressed?.value ?? '')) return reply.code(200).send();
      const alertId = pressed?.value ?? '';
      const channel = payload.channel?.id;
      const who = { kind: 'slack_app', workspace, externalUserId: slackUser };
      const userId = await linkedUserOf(deps.db, who);
      if (!userId) {
        const token = await issueLinkToken(deps.db, who, deps.now());
        const url = linkPageUrl(deps.config, 'slack_app', token);
        whisper(
          slack,
          channel,
          slackUser,
          `Your Slack account is not linked to a Vigil account yet. <${url}|Link it> (works once, for ${LINK_TOKEN_TTL_MINUTES} minutes), then press the button again.`,
          request,
        );
        return reply.code(200).send();
      }
      try {
        const { changed } = await actFromChannel(deps, userId, alertId, action, 'slack');
        // The message itself shows the change (its update is queued by the change); a repeat is told.
        if (!changed) whisper(slack, channel, slackUser, `The alert was already ${PAST[action]}.`, request);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        whisper(slack, channel, slackUser, `Vigil did not do that: ${error.detail}.`, request);
      }
      return reply.code(200).send();
    },
  );

  app.post<{ Body: string }>(
    '/commands',
    {
      schema: {
        tags,
        operationId: 'chat-slack_commands',
        summary: 'The `/vigil` slash command (signed by Slack): `oncall`, `help`',
        description: 'Answers an ephemeral message. Signed as the interactivity requests are; 401 otherwise.',
        response: InboundResponses,
      },
    },
    async (request: FastifyRequest<{ Body: string }>) => {
      await verifiedApp(deps, request);
      const form = new URLSearchParams(request.body);
      const words = (form.get('text') ?? '').trim().toLowerCase().split(/\s+/);
      const text = words[0] === 'oncall' ? await onCallAnswer(deps.db, form.get('channel_id') ?? '', deps.now()) : SLACK_USAGE;
      return { response_type: 'ephemeral', text };
    },
  );
}
