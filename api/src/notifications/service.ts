import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, OpenDb } from '../db/database.js';
import type { NotificationKind, NotificationRow } from '../db/schema.js';
import type { Mailer } from '../email/mailer.js';
import { notificationDelivery } from './delivery.js';
import { JobQueue } from './jobQueue.js';
import { NotificationRelay } from './relay.js';
import type { NotificationPublic } from './schema.js';

/**
 * Notification emails, end to end: a change writes `notifications` rows (the outbox), the
 * relay queues them, the queue's worker sends them with retries. Every API process runs all
 * three; the database decides who does what, so replicas never send an email twice.
 */
export class Notifications {
  private constructor(
    private readonly queue: JobQueue,
    private readonly relay: NotificationRelay,
  ) {}

  static async start(deps: {
    db: OpenDb;
    config: Config;
    mailer: Mailer;
    log: FastifyBaseLogger;
    now: () => Date;
  }): Promise<Notifications> {
    const queue = await JobQueue.start(deps.db, deps.config.notifications, deps.log);
    await queue.work(notificationDelivery({ ...deps, queue }));
    const relay = new NotificationRelay(deps.db, queue, deps.log, deps.now);
    relay.start();
    return new Notifications(queue, relay);
  }

  /** After a commit that wrote notifications: queue them now rather than at the next sweep. */
  kick(): void {
    this.relay.kick();
  }

  /** Resolves once every notification written so far is in the queue. */
  flush(): Promise<void> {
    return this.relay.flush();
  }

  async stop(): Promise<void> {
    await this.relay.stop();
    await this.queue.stop();
  }
}

/** An alert's notifications never include a contact confirmation or a method's code, which have no alert. */
function alertKindOf(kind: NotificationKind): Exclude<NotificationKind, 'contact_confirmation' | 'contact_verification'> {
  if (kind === 'contact_confirmation' || kind === 'contact_verification') throw new Error(`a ${kind} is not an alert notification`);
  return kind;
}

export function toNotificationPublic(row: NotificationRow): NotificationPublic {
  return {
    id: row.id,
    kind: alertKindOf(row.kind),
    level: row.level,
    recipient: row.recipient,
    channel: row.channel,
    method_label: row.method_label,
    status: row.status,
    skipped_reason: row.skipped_reason,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  };
}

/** An alert's notifications, oldest first (at most a few per level). */
export async function listAlertNotifications(db: Db, alertId: string): Promise<NotificationPublic[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('alert_id', '=', alertId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(500)
    .execute();
  return rows.map(toNotificationPublic);
}
