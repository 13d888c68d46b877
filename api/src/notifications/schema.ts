import { type Static, Type } from 'typebox';
import { ALERT_NOTIFICATION_KINDS, CHAT_KINDS, CONTACT_METHOD_KINDS, NOTIFICATION_STATUSES, SKIPPED_REASONS } from '../db/schema.js';

const DateTime = Type.String({ format: 'date-time' });

export const NotificationPublic = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    /** new_alert: to the owner when the alert was created; escalation: to a contact of `level`. */
    kind: Type.Enum([...ALERT_NOTIFICATION_KINDS], { title: 'NotificationKind' }),
    /** The escalation level it announced; 0 for a new alert. */
    level: Type.Integer(),
    /**
     * The address, or for another channel the target as shown (a Slack-compatible URL only as
     * its host and last characters). Null when it reaches another user than the caller: a
     * user's targets and account address are shown to them and to superusers only.
     */
    recipient: Type.Union([Type.String(), Type.Null()]),
    /** The user it reaches, through a contact method or their account's address; null for an address (a policy's contact, a new alert's owner). */
    user_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    /** That user's full name, if they have one. */
    user_name: Type.Union([Type.String(), Type.Null()]),
    /** How it leaves: email, another kind of a user's contact method, or a post to one of the team's chat channels (`recipient`: the channel's label). */
    channel: Type.Enum([...CONTACT_METHOD_KINDS, ...CHAT_KINDS], { title: 'NotificationChannel' }),
    /** The label of the user's contact method it went through (kept after the method is deleted); null for an account or policy address. */
    method_label: Type.Union([Type.String(), Type.Null()]),
    /**
     * pending: on its way (retrying after a failure when `last_error` is set); sent; failed:
     * retries exhausted; skipped: never sent, see `skipped_reason`.
     */
    status: Type.Enum([...NOTIFICATION_STATUSES], { title: 'NotificationStatus' }),
    /**
     * Why it was not sent: its escalation contact has not confirmed their address (`unconfirmed`)
     * or `declined`; its contact method is not verified (`unverified`) or was deleted
     * (`method_deleted`); a rule's delayed notification whose alert was `acknowledged` or `closed` first;
     * past the user's limit for the method's kind, told in one bundled message instead (`bundled`);
     * a voice call an earlier round already made for the alert within the limits' window (`duplicate_call`).
     */
    skipped_reason: Type.Union([Type.Enum([...SKIPPED_REASONS], { title: 'SkippedReason' }), Type.Null()]),
    attempts: Type.Integer(),
    /** The last failure's message, while it is retried or once it failed; null once sent, and when `recipient` is withheld (a receiver's answer can name its target). */
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
