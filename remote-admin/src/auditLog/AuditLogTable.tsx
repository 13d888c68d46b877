import { makeStyles } from '@fluentui/react-components';
import { DocumentSearchRegular } from '@fluentui/react-icons';
import { type DataColumn, DataTable } from '@vigil/shared';
import { AUDIT_PAGE_SIZE, type AuditEntry } from './auditLogQuery';

const useStyles = makeStyles({
  when: { flex: '2 1 0' },
  actor: { flex: '2.5 1 0' },
  action: { flex: '2.5 1 0' },
  target: { flex: '2.5 1 0' },
  address: { flex: '1.5 1 0' },
  // A block: an inline span would not clip.
  ellipsis: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
});

/** The audit log's page: when, who, what, on what, from where; an entry's changes from its actions. */
export function AuditLogTable({ entries, onShow }: { entries: AuditEntry[] | undefined; onShow: (entry: AuditEntry) => void }) {
  const styles = useStyles();
  const text = (value: string) => (
    <span className={styles.ellipsis} title={value}>
      {value}
    </span>
  );
  const columns: DataColumn<AuditEntry>[] = [
    { header: 'When', className: styles.when, cell: (e) => text(new Date(e.at).toLocaleString()), skeletonWidth: 140 },
    { header: 'Actor', className: styles.actor, cell: (e) => text(e.actor_label ?? 'anonymous'), skeletonWidth: 160 },
    { header: 'Action', className: styles.action, cell: (e) => text(e.action), skeletonWidth: 140 },
    {
      header: 'Target',
      className: styles.target,
      cell: (e) => text(e.target_id ? `${e.target_type} ${e.target_id}` : e.target_type),
      skeletonWidth: 160,
    },
    { header: 'Address', className: styles.address, cell: (e) => text(e.address ?? '—'), skeletonWidth: 90 },
  ];
  return (
    <DataTable
      label="Audit log"
      rows={entries}
      skeletonRows={Math.min(AUDIT_PAGE_SIZE, 5)}
      columns={columns}
      rowTestId="audit-row"
      rowActions={(entry) => ({
        label: `Actions for entry ${entry.id}`,
        actions: [{ label: 'Show changes', icon: <DocumentSearchRegular />, onClick: () => onShow(entry) }],
      })}
    />
  );
}
