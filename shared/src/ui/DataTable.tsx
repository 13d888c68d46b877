import {
  Checkbox,
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
  tokens,
} from '@fluentui/react-components';
import { type ReactNode, useEffect, useRef } from 'react';
import { useListTableStyles } from './listTableStyles';
import { type RowAction, RowActionsMenu } from './RowActionsMenu';

/** Phones: where a table of `layout: 'cards'` turns each row into a card. */
export const PHONE = '@media (max-width: 640px)';

const useStyles = makeStyles({
  // Just the checkbox: selection is a column of its own, so the next header keeps its own name.
  selectCol: { width: '44px', paddingInlineEnd: 0 },
  // Cards: a plain bordered box (nothing scrolls sideways); no header row on phones.
  frame: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  cardsHead: { [PHONE]: { display: 'none' } },
  cardsActions: { flex: '0 0 72px', justifyContent: 'flex-end' },
  // The row a link points at (a policy's deep link): marked, as a hover would.
  current: { backgroundColor: tokens.colorSubtleBackgroundSelected },
});

export interface DataColumn<T> {
  header: string;
  /** Its width, on the header and every cell (with `layout: 'cards'`, its place on a phone's card too). */
  className?: string;
  /** Body cells only (a title's weight). */
  cellClassName?: string;
  cell: (row: T) => ReactNode;
  /** The placeholder's width (px) while the page loads. */
  skeletonWidth: number;
}

export interface DataTableProps<T extends { id: string }> {
  /** The table's name ('Alerts'). */
  label: string;
  /** Undefined while the first page loads: the table then shows `skeletonRows` placeholder rows. */
  rows: T[] | undefined;
  skeletonRows: number;
  /** The columns before Actions. */
  columns: DataColumn<T>[];
  /** A row's "…" menu: its accessible name and its entries; null for a row the user may not act on (no menu). */
  rowActions: (row: T) => { label: string; actions: RowAction[] } | null;
  /** The table's own class (a minimum width below which it scrolls sideways). */
  className?: string;
  /**
   * 'scroll' (the default): a native table that scrolls sideways on narrow screens, Actions
   * pinned to its right edge. 'cards': flex rows whose cells carry their widths; on phones the
   * header hides and each row is a card laid out by `cardClassName` (a grid) and the columns' classes.
   */
  layout?: { kind: 'scroll' } | { kind: 'cards'; cardClassName: string; actionsClassName: string };
  /** Test ids of the rows and of the placeholder rows. */
  rowTestId?: string;
  skeletonTestId?: string;
  /** The ids ticked for a bulk action: a selection column comes first. */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (selected: Set<string>) => void;
    /** The checkboxes' names: a row's, and the header's (all on this page). */
    rowLabel: (row: T) => string;
    allLabel: string;
  };
  /** The row a link points at: marked `aria-current` and scrolled into view once the rows load. */
  currentRowId?: string;
}

/**
 * The console's list tables (alerts, integrations, users, schedules, policies, contact methods): the caller's columns, then Actions
 * (the row's "…" menu), with placeholder rows while the first page loads and an optional
 * selection column. Checkboxes have a column of their own rather than sitting in the first
 * cell: a header's accessible name is its whole content.
 */
export function DataTable<T extends { id: string }>(props: DataTableProps<T>) {
  const { label, rows, columns, rowActions, selection, currentRowId, layout = { kind: 'scroll' } } = props;
  const list = useListTableStyles();
  const styles = useStyles();
  const frame = useRef<HTMLDivElement>(null);
  const loaded = rows !== undefined;
  useEffect(() => {
    // Not on every refresh of the rows: only when the link or the first page arrives.
    if (currentRowId && loaded) frame.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [currentRowId, loaded]);
  const cards = layout.kind === 'cards' ? layout : undefined;
  const actionsHead = cards
    ? mergeClasses(list.headCell, styles.cardsActions, cards.actionsClassName)
    : mergeClasses(list.headCell, list.actionsCol, list.actionsHead);
  const actionsBody = cards
    ? mergeClasses(styles.cardsActions, cards.actionsClassName)
    : mergeClasses(list.cell, list.actionsCol, list.actionsBody);
  const cellClass = (column: DataColumn<T>) => mergeClasses(!cards && list.cell, column.className, column.cellClassName);
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

  const table = (
    <Table noNativeElements={cards !== undefined} className={props.className} aria-label={label} aria-busy={!rows}>
      <TableHeader className={mergeClasses(list.head, cards && styles.cardsHead)}>
        <TableRow>
          {selection && (
            <TableHeaderCell className={mergeClasses(list.headCell, styles.selectCol)}>
              <Checkbox
                aria-label={selection.allLabel}
                checked={allState}
                disabled={onPage.length === 0}
                onChange={() => selection.onChange(new Set(allState === true ? [] : onPage.map((row) => row.id)))}
              />
            </TableHeaderCell>
          )}
          {columns.map((column) => (
            <TableHeaderCell key={column.header} className={mergeClasses(list.headCell, column.className)}>
              {column.header}
            </TableHeaderCell>
          ))}
          <TableHeaderCell className={actionsHead}>Actions</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows
          ? rows.map((row) => {
              const menu = rowActions(row);
              return (
                <TableRow
                  key={row.id}
                  className={mergeClasses(cards?.cardClassName, row.id === currentRowId && styles.current)}
                  aria-current={row.id === currentRowId || undefined}
                  data-testid={props.rowTestId}
                >
                  {selection && (
                    <TableCell className={mergeClasses(list.cell, styles.selectCol)}>
                      <Checkbox
                        aria-label={selection.rowLabel(row)}
                        checked={selection.selected.has(row.id)}
                        onChange={(_, data) => toggle(row.id, data.checked === true)}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell key={column.header} className={cellClass(column)}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  <TableCell className={actionsBody}>{menu && <RowActionsMenu label={menu.label} actions={menu.actions} />}</TableCell>
                </TableRow>
              );
            })
          : Array.from({ length: props.skeletonRows }, (_, index) => (
              <TableRow
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                key={index}
                className={cards ? cards.cardClassName : list.skeletonRow}
                aria-hidden="true"
                data-testid={props.skeletonTestId}
              >
                {selection && <SkeletonCell width={16} />}
                {columns.map((column) => (
                  <SkeletonCell key={column.header} className={column.className} width={column.skeletonWidth} />
                ))}
                <SkeletonCell className={actionsBody} width={28} alignEnd />
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
  return (
    <div ref={frame} className={cards ? styles.frame : list.scroller}>
      {table}
    </div>
  );
}

function SkeletonCell({ className, width, alignEnd }: { className?: string; width: number; alignEnd?: boolean }) {
  return (
    <TableCell className={className}>
      <Skeleton>
        <SkeletonItem style={{ width, maxWidth: '100%', marginInlineStart: alignEnd ? 'auto' : undefined }} />
      </Skeleton>
    </TableCell>
  );
}
