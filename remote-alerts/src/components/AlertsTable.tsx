import { makeStyles } from '@fluentui/react-components';
import { type AlertPublic, EntityTable } from '@vigil/shared';
import { AlertStateBadges } from './alertBadges';

const useStyles = makeStyles({
  table: { minWidth: '720px' },
  titleCol: { width: '26%' },
  stateCol: { width: '200px' },
});

interface Props {
  /** Undefined while the first page loads: the table then shows skeleton rows. */
  alerts: AlertPublic[] | undefined;
  skeletonRows: number;
  onDelete: (alert: AlertPublic) => void;
  onOpen: (alert: AlertPublic) => void;
  /** The ids ticked for a bulk action. */
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
}

/** Spec §2's columns (ID, Title, Description, State, Actions) after a narrow selection column. */
export function AlertsTable({ alerts, skeletonRows, onDelete, onOpen, selected, onSelectedChange }: Props) {
  const styles = useStyles();
  return (
    <EntityTable
      label="Alerts"
      noun="alert"
      rows={alerts}
      skeletonRows={skeletonRows}
      className={styles.table}
      titleClassName={styles.titleCol}
      skeletonWidths={{ title: 160, description: 240 }}
      extraColumns={[
        {
          header: 'State',
          className: styles.stateCol,
          cell: (alert) => <AlertStateBadges state={alert.state} severity={alert.severity} />,
          skeletonWidth: 120,
        },
      ]}
      onOpen={onOpen}
      onDelete={onDelete}
      selection={{ selected, onChange: onSelectedChange }}
    />
  );
}
