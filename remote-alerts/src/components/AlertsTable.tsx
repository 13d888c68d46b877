import { makeStyles, tokens } from '@fluentui/react-components';
import { type AlertPublic, EntityTable, type EntityTableProps, formatDuration } from '@vigil/shared';
import { AlertStateBadges } from './alertBadges';

const useStyles = makeStyles({
  table: { minWidth: '720px' },
  titleCol: { width: '26%' },
  stateCol: { width: '200px' },
  age: { color: tokens.colorNeutralForeground3 },
});

/** "Opened 4 min ago": on a phone's card, where the ID column is left out. */
export function AlertAge({ createdAt, now = Date.now() }: { createdAt: string; now?: number }) {
  const styles = useStyles();
  const opened = new Date(createdAt);
  return (
    <time className={styles.age} dateTime={createdAt} title={opened.toLocaleString()}>
      Opened{' '}
      {formatDuration(Math.max(0, (now - opened.getTime()) / 1000))
        .split(' ')
        .slice(0, 2)
        .join(' ')}{' '}
      ago
    </time>
  );
}

type Props = Pick<EntityTableProps<AlertPublic>, 'rows' | 'skeletonRows' | 'onOpen' | 'onDelete'> & {
  /** The ids ticked for a bulk action. */
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
};

/**
 * The product's columns (ID, Title, Description, State, Actions) after a narrow selection
 * column; on a phone, a card per alert: its whole title, state and severity, and its age.
 */
export function AlertsTable({ selected, onSelectedChange, ...props }: Props) {
  const styles = useStyles();
  return (
    <EntityTable
      {...props}
      label="Alerts"
      noun="alert"
      className={styles.table}
      titleClassName={styles.titleCol}
      skeletonWidths={{ title: 160, description: 240 }}
      extraColumns={[
        {
          header: 'State',
          card: 'plain',
          className: styles.stateCol,
          cell: (alert) => <AlertStateBadges state={alert.state} severity={alert.severity} silencedUntil={alert.silenced_until} />,
          skeletonWidth: 120,
        },
        { header: 'Age', phoneOnly: true, card: 'plain', cell: (alert) => <AlertAge createdAt={alert.created_at} />, skeletonWidth: 80 },
      ]}
      selection={{ selected, onChange: onSelectedChange }}
    />
  );
}
