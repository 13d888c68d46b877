import { Skeleton, SkeletonItem, TableCell, TableRow } from '@fluentui/react-components';

interface Props {
  /** How many placeholder rows (the page size). */
  rows: number;
  /** One placeholder width (px) per column; the last column is the row's actions. */
  widths: number[];
  rowClassName?: string;
  actionsClassName?: string;
}

/** Placeholder rows of a list table while its page loads, shaped like the real columns. */
export function SkeletonRows({ rows, widths, rowClassName, actionsClassName }: Props) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
    <TableRow key={row} className={rowClassName} aria-hidden="true">
      {widths.map((width, column) => {
        const isActions = column === widths.length - 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder columns
          <TableCell key={column} className={isActions ? actionsClassName : undefined}>
            <Skeleton>
              <SkeletonItem style={{ width, maxWidth: '100%', marginInlineStart: isActions ? 'auto' : undefined }} />
            </Skeleton>
          </TableCell>
        );
      })}
    </TableRow>
  ));
}
