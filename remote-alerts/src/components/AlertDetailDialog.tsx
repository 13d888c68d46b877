import { makeStyles } from '@fluentui/react-components';
import {
  type AlertEventPublic,
  DetailDialog,
  DetailListSection,
  SmallTable,
  useAlert,
  useAlertEvents,
  useCurrentUser,
} from '@vigil/shared';
import { AlertNotifications } from './AlertNotifications';
import { AlertOccurrences } from './AlertOccurrences';
import { AlertStateBadges, silencedNow, silencedText } from './alertBadges';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const when = (iso: string) => new Date(iso).toLocaleString();

const useStyles = makeStyles({
  history: { minWidth: '560px' },
});

const ACTION_PAST: Record<AlertEventPublic['action'], string> = {
  acknowledge: 'Acknowledged',
  escalate: 'Escalated',
  close: 'Closed',
};

const VIA_TEXT: Record<AlertEventPublic['via'], string> = {
  console: 'Console',
  link: 'Public link',
  integration: 'Integration',
  policy: 'Escalation policy',
  sms: 'SMS',
  voice: 'Voice call',
  slack: 'Slack',
  mattermost: 'Mattermost',
  rocketchat: 'Rocket.Chat',
  telegram: 'Telegram',
};

/**
 * Who acted: the signed-in user ("You"), another console user (by id), the recipient of the
 * signed notification link that was used, or whoever held a bare link.
 */
function actorText(event: AlertEventPublic, meId: string | undefined): string {
  const user = event.actor_id && (event.actor_id === meId ? 'You' : event.actor_id);
  const link = event.recipient && `link sent to ${event.recipient}`;
  if (user && link) return `${user}, with the ${link}`;
  if (user) return user;
  if (link) return `The ${link}`;
  if (event.via === 'integration') return 'The monitoring tool';
  if (event.via === 'policy') return 'Nobody acknowledged it in time';
  return event.via === 'link' ? 'Anyone with the link' : 'Unknown';
}

interface Props {
  id: string | undefined;
  onClose: () => void;
}

/** An alert's fields, its occurrences when it groups others, and its history (each state change: action, when, via, actor, address). */
export function AlertDetailDialog({ id, onClose }: Props) {
  const styles = useStyles();
  const alert = useAlert(id);
  const events = useAlertEvents(id);
  const { data: me } = useCurrentUser();
  const a = alert.data;

  return (
    <DetailDialog
      open={Boolean(id)}
      label="Alert details"
      title={a?.title}
      loading={alert.isPending}
      loadingLabel="Loading the alert"
      error={alert.isError ? alert.error : undefined}
      fieldsLabel="Alert fields"
      fields={
        a && [
          { term: 'ID', value: a.id },
          { term: 'Description', value: a.description || 'N/A' },
          { term: 'State', value: <AlertStateBadges state={a.state} severity={a.severity} silencedUntil={a.silenced_until} /> },
          ...(a.state !== 'closed' && silencedNow(a.silenced_until)
            ? [{ term: 'Maintenance', value: silencedText(a.silenced_until) }]
            : []),
          {
            term: 'Escalation level',
            value: `${a.escalation_level}${
              a.next_escalation_at
                ? ` (escalates to level ${a.escalation_level + 1} at ${when(a.next_escalation_at)} unless acknowledged)`
                : ''
            }`,
          },
          { term: 'Source', value: a.integration_id ? `Integration ${a.integration_id}` : 'Added by hand' },
          ...(a.group_key ? [{ term: 'Occurrences', value: `${a.occurrence_count} (grouped by the integration's labels)` }] : []),
          { term: 'Created', value: when(a.created_at) },
          { term: 'Updated', value: when(a.updated_at) },
        ]
      }
      onClose={onClose}
    >
      <DetailListSection
        title="History"
        query={events}
        idle={!id}
        loadingLabel="Loading the history"
        emptyText="No changes yet: the alert is as it was raised."
      >
        {(rows) => (
          <SmallTable
            className={styles.history}
            label="Alert history"
            rows={rows}
            rowKey={(event) => event.id}
            columns={[
              {
                header: 'Action',
                cell: (event) => `${ACTION_PAST[event.action]} (${capitalised(event.from_state)} → ${capitalised(event.to_state)})`,
              },
              { header: 'When', cell: (event) => <time dateTime={event.created_at}>{when(event.created_at)}</time> },
              { header: 'Via', cell: (event) => VIA_TEXT[event.via] },
              { header: 'Actor', cell: (event) => actorText(event, me?.id) },
              { header: 'Address', cell: (event) => event.client_ip ?? '—' },
            ]}
          />
        )}
      </DetailListSection>
      {a?.group_key && <AlertOccurrences id={id} total={a.occurrence_count} />}
      <AlertNotifications id={id} />
    </DetailDialog>
  );
}
