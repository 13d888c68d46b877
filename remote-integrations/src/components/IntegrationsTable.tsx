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
import { type IntegrationPublic, RowActionsMenu, TruncatedId, useListTableStyles } from '@vigil/shared';

const useStyles = makeStyles({
  table: { minWidth: '600px' },
  titleCol: { width: '32%' },
});

const SKELETON_WIDTHS = [72, 140, 260, 28];

interface Props {
  /** Undefined while the first page loads: the table then shows skeleton rows. */
  integrations: IntegrationPublic[] | undefined;
  skeletonRows: number;
  onDelete: (integration: IntegrationPublic) => void;
}

export function IntegrationsTable({ integrations, skeletonRows, onDelete }: Props) {
  const list = useListTableStyles();
  const styles = useStyles();
  const actionsBody = mergeClasses(list.cell, list.actionsCol, list.actionsBody);
  return (
    <div className={list.scroller}>
      <Table className={styles.table} aria-label="Integrations" aria-busy={!integrations}>
        <TableHeader className={list.head}>
          <TableRow>
            <TableHeaderCell className={mergeClasses(list.headCell, list.idCol)}>ID</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(list.headCell, styles.titleCol)}>Title</TableHeaderCell>
            <TableHeaderCell className={list.headCell}>Description</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(list.headCell, list.actionsCol, list.actionsHead)}>Actions</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {integrations
            ? integrations.map((integration) => (
                <TableRow key={integration.id}>
                  <TableCell className={list.cell}>
                    <TruncatedId id={integration.id} />
                  </TableCell>
                  <TableCell className={mergeClasses(list.cell, list.title)}>{integration.title}</TableCell>
                  <TableCell className={list.cell}>
                    {integration.description ? (
                      <span className={list.clamp} title={integration.description}>
                        {integration.description}
                      </span>
                    ) : (
                      <span className={list.missing}>N/A</span>
                    )}
                  </TableCell>
                  <TableCell className={actionsBody}>
                    <RowActionsMenu
                      label={`Actions for integration ${integration.title}`}
                      actions={[
                        { label: 'Delete Integration', icon: <DeleteRegular />, danger: true, onClick: () => onDelete(integration) },
                      ]}
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
