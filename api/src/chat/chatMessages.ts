import { sql } from 'kysely';
import { API_PREFIX } from '../apiPrefix.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { CHAT_KINDS, type ChatChannelRow, type ChatKind } from '../db/schema.js';
import { actionLink } from '../email/actionLinks.js';
import type { MessageRenderer, RenderedNotification } from '../notifications/messages.js';
import type { ProviderStore } from '../providers/store.js';
import type { ChatAlertView, ChatProvider, ChatSendContext } from './provider.js';

export const NOT_POSTED_YET = 'the message to update is not posted yet';

export interface ChatMessageDeps {
  config: Config;
  providers: ProviderStore;
  /** The kinds of chat channel, each its own module (chat/<kind>/). */
  chatProviders: readonly ChatProvider[];
}

function selectChatRows(db: Db, ids: string[]) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('alerts as a', 'a.id', 'n.alert_id')
    .innerJoin('teams as t', 't.id', 'a.team_id')
    .leftJoin('integrations as i', 'i.id', 'a.integration_id')
    .leftJoin('chat_channels as c', 'c.id', 'n.chat_channel_id')
    .leftJoin('chat_messages as m', (join) =>
      join.onRef('m.alert_id', '=', 'n.alert_id').onRef('m.chat_channel_id', '=', 'n.chat_channel_id'),
    )
    .select(['n.id', 'n.kind', 'n.channel', 'm.external_id'])
    .select(['a.id as alert_id', 'a.title', 'a.description', 'a.severity', 'a.state', 'a.escalation_level', 'a.occurrence_count'])
    .select(['a.created_at as alert_created_at', 't.name as team_name', 'i.title as integration_title'])
    .select(['c.id as channel_id', 'c.team_id', 'c.kind as channel_kind', 'c.label', 'c.target', 'c.secret', 'c.enabled'])
    .select(['c.created_by', 'c.created_at', 'c.updated_at'])
    .select((eb) => [
      eb
        .selectFrom('notifications as p')
        .select('p.status')
        .whereRef('p.alert_id', '=', 'n.alert_id')
        .whereRef('p.chat_channel_id', '=', 'n.chat_channel_id')
        .where('p.kind', '=', 'new_alert')
        .limit(1)
        .as('post_status'),
      sql<string | null>`(
        SELECT json_build_object('action', e.action, 'by', coalesce(u.full_name, u.email), 'via', e.via)::text
        FROM alert_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE e.alert_id = a.id ORDER BY e.created_at DESC LIMIT 1)`.as('last_change'),
    ])
    .where('n.id', 'in', ids)
    .where('n.status', '=', 'pending')
    .where('n.channel', 'in', [...CHAT_KINDS])
    .execute();
}

type ChatRow = Awaited<ReturnType<typeof selectChatRows>>[number];

function viewOf(config: Config, row: ChatRow, now: Date): ChatAlertView {
  return {
    id: row.alert_id,
    title: row.title,
    description: row.description,
    severity: row.severity,
    state: row.state,
    escalationLevel: row.escalation_level,
    occurrences: row.occurrence_count,
    integrationTitle: row.integration_title,
    teamName: row.team_name,
    createdAt: row.alert_created_at,
    lastChange: row.last_change ? (JSON.parse(row.last_change) as ChatAlertView['lastChange']) : null,
    // Signed for the channel, not a person: whoever opens it is named by the page (docs/api/signed-links.md).
    actionLink: actionLink(config, row.alert_id, `chat:${row.label}`, now),
    consoleLink: `${config.frontendHost}/alerts/${row.alert_id}`,
  };
}

function channelOf(row: ChatRow): ChatChannelRow | null {
  if (!row.channel_id || !row.team_id || !row.channel_kind || !row.label || !row.target || !row.created_at || !row.updated_at) return null;
  return {
    id: row.channel_id,
    team_id: row.team_id,
    kind: row.channel_kind,
    label: row.label,
    target: row.target,
    secret: row.secret,
    enabled: row.enabled ?? true,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What a chat provider's calls are given, for a post from the queue or a test from the console. */
export function chatSendContext(config: Config, providers: ProviderStore, now: Date): ChatSendContext {
  return {
    providers,
    allowPrivateNetworks: config.contactMethods.allowPrivateNetworks,
    apiBase: `${config.frontendHost}${API_PREFIX}`,
    now,
  };
}

/**
 * The messages of team chat channels (migration 0027's triggers write them): a new alert is
 * posted and its id there recorded (chat_messages); a change of state updates that message in
 * place. Rendered when sent, so a retry, or an update that waited for its post, shows the alert
 * as it is then. Registered with the delivery by app.ts.
 */
export function chatMessages(deps: ChatMessageDeps): MessageRenderer {
  const byKind = new Map<ChatKind, ChatProvider>(deps.chatProviders.map((p) => [p.kind, p]));
  return async (db, ids, now) => {
    const rows = await selectChatRows(db, ids);
    const context = chatSendContext(deps.config, deps.providers, now);
    const rendered = new Map<string, RenderedNotification>();
    for (const row of rows) {
      const channel = channelOf(row);
      const alertId = row.alert_id;
      if (!channel) {
        rendered.set(row.id, { skipped: 'method_deleted', alertId });
        continue;
      }
      const provider = byKind.get(channel.kind);
      // A kind this build does not know (a newer replica wrote it): left for a replica that does.
      if (!provider) continue;
      const view = viewOf(deps.config, row, now);
      if (row.kind === 'new_alert') {
        const deliver = async (withOutcome: (write: () => Promise<unknown>) => void) => {
          const externalId = await provider.post(channel, view, context);
          if (externalId === null) return;
          // Recorded with the post's outcome: a database away now delays it, and posts nothing twice.
          withOutcome(() =>
            db
              .insertInto('chat_messages')
              .values({ alert_id: alertId, chat_channel_id: channel.id, external_id: externalId })
              .onConflict((oc) => oc.columns(['alert_id', 'chat_channel_id']).doUpdateSet({ external_id: externalId }))
              .execute(),
          );
        };
        rendered.set(row.id, { deliver, alertId });
        continue;
      }
      const { external_id: externalId } = row;
      if (externalId !== null && provider.update) {
        const update = provider.update.bind(provider);
        rendered.set(row.id, { deliver: () => update(channel, externalId, view, context), alertId });
      } else if (externalId === null && row.post_status === 'pending') {
        // Its post is still on its way (or being retried): this waits for it, by the job's retry.
        rendered.set(row.id, { deliver: () => Promise.reject(new Error(NOT_POSTED_YET)), alertId });
      } else {
        rendered.set(row.id, { skipped: 'superseded', alertId });
      }
    }
    return rendered;
  };
}
