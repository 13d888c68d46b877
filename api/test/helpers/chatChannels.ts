import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ChatKind } from '../../src/db/schema.js';
import { EMAIL_QUEUE, jobSchemaOf } from '../../src/notifications/jobQueue.js';
import { eventually } from './eventually.js';
import type { TestApp } from './testApp.js';

/**
 * A team chat channel written straight to its table, as the team's chat-channel routes would make
 * it (a secret of its own for the kinds whose callbacks carry one).
 */
export async function createChatChannel(
  t: TestApp,
  teamId: string,
  fields: { kind: ChatKind; target: string; label?: string; secret?: string | null },
): Promise<{ id: string; label: string; secret: string | null }> {
  const label = fields.label ?? `#${fields.kind}-${randomBytes(3).toString('hex')}`;
  const secret = fields.secret === undefined ? randomBytes(24).toString('base64url') : fields.secret;
  const row = await t.db
    .insertInto('chat_channels')
    .values({ team_id: teamId, kind: fields.kind, label, target: fields.target, secret })
    .returning(['id', 'label', 'secret'])
    .executeTakeFirstOrThrow();
  return row;
}

/** The chat post and updates of an alert for one channel, oldest first, as the notifications table holds them. */
export const chatNotificationsOf = (t: TestApp, alertId: string, channelId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'status', 'attempts', 'last_error', 'skipped_reason'])
    .where('alert_id', '=', alertId)
    .where('chat_channel_id', '=', channelId)
    .orderBy('created_at')
    .orderBy('kind', 'desc')
    .execute();

/** Resolves once no job of the queue holds the notification: nothing can deliver it again. */
export async function queueDoneWith(t: TestApp, notificationId: string): Promise<void> {
  const jobs = sql.table(`${await jobSchemaOf(t.db)}.job`);
  await eventually(
    async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${jobs}
        WHERE name = ${EMAIL_QUEUE} AND state IN ('created', 'retry', 'active') AND data->'notificationIds' ? ${notificationId}`.execute(
        t.db,
      );
      return rows[0]?.n ?? 0;
    },
    (n) => n === 0,
    'the queue done with the notification',
  );
}
