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
import type { ReactNode } from 'react';
import { useListTableStyles } from './listTableStyles';
import { RowActionsMenu } from './RowActionsMenu';
import { SkeletonRows } from './SkeletonRows';
import { TruncatedId } from './TruncatedId';

const useStyles = makeStyles({
  // Just the checkbox: selection is a column of its own, so the ID header is named "ID" alone.
  selectCol: { width: '44px', paddingInlineEnd: 0 },
  titleLink: { textAlign: 'start', fontWeight: 'inherit' },
});

/** What every listed entity has: the ID, Title and Description columns. */
export interface TitledEntity {
  id: string;
  title: string;
  description?: string | null;
}

export interface EntityColumn<T> {
  header: string;
  /** Its width, as a class. */
  className?: string;
  cell: (row: T) => ReactNode;
  /** The placeholder's width (px) while the page loads. */
  skeletonWidth: number;
}

export interface EntityTableProps<T extends TitledEntity> {
  /** The table's name ('Alerts'). */
  label: string;
  /** The entity in words, for the row menus ('alert': "Actions for alert …", "Delete Alert"). */
  noun: string;
  /** Undefined while the first page loads: the table then shows `skeletonRows` placeholder rows. */
  rows: T[] | undefined;
  skeletonRows: number;
  /** The table's minimum width (it scrolls sideways below it) and the title column's width. */
  className: string;
  titleClassName: string;
  /** The placeholders' widths (px) of Title and Description. */
  skeletonWidths: { title: number; description: number };
  /** Columns after Description. */
  extraColumns?: EntityColumn<T>[];
  onOpen: (row: T) => void;
  onDelete: (row: T) => void;
  /** The ids ticked for a bulk action: a selection column comes first. */
  selection?: { selected: ReadonlySet<string>; onChange: (selected: Set<string>) => void };
}

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The console's list of titled entities (alerts, integrations): ID, Title (opens the details),
 * Description, the caller's columns, Actions (View details, Delete), skeleton rows while loading.
 * Checkboxes have a column of their own rather than sitting in the ID cell: a header's
 * accessible name is its whole content, and the ID header must be named "ID" alone.
 */
export function EntityTable<T extends TitledEntity>(props: EntityTableProps<T>) {
  const { label, noun, rows, skeletonRows, extraColumns = [], onOpen, onDelete, selection } = props;
  const list = useListTableStyles();
  const styles = useStyles();
  const actionsBody = mergeClasses(list.cell, list.actionsCol, list.actionsBody);
  const onPage = rows ?? [];
  const ticked = selection ? onPage.filter((row) => selection.selected.has(row.id)).length : 0;
  const allState = ticked === 0 ? false : ticked === onPage.length ? true : 'mixed';
  const toggle = (id: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const skeletonWidths = [
    ...(selection ? [16] : []),
    72,
    props.skeletonWidths.title,
    props.skeletonWidths.description,
    ...extraColumns.map((column) => column.skeletonWidth),
    28,
  ];
  return (
    <div className={list.scroller}>
      <Table className={props.className} aria-label={label} aria-busy={!rows}>
        <TableHeader className={list.head}>
          <TableRow>
            {selection && (
              <TableHeaderCell className={mergeClasses(list.headCell, styles.selectCol)}>
                <Checkbox
                  aria-label={`Select all ${noun}s on this page`}
                  checked={allState}
                  disabled={onPage.length === 0}
                  onChange={() => selection.onChange(new Set(allState === true ? [] : onPage.map((row) => row.id)))}
                />
              </TableHeaderCell>
            )}
            <TableHeaderCell className={mergeClasses(list.headCell, list.idCol)}>ID</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(list.headCell, props.titleClassName)}>Title</TableHeaderCell>
            <TableHeaderCell className={list.headCell}>Description</TableHeaderCell>
            {extraColumns.map((column) => (
              <TableHeaderCell key={column.header} className={mergeClasses(list.headCell, column.className)}>
                {column.header}
              </TableHeaderCell>
            ))}
            <TableHeaderCell className={mergeClasses(list.headCell, list.actionsCol, list.actionsHead)}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows ? (
            rows.map((row) => (
              <TableRow key={row.id}>
                {selection && (
                  <TableCell className={mergeClasses(list.cell, styles.selectCol)}>
                    <Checkbox
                      aria-label={`Select ${noun} ${row.title}`}
                      checked={selection.selected.has(row.id)}
                      onChange={(_, data) => toggle(row.id, data.checked === true)}
                    />
                  </TableCell>
                )}
                <TableCell className={list.cell}>
                  <TruncatedId id={row.id} />
                </TableCell>
                <TableCell className={mergeClasses(list.cell, list.title)}>
                  <Link as="button" className={styles.titleLink} onClick={() => onOpen(row)}>
                    {row.title}
                  </Link>
                </TableCell>
                <TableCell className={list.cell}>
                  {row.description ? (
                    <span className={list.clamp} title={row.description}>
                      {row.description}
                    </span>
                  ) : (
                    <span className={list.missing}>N/A</span>
                  )}
                </TableCell>
                {extraColumns.map((column) => (
                  <TableCell key={column.header} className={list.cell}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                <TableCell className={actionsBody}>
                  <RowActionsMenu
                    label={`Actions for ${noun} ${row.title}`}
                    actions={[
                      { label: 'View details', icon: <OpenRegular />, onClick: () => onOpen(row) },
                      { label: `Delete ${capitalised(noun)}`, icon: <DeleteRegular />, danger: true, onClick: () => onDelete(row) },
                    ]}
                  />
                </TableCell>
              </TableRow>
            ))
          ) : (
            <SkeletonRows rows={skeletonRows} widths={skeletonWidths} rowClassName={list.skeletonRow} actionsClassName={actionsBody} />
          )}
        </TableBody>
      </Table>
    </div>
  );
}
