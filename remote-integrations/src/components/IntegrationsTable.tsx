import { makeStyles } from '@fluentui/react-components';
import { EntityTable, type EntityTableProps, type IntegrationPublic } from '@vigil/shared';

const useStyles = makeStyles({
  table: { minWidth: '600px' },
  titleCol: { width: '32%' },
});

type Props = Pick<EntityTableProps<IntegrationPublic>, 'rows' | 'skeletonRows' | 'onOpen' | 'onDelete'>;

/** Spec §2's columns: ID, Title, Description, Actions. */
export function IntegrationsTable(props: Props) {
  const styles = useStyles();
  return (
    <EntityTable
      {...props}
      label="Integrations"
      noun="integration"
      className={styles.table}
      titleClassName={styles.titleCol}
      skeletonWidths={{ title: 140, description: 260 }}
    />
  );
}
