import {
  makeStyles,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { type AlertPublic, RowActionsMenu, TruncatedId, useListTableStyles } from '@vigil/shared';
import { AlertStateBadges } from './alertBadges';

const useStyles = makeStyles({
  table: { minWidth: '720px' },
  titleCol: { width: '26%' },
  stateCol: { width: '200px' },
});

const SKELETON_WIDTHS = [72, 160, 240, 120, 28];

interface Props {
  /** Undefined while the first page loads: the table then shows skeleton rows. */
  alerts: AlertPublic[] | undefined;
  skeletonRows: number;
  onDelete: (alert: AlertPublic) => void;
}

export function AlertsTable({ alerts, skeletonRows, onDelete }: Props) {
  const list = useListTableStyles();
  const styles = useStyles();
  const actionsBody = mergeClasses(list.cell, list.actionsCol, list.actionsBody);
  return (
    <div className={list.scroller}>
      <Table className={styles.table} aria-label="Alerts" aria-busy={!alerts}>
        <TableHeader className={list.head}>
          <TableRow>
            <TableHeaderCell className={mergeClasses(list.headCell, list.idCol)}>ID</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(list.headCell, styles.titleCol)}>Title</TableHeaderCell>
            <TableHeaderCell className={list.headCell}>Description</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(list.headCell, styles.stateCol)}>State</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(list.headCell, list.actionsCol, list.actionsHead)}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {alerts
            ? alerts.map((alert) => (
                <TableRow key={alert.id}>
                  <TableCell className={list.cell}>
                    <TruncatedId id={alert.id} />
                  </TableCell>
                  <TableCell className={mergeClasses(list.cell, list.title)}>{alert.title}</TableCell>
                  <TableCell className={list.cell}>
                    {alert.description ? (
                      <span className={list.clamp} title={alert.description}>
                        {alert.description}
                      </span>
                    ) : (
                      <span className={list.missing}>N/A</span>
                    )}
                  </TableCell>
                  <TableCell className={list.cell}>
                    <AlertStateBadges state={alert.state} severity={alert.severity} />
                  </TableCell>
                  <TableCell className={actionsBody}>
                    <RowActionsMenu
                      label={`Actions for alert ${alert.title}`}
                      actions={[{ label: 'Delete Alert', icon: <DeleteRegular />, danger: true, onClick: () => onDelete(alert) }]}
                    />
                  </TableCell>
                </TableRow>
              ))
            : Array.from({ length: skeletonRows }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                <TableRow key={row} className={list.skeletonRow} aria-hidden="true">
                  {SKELETON_WIDTHS.map((width, column) => {
                    const isActions = column === SKELETON_WIDTHS.length - 1;
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder columns
                      <TableCell key={column} className={isActions ? actionsBody : undefined}>
                        <Skeleton>
                          <SkeletonItem style={{ width, maxWidth: '100%', marginInlineStart: isActions ? 'auto' : undefined }} />
                        </Skeleton>
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </div>
  );
}
