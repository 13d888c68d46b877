import { Badge, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { DetailListSection, type NotificationPublic, SmallTable, useAlertNotifications } from '@vigil/shared';
import { recipientText } from './recipientText';

const useStyles = makeStyles({
  table: { minWidth: '560px' },
  error: { display: 'block', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

const when = (iso: string) => new Date(iso).toLocaleString();

const WHAT: Record<NotificationPublic['kind'], (level: number) => string> = {
  new_alert: () => 'New alert',
  escalation: (level) => `Escalation to level ${level}`,
};

/** Why a notification was not sent (docs/oncall/contact-methods.md for a user's contact methods). */
const SKIPPED: Record<NonNullable<NotificationPublic['skipped_reason']>, string> = {
  unconfirmed: 'The contact has not confirmed its address',
  declined: 'The contact declined alerts',
  unverified: 'The contact method is not verified',
  method_deleted: 'The contact method was deleted',
  acknowledged: 'The alert was acknowledged before this was due',
  closed: 'The alert was closed before this was due',
  superseded: 'A newer message already showed the alert as it was',
  bundled: 'Past the notification limit: told in one bundled message',
  duplicate_call: 'Already called about this alert within the limit window',
};

/** Where a notification stands, in words: sent (when), on its way, retrying after a failure, given up, or not sent (an unconfirmed contact). */
function Status({ notification: n }: { notification: NotificationPublic }) {
  const styles = useStyles();
  if (n.status === 'sent') {
    return (
      <Badge appearance="tint" color="success">
        Sent {n.sent_at ? when(n.sent_at) : ''}
      </Badge>
    );
  }
  if (n.status === 'skipped') {
    return (
      <>
        <Badge appearance="tint" color="subtle">
          Not sent
        </Badge>
        <Caption1 className={styles.error}>{n.skipped_reason ? SKIPPED[n.skipped_reason] : ''}</Caption1>
      </>
    );
  }
  if (n.status === 'failed' || n.last_error) {
    return (
      <>
        <Badge appearance="tint" color={n.status === 'failed' ? 'danger' : 'warning'}>
          {n.status === 'failed' ? `Failed after ${n.attempts} attempts` : `Retrying (${n.attempts} failed)`}
        </Badge>
        <Caption1 className={styles.error}>{n.last_error}</Caption1>
      </>
    );
  }
  return (
    <Badge appearance="tint" color="informative">
      Sending…
    </Badge>
  );
}

/** The emails an alert caused (its owner's on creation, each escalation's contacts) and how each went. */
export function AlertNotifications({ id }: { id: string | undefined }) {
  const styles = useStyles();
  const notifications = useAlertNotifications(id);
  return (
    <DetailListSection
      title="Notifications"
      query={notifications}
      idle={!id}
      loadingLabel="Loading the notifications"
      emptyText="No email was sent about this alert."
    >
      {(rows) => (
        <SmallTable
          className={styles.table}
          label="Alert notifications"
          rows={rows}
          rowKey={(n) => n.id}
          columns={[
            { header: 'Email', cell: (n) => WHAT[n.kind](n.level) },
            { header: 'To', cell: recipientText },
            { header: 'Status', cell: (n) => <Status notification={n} /> },
          ]}
        />
      )}
    </DetailListSection>
  );
}
