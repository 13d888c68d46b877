import { makeStyles } from '@fluentui/react-components';
import { EntityTable, type IntegrationPublic } from '@vigil/shared';

const useStyles = makeStyles({
  table: { minWidth: '600px' },
  titleCol: { width: '32%' },
});

interface Props {
  /** Undefined while the first page loads: the table then shows skeleton rows. */
  integrations: IntegrationPublic[] | undefined;
  skeletonRows: number;
  onDelete: (integration: IntegrationPublic) => void;
  onOpen: (integration: IntegrationPublic) => void;
}

/** Spec §2's columns: ID, Title, Description, Actions. */
export function IntegrationsTable({ integrations, skeletonRows, onDelete, onOpen }: Props) {
  const styles = useStyles();
  return (
    <EntityTable
      label="Integrations"
      noun="integration"
      rows={integrations}
      skeletonRows={skeletonRows}
      className={styles.table}
      titleClassName={styles.titleCol}
      skeletonWidths={{ title: 140, description: 260 }}
      onOpen={onOpen}
      onDelete={onDelete}
    />
  );
}
