import {
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
import { type IntegrationPublic, RowActionsMenu, SkeletonRows, TruncatedId, useListTableStyles } from '@vigil/shared';

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
  onOpen: (integration: IntegrationPublic) => void;
}

export function IntegrationsTable({ integrations, skeletonRows, onDelete, onOpen }: Props) {
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
          {integrations ? (
            integrations.map((integration) => (
              <TableRow key={integration.id}>
                <TableCell className={list.cell}>
                  <TruncatedId id={integration.id} />
                </TableCell>
                <TableCell className={mergeClasses(list.cell, list.title)}>
                  <Link as="button" style={{ textAlign: 'start', fontWeight: 'inherit' }} onClick={() => onOpen(integration)}>
                    {integration.title}
                  </Link>
                </TableCell>
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
                      { label: 'View details', icon: <OpenRegular />, onClick: () => onOpen(integration) },
                      { label: 'Delete Integration', icon: <DeleteRegular />, danger: true, onClick: () => onDelete(integration) },
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
