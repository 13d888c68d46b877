import { Link, makeStyles } from '@fluentui/react-components';
import { DeleteRegular, OpenRegular } from '@fluentui/react-icons';
import { type DataColumn, DataTable } from './DataTable';
import { useListTableStyles } from './listTableStyles';
import { TruncatedId } from './TruncatedId';

const useStyles = makeStyles({
  titleLink: { textAlign: 'start', fontWeight: 'inherit' },
});

/** What every listed entity has: the ID, Title and Description columns. */
export interface TitledEntity {
  id: string;
  title: string;
  description?: string | null;
}

export type EntityColumn<T> = DataColumn<T>;

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
 * The console's list of titled entities (alerts, integrations) on the shared DataTable: ID,
 * Title (opens the details), Description, the caller's columns, Actions (View details, Delete).
 * On a phone a row is a card: the whole title and the menu, then the other columns, no ID.
 */
export function EntityTable<T extends TitledEntity>(props: EntityTableProps<T>) {
  const { noun, extraColumns = [], onOpen, onDelete, selection } = props;
  const list = useListTableStyles();
  const styles = useStyles();
  const columns: DataColumn<T>[] = [
    { header: 'ID', className: list.idCol, cell: (row) => <TruncatedId id={row.id} />, skeletonWidth: 72, card: 'hidden' },
    {
      header: 'Title',
      card: 'title',
      className: props.titleClassName,
      cellClassName: list.title,
      cell: (row) => (
        <Link as="button" className={styles.titleLink} onClick={() => onOpen(row)}>
          {row.title}
        </Link>
      ),
      skeletonWidth: props.skeletonWidths.title,
    },
    {
      header: 'Description',
      card: 'plain',
      cell: (row) =>
        row.description ? (
          <span className={list.clamp} title={row.description}>
            {row.description}
          </span>
        ) : (
          <span className={list.missing}>N/A</span>
        ),
      skeletonWidth: props.skeletonWidths.description,
    },
    ...extraColumns,
  ];
  return (
    <DataTable
      label={props.label}
      rows={props.rows}
      skeletonRows={props.skeletonRows}
      className={props.className}
      columns={columns}
      rowActions={(row) => ({
        label: `Actions for ${noun} ${row.title}`,
        actions: [
          { label: 'View details', icon: <OpenRegular />, onClick: () => onOpen(row) },
          { label: `Delete ${capitalised(noun)}`, icon: <DeleteRegular />, danger: true, onClick: () => onDelete(row) },
        ],
      })}
      selection={
        selection && {
          ...selection,
          rowLabel: (row) => `Select ${noun} ${row.title}`,
          allLabel: `Select all ${noun}s on this page`,
        }
      }
    />
  );
}
