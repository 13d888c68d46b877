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
import { type AlertPublic, RowActionsMenu, SkeletonRows, TruncatedId, useListTableStyles } from '@vigil/shared';
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
          {alerts ? (
            alerts.map((alert) => (
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
          ) : (
            <SkeletonRows rows={skeletonRows} widths={SKELETON_WIDTHS} rowClassName={list.skeletonRow} actionsClassName={actionsBody} />
          )}
        </TableBody>
      </Table>
    </div>
  );
}
