import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { type AlertEventPublic, errorText, useAlert, useAlertEvents, useCurrentUser } from '@vigil/shared';
import { AlertNotifications } from './AlertNotifications';
import { AlertStateBadges } from './alertBadges';
import { DetailListSection } from './DetailListSection';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const when = (iso: string) => new Date(iso).toLocaleString();

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: `0 0 ${tokens.spacingVerticalL}`,
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr' },
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
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

/** An alert's fields and its history (each state change: action, when, via, actor, address). */
export function AlertDetailDialog({ id, onClose }: Props) {
  const styles = useStyles();
  const alert = useAlert(id);
  const events = useAlertEvents(id);
  const { data: me } = useCurrentUser();
  const a = alert.data;

  return (
    <Dialog open={Boolean(id)} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label="Alert details">
        <DialogBody>
          <DialogTitle>{a ? a.title : 'Alert details'}</DialogTitle>
          <DialogContent>
            {alert.isPending && <Spinner label="Loading the alert" />}
            {alert.isError && (
              <MessageBar intent="error">
                <MessageBarBody>{errorText(alert.error)}</MessageBarBody>
              </MessageBar>
            )}
            {a && (
              <dl className={styles.fields} aria-label="Alert fields">
                <dt className={styles.term}>ID</dt>
                <dd className={styles.value}>{a.id}</dd>
                <dt className={styles.term}>Description</dt>
                <dd className={styles.value}>{a.description || 'N/A'}</dd>
                <dt className={styles.term}>State</dt>
                <dd className={styles.value}>
                  <AlertStateBadges state={a.state} severity={a.severity} />
                </dd>
                <dt className={styles.term}>Escalation level</dt>
                <dd className={styles.value}>
                  {a.escalation_level}
                  {a.next_escalation_at &&
                    ` (escalates to level ${a.escalation_level + 1} at ${when(a.next_escalation_at)} unless acknowledged)`}
                </dd>
                <dt className={styles.term}>Source</dt>
                <dd className={styles.value}>{a.integration_id ? `Integration ${a.integration_id}` : 'Added by hand'}</dd>
                <dt className={styles.term}>Created</dt>
                <dd className={styles.value}>{when(a.created_at)}</dd>
                <dt className={styles.term}>Updated</dt>
                <dd className={styles.value}>{when(a.updated_at)}</dd>
              </dl>
            )}
            <DetailListSection
              title="History"
              query={events}
              idle={!id}
              loadingLabel="Loading the history"
              emptyText="No changes yet: the alert is as it was raised."
            >
              {(rows) => (
                <Table className={styles.history} aria-label="Alert history" size="small">
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>Action</TableHeaderCell>
                      <TableHeaderCell>When</TableHeaderCell>
                      <TableHeaderCell>Via</TableHeaderCell>
                      <TableHeaderCell>Actor</TableHeaderCell>
                      <TableHeaderCell>Address</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((event) => (
                      <TableRow key={event.id}>
                        <TableCell>
                          {ACTION_PAST[event.action]} ({capitalised(event.from_state)} → {capitalised(event.to_state)})
                        </TableCell>
                        <TableCell>
                          <time dateTime={event.created_at}>{when(event.created_at)}</time>
                        </TableCell>
                        <TableCell>{VIA_TEXT[event.via]}</TableCell>
                        <TableCell>{actorText(event, me?.id)}</TableCell>
                        <TableCell>{event.client_ip ?? '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </DetailListSection>
            <AlertNotifications id={id} />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
