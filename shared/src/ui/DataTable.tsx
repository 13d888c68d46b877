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
import { type CardPlace, PHONE, usePhoneCardStyles } from './phoneCards';
import { type RowAction, RowActionsMenu } from './RowActionsMenu';

export { type CardPlace, PHONE };

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
  /** Its place on a phone's card (`layout: 'scroll'`); the first shown column is the title unless one says so. */
  card?: CardPlace;
  /** Shown on phones' cards only (an age the desktop's columns leave out). */
  phoneOnly?: boolean;
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
   * pinned to its right edge, and on phones a card per row laid out by the columns' `card`
   * places (phoneCards.ts). 'cards': flex rows whose cells carry their widths; on phones the
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
  const phone = usePhoneCardStyles();
  const frame = useRef<HTMLDivElement>(null);
  const loaded = rows !== undefined;
  useEffect(() => {
    // Not on every refresh of the rows: only when the link or the first page arrives.
    if (currentRowId && loaded) frame.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [currentRowId, loaded]);
  const cards = layout.kind === 'cards' ? layout : undefined;
  // On phones a scroll table's rows are cards: each class below adds its PHONE rules.
  const onPhone = (...classes: (string | false | undefined)[]) => (cards ? undefined : mergeClasses(...classes));
  const actionsHead = cards
    ? mergeClasses(list.headCell, styles.cardsActions, cards.actionsClassName)
    : mergeClasses(list.headCell, list.actionsCol, list.actionsHead);
  const actionsBody = cards
    ? mergeClasses(styles.cardsActions, cards.actionsClassName)
    : mergeClasses(list.cell, list.actionsCol, list.actionsBody, phone.cell, phone.actions);
  const titleColumn = columns.find((column) => column.card === 'title') ?? columns.find((column) => column.card !== 'hidden');
  const place = (column: DataColumn<T>): CardPlace => (column === titleColumn ? 'title' : (column.card ?? 'labelled'));
  const cellClass = (column: DataColumn<T>) =>
    mergeClasses(
      !cards && list.cell,
      column.className,
      column.cellClassName,
      onPhone(phone.cell, phone[place(column)], column.phoneOnly && phone.phoneOnly),
    );
  const headClass = (column: DataColumn<T>) =>
    mergeClasses(list.headCell, column.className, !cards && (column.phoneOnly ? phone.neverShown : phone.hidden));
  const selectCell = mergeClasses(list.cell, styles.selectCol, onPhone(phone.cell, phone.select));
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
    // Explicit roles: rows displayed as cards on a phone keep the table's semantics in every browser.
    <Table
      role="table"
      noNativeElements={cards !== undefined}
      className={mergeClasses(props.className, onPhone(phone.table))}
      aria-label={label}
      aria-busy={!rows}
    >
      <TableHeader
        role="rowgroup"
        className={mergeClasses(list.head, cards ? styles.cardsHead : selection ? phone.selectHead : phone.head)}
      >
        <TableRow role="row" className={onPhone(phone.selectHeadRow)}>
          {selection && (
            <TableHeaderCell role="columnheader" className={mergeClasses(list.headCell, styles.selectCol, onPhone(phone.selectAll))}>
              <Checkbox
                aria-label={selection.allLabel}
                checked={allState}
                disabled={onPage.length === 0}
                onChange={() => selection.onChange(new Set(allState === true ? [] : onPage.map((row) => row.id)))}
              />
            </TableHeaderCell>
          )}
          {columns.map((column) => (
            <TableHeaderCell role="columnheader" key={column.header} className={headClass(column)}>
              {column.header}
            </TableHeaderCell>
          ))}
          <TableHeaderCell role="columnheader" className={mergeClasses(actionsHead, onPhone(phone.hidden))}>
            Actions
          </TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody role="rowgroup" className={onPhone(phone.body)}>
        {rows
          ? rows.map((row) => {
              const menu = rowActions(row);
              return (
                <TableRow
                  role="row"
                  key={row.id}
                  className={mergeClasses(cards ? cards.cardClassName : phone.row, row.id === currentRowId && styles.current)}
                  aria-current={row.id === currentRowId || undefined}
                  data-testid={props.rowTestId}
                >
                  {selection && (
                    <TableCell role="cell" className={selectCell}>
                      <Checkbox
                        aria-label={selection.rowLabel(row)}
                        checked={selection.selected.has(row.id)}
                        onChange={(_, data) => toggle(row.id, data.checked === true)}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell
                      role="cell"
                      key={column.header}
                      className={cellClass(column)}
                      data-label={!cards && place(column) === 'labelled' ? column.header : undefined}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  <TableCell role="cell" className={actionsBody}>
                    {menu && <RowActionsMenu label={menu.label} actions={menu.actions} />}
                  </TableCell>
                </TableRow>
              );
            })
          : Array.from({ length: props.skeletonRows }, (_, index) => (
              <TableRow
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
                key={index}
                className={cards ? cards.cardClassName : mergeClasses(list.skeletonRow, phone.row)}
                aria-hidden="true"
                data-testid={props.skeletonTestId}
              >
                {selection && <SkeletonCell className={selectCell} width={16} />}
                {columns.map((column) => (
                  <SkeletonCell key={column.header} className={cellClass(column)} width={column.skeletonWidth} />
                ))}
                <SkeletonCell className={actionsBody} width={28} alignEnd />
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
  return (
    <div ref={frame} className={cards ? styles.frame : mergeClasses(list.scroller, phone.frame)}>
      {table}
    </div>
  );
}

function SkeletonCell({ className, width, alignEnd }: { className?: string; width: number; alignEnd?: boolean }) {
  return (
    <TableCell role="cell" className={className}>
      <Skeleton>
        <SkeletonItem style={{ width, maxWidth: '100%', marginInlineStart: alignEnd ? 'auto' : undefined }} />
      </Skeleton>
    </TableCell>
  );
}
