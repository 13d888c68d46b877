import {
  Checkbox,
  Link,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { DeleteRegular, OpenRegular } from '@fluentui/react-icons';
import { type AlertPublic, RowActionsMenu, SkeletonRows, TruncatedId, useListTableStyles } from '@vigil/shared';
import { AlertStateBadges } from './alertBadges';

const useStyles = makeStyles({
  table: { minWidth: '720px' },
  titleCol: { width: '26%' },
  stateCol: { width: '200px' },
  // Just the checkbox: selection is a column of its own, so the ID header is named "ID" alone.
  selectCol: { width: '44px', paddingInlineEnd: 0 },
  titleLink: { textAlign: 'start', fontWeight: 'inherit' },
});

const SKELETON_WIDTHS = [16, 72, 160, 240, 120, 28];

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

/**
 * Spec §2's columns (ID, Title, Description, State, Actions) after a narrow selection column.
 * The checkboxes have a column of their own rather than sitting in the ID cell: a header's
 * accessible name is its whole content, and the ID header must be named "ID" alone.
 */
export function AlertsTable({ alerts, skeletonRows, onDelete, onOpen, selected, onSelectedChange }: Props) {
  const list = useListTableStyles();
  const styles = useStyles();
  const actionsBody = mergeClasses(list.cell, list.actionsCol, list.actionsBody);
  const onPage = alerts ?? [];
  const ticked = onPage.filter((alert) => selected.has(alert.id)).length;
  const allState = ticked === 0 ? false : ticked === onPage.length ? true : 'mixed';
  const toggleAll = () => onSelectedChange(new Set(allState === true ? [] : onPage.map((alert) => alert.id)));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  return (
    <div className={list.scroller}>
      <Table className={styles.table} aria-label="Alerts" aria-busy={!alerts}>
        <TableHeader className={list.head}>
          <TableRow>
            <TableHeaderCell className={mergeClasses(list.headCell, styles.selectCol)}>
              <Checkbox
                aria-label="Select all alerts on this page"
                checked={allState}
                disabled={onPage.length === 0}
                onChange={toggleAll}
              />
            </TableHeaderCell>
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
                <TableCell className={mergeClasses(list.cell, styles.selectCol)}>
                  <Checkbox
                    aria-label={`Select alert ${alert.title}`}
                    checked={selected.has(alert.id)}
                    onChange={(_, data) => toggle(alert.id, data.checked === true)}
                  />
                </TableCell>
                <TableCell className={list.cell}>
                  <TruncatedId id={alert.id} />
                </TableCell>
                <TableCell className={mergeClasses(list.cell, list.title)}>
                  <Link as="button" className={styles.titleLink} onClick={() => onOpen(alert)}>
                    {alert.title}
                  </Link>
                </TableCell>
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
                    actions={[
                      { label: 'View details', icon: <OpenRegular />, onClick: () => onOpen(alert) },
                      { label: 'Delete Alert', icon: <DeleteRegular />, danger: true, onClick: () => onDelete(alert) },
                    ]}
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
