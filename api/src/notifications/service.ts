import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, OpenDb } from '../db/database.js';
import type { ALERT_NOTIFICATION_KINDS, NotificationKind, NotificationRow, UserRow } from '../db/schema.js';
import type { Mailer } from '../email/mailer.js';
import type { OutboxDuty } from '../operations/roles.js';
import { notificationDelivery } from './delivery.js';
import { JobQueue } from './jobQueue.js';
import type { MessageRenderer } from './messages.js';
import { listenToOutbox, OutboxAnnouncer } from './outboxSignal.js';
import { NotificationRelay } from './relay.js';
import type { NotificationPublic } from './schema.js';

/**
 * Notification emails, end to end: a change writes `notifications` rows (the outbox), the
 * relay queues them, the queue's worker sends them with retries. A process of role `all` or
 * `worker` runs the relay and the worker; a `web` process only writes rows and announces them
 * to the workers (operations/roles.ts). The database decides who does what, so processes
 * never send an email twice.
 */
export class Notifications {
  private constructor(
    private readonly sending: { queue: JobQueue; relay: NotificationRelay; stopListening?: () => Promise<void> } | undefined,
    private readonly announcer: OutboxAnnouncer | undefined,
  ) {}

  static async start(deps: {
    db: OpenDb;
    config: Config;
    mailer: Mailer;
    log: FastifyBaseLogger;
    now: () => Date;
    /** The kinds of message the features produce, registered at the composition root. */
    renderers: readonly MessageRenderer[];
    /** What this process does with the rows it writes, by its role. */
    duty: OutboxDuty;
  }): Promise<Notifications> {
    if (deps.duty === 'announce') return new Notifications(undefined, new OutboxAnnouncer(deps.db, deps.log));
    const queue = await JobQueue.start(deps.db, deps.config.notifications, deps.log);
    await queue.work(notificationDelivery({ ...deps, queue }));
    const relay = new NotificationRelay(deps.db, queue, deps.log, deps.now);
    relay.start();
    let stopListening: (() => Promise<void>) | undefined;
    try {
      if (deps.duty === 'send-when-told') stopListening = await listenToOutbox(deps.db, () => relay.kick());
    } catch (error) {
      await relay.stop();
      await queue.stop();
      throw error;
    }
    return new Notifications({ queue, relay, stopListening }, undefined);
  }

  /** After a commit that wrote notifications: queue them now rather than at the next sweep. */
  kick(): void {
    this.sending?.relay.kick();
    this.announcer?.kick();
  }

  /** Resolves once every notification written so far is in the queue (on a web process: announced to the workers). */
  async flush(): Promise<void> {
    await this.sending?.relay.flush();
    await this.announcer?.flush();
  }

  async stop(): Promise<void> {
    await this.announcer?.flush();
    if (!this.sending) return;
    await this.sending.stopListening?.();
    await this.sending.relay.stop();
    await this.sending.queue.stop();
  }
}

/** An alert's notifications as listed: never a confirmation, a code or a test (no alert), nor a chat message's update (listAlertNotifications leaves them out). */
function alertKindOf(kind: NotificationKind): (typeof ALERT_NOTIFICATION_KINDS)[number] {
  if (kind !== 'new_alert' && kind !== 'escalation') throw new Error(`a ${kind} is not an alert notification`);
  return kind;
}

/** Who reads an alert's notifications: its owner, or a superuser. */
export type NotificationViewer = Pick<UserRow, 'id' | 'is_superuser'>;

/**
 * Whether the viewer is shown where a notification went and how its receiver failed: a
 * superuser always; anyone for an address (a policy's contact, the owner's own email on a new
 * alert); for a notification that reaches a user (a contact method, the account's address) only
 * that user. Another user's is named by its channel, method label and user: a webhook URL can
 * hold a secret in its query, and an address is theirs to give.
 */
function showsTarget(row: NotificationRow, viewer: NotificationViewer): boolean {
  if (viewer.is_superuser) return true;
  // A row through a method that has no user recorded (written before users were): nobody's to show.
  if (row.user_id === null) return row.method_label === null;
  return row.user_id === viewer.id;
}

export function toNotificationPublic(row: NotificationRow & { user_name: string | null }, viewer: NotificationViewer): NotificationPublic {
  const shown = showsTarget(row, viewer);
  return {
    id: row.id,
    kind: alertKindOf(row.kind),
    level: row.level,
    recipient: shown ? row.recipient : null,
    user_id: row.user_id,
    user_name: row.user_name,
    channel: row.channel,
    method_label: row.method_label,
    status: row.status,
    skipped_reason: row.skipped_reason,
    attempts: row.attempts,
    last_error: shown ? row.last_error : null,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  };
}

/** An alert's notifications, oldest first (at most a few per level), as the viewer may see them. */
export async function listAlertNotifications(db: Db, alertId: string, viewer: NotificationViewer): Promise<NotificationPublic[]> {
  const rows = await db
    .selectFrom('notifications as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .selectAll('n')
    .select('u.full_name as user_name')
    .where('n.alert_id', '=', alertId)
    .where('n.kind', 'in', ['new_alert', 'escalation'])
    .orderBy('n.created_at', 'asc')
    .orderBy('n.id', 'asc')
    .limit(500)
    .execute();
  return rows.map((row) => toNotificationPublic(row, viewer));
}
