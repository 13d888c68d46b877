import { makeStyles, tokens } from '@fluentui/react-components';
import { DetailDialog, SmallTable } from '@vigil/shared';
import { auditDiff } from './auditDiff';
import type { AuditEntry } from './auditLogQuery';

const useStyles = makeStyles({
  changed: { fontWeight: tokens.fontWeightSemibold },
  value: { overflowWrap: 'anywhere' },
});

/** One entry: who, when, from where, and its record's fields before and after, changed ones first. */
export function AuditEntryDialog({ entry, open, onClose }: { entry: AuditEntry; open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const changes = auditDiff(entry.before, entry.after);
  return (
    <DetailDialog
      open={open}
      label="Audit entry"
      title={entry.action}
      loading={false}
      loadingLabel=""
      fieldsLabel="Entry"
      fields={[
        { term: 'When', value: new Date(entry.at).toLocaleString() },
        { term: 'Actor', value: entry.actor_label ?? 'anonymous' },
        { term: 'Address', value: entry.address ?? '—' },
        { term: 'Target', value: entry.target_id ? `${entry.target_type} ${entry.target_id}` : entry.target_type },
      ]}
      onClose={onClose}
    >
      {changes.length === 0 ? (
        <p>No recorded fields.</p>
      ) : (
        <SmallTable
          label="Changes"
          rows={changes}
          rowKey={(row) => row.field}
          columns={[
            { header: 'Field', cell: (row) => <span className={row.changed ? styles.changed : undefined}>{row.field}</span> },
            { header: 'Before', cell: (row) => <span className={styles.value}>{row.before}</span> },
            { header: 'After', cell: (row) => <span className={styles.value}>{row.after}</span> },
          ]}
        />
      )}
    </DetailDialog>
  );
}
