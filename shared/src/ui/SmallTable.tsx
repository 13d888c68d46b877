import { mergeClasses, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { usePhoneCardStyles } from './phoneCards';

export interface SmallTableColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface Props<T> {
  /** The table's accessible name. */
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: SmallTableColumn<T>[];
  /** Its minimum width, as a class (it scrolls sideways below it, above a phone's width). */
  className?: string;
  size?: 'small' | 'medium';
}

/**
 * A small read-only table (an alert's history, its emails, a policy's contacts, a user's
 * shifts). On a phone each row is a block: its first cell in bold, the others each a line led
 * by its header (phoneCards.ts), so nothing scrolls sideways inside a dialog.
 */
export function SmallTable<T>({ label, rows, rowKey, columns, className, size = 'small' }: Props<T>) {
  const phone = usePhoneCardStyles();
  return (
    // Explicit roles: a table displayed as blocks on a phone keeps its semantics in every browser.
    <Table role="table" className={mergeClasses(className, phone.table)} aria-label={label} size={size}>
      <TableHeader role="rowgroup" className={phone.head}>
        <TableRow role="row">
          {columns.map((column) => (
            <TableHeaderCell role="columnheader" key={column.header}>
              {column.header}
            </TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody role="rowgroup" className={phone.body}>
        {rows.map((row) => (
          <TableRow role="row" key={rowKey(row)} className={phone.stackRow}>
            {columns.map((column, index) => (
              <TableCell
                role="cell"
                key={column.header}
                className={mergeClasses(phone.cell, index === 0 ? phone.stackFirst : phone.labelled)}
                data-label={index === 0 ? undefined : column.header}
              >
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
