import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { actionLink } from '../email/actionLinks.js';
import type { ChatAlertView } from './provider.js';

/**
 * An alert as a chat message shows it, read now: for the answer to a button press, which brings
 * the pressed message up to date at once (chatMessages.ts reads the same fields for its posts).
 */
export async function readChatAlertView(
  db: Db,
  config: Config,
  alertId: string,
  channelLabel: string,
  now: Date,
): Promise<ChatAlertView | null> {
  const row = await db
    .selectFrom('alerts as a')
    .innerJoin('teams as t', 't.id', 'a.team_id')
    .leftJoin('integrations as i', 'i.id', 'a.integration_id')
    .select(['a.id', 'a.title', 'a.description', 'a.severity', 'a.state', 'a.escalation_level', 'a.occurrence_count', 'a.created_at'])
    .select(['t.name as team_name', 'i.title as integration_title'])
    .select(
      sql<string | null>`(
        SELECT json_build_object('action', e.action, 'by', coalesce(u.full_name, u.email), 'via', e.via)::text
        FROM alert_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE e.alert_id = a.id ORDER BY e.created_at DESC LIMIT 1)`.as('last_change'),
    )
    .where('a.id', '=', alertId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    severity: row.severity,
    state: row.state,
    escalationLevel: row.escalation_level,
    occurrences: row.occurrence_count,
    integrationTitle: row.integration_title,
    teamName: row.team_name,
    createdAt: row.created_at,
    lastChange: row.last_change ? (JSON.parse(row.last_change) as ChatAlertView['lastChange']) : null,
    actionLink: actionLink(config, row.id, `chat:${channelLabel}`, now),
    consoleLink: `${config.frontendHost}/alerts/${row.id}`,
  };
}
