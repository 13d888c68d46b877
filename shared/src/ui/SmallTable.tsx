import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import type { ReactNode } from 'react';

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
  /** Its minimum width, as a class (it scrolls sideways below it). */
  className?: string;
}

/** A small read-only table inside a dialog (an alert's history, its emails, a policy's contacts). */
export function SmallTable<T>({ label, rows, rowKey, columns, className }: Props<T>) {
  return (
    <Table className={className} aria-label={label} size="small">
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.header}>{column.header}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column) => (
              <TableCell key={column.header}>{column.cell(row)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
