import { type Static, Type } from 'typebox';
import { ALERT_NOTIFICATION_KINDS, NOTIFICATION_STATUSES, SKIPPED_REASONS } from '../db/schema.js';

const DateTime = Type.String({ format: 'date-time' });

export const NotificationPublic = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    /** new_alert: to the owner when the alert was created; escalation: to a contact of `level`. */
    kind: Type.Enum([...ALERT_NOTIFICATION_KINDS], { title: 'NotificationKind' }),
    /** The escalation level it announced; 0 for a new alert. */
    level: Type.Integer(),
    recipient: Type.String(),
    /**
     * pending: on its way (retrying after a failure when `last_error` is set); sent; failed:
     * retries exhausted; skipped: never sent, see `skipped_reason`.
     */
    status: Type.Enum([...NOTIFICATION_STATUSES], { title: 'NotificationStatus' }),
    /** Why a skipped email was not sent: its contact has not confirmed their address (`unconfirmed`), or `declined`. */
    skipped_reason: Type.Union([Type.Enum([...SKIPPED_REASONS], { title: 'SkippedReason' }), Type.Null()]),
    attempts: Type.Integer(),
    /** The last failure's message, while it is retried or once it failed; null once sent. */
    last_error: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTime,
    sent_at: Type.Union([DateTime, Type.Null()]),
  },
  { title: 'NotificationPublic' },
);
export type NotificationPublic = Static<typeof NotificationPublic>;

export const NotificationsPublic = Type.Object(
  { data: Type.Array(NotificationPublic), count: Type.Integer() },
  { title: 'NotificationsPublic' },
);
