import { makeStyles } from '@fluentui/react-components';
import { type AlertPublic, EntityTable, type EntityTableProps } from '@vigil/shared';
import { AlertStateBadges } from './alertBadges';

const useStyles = makeStyles({
  table: { minWidth: '720px' },
  titleCol: { width: '26%' },
  stateCol: { width: '200px' },
});

type Props = Pick<EntityTableProps<AlertPublic>, 'rows' | 'skeletonRows' | 'onOpen' | 'onDelete'> & {
  /** The ids ticked for a bulk action. */
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
};

/** Spec §2's columns (ID, Title, Description, State, Actions) after a narrow selection column. */
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
          className: styles.stateCol,
          cell: (alert) => <AlertStateBadges state={alert.state} severity={alert.severity} />,
          skeletonWidth: 120,
        },
      ]}
      selection={{ selected, onChange: onSelectedChange }}
    />
  );
}
