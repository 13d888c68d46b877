import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, HistoryRegular } from '@fluentui/react-icons';
import { EmptyState, errorText, PageHeader, useApiClient, useNotify } from '@vigil/shared';
import { useState } from 'react';
import { AuditEntryDialog } from './AuditEntryDialog';
import { AuditLogFilters } from './AuditLogFilters';
import { AuditLogTable } from './AuditLogTable';
import { type AuditEntry, type AuditFilters, downloadAuditLog, useAuditLog } from './auditLogQuery';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  paging: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

export const EXPORT_FAILED = 'The audit log could not be exported';

/**
 * /admin/audit-log: the audit log for superusers, newest first, a page at a time (the cursors of
 * the pages seen are kept, so Newer goes back), filtered, each entry's changes in a dialog, and
 * the filtered entries exported as JSON lines.
 */
export function AuditLogSection() {
  const styles = useStyles();
  const client = useApiClient();
  const notify = useNotify();
  const [filters, setFilters] = useState<AuditFilters>({});
  // The `before` of each page from the first (undefined) to the one shown.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [shown, setShown] = useState<{ entry: AuditEntry; open: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog({ filters, before: cursors.at(-1) });

  const apply = (next: AuditFilters) => {
    setFilters(next);
    setCursors([undefined]);
  };
  const exportLog = async () => {
    setExporting(true);
    try {
      await downloadAuditLog(client, filters);
    } catch (error) {
      notify.error(`${EXPORT_FAILED}: ${errorText(error)}`);
    } finally {
      setExporting(false);
    }
  };
  const nextBefore = log.data?.next_before;

  return (
    <div className={styles.root}>
      <PageHeader
        title="Audit log"
        description="Every change to users, settings, integrations, on-call and contact methods, and every refused sign-in."
        actions={
          <Button icon={<ArrowDownloadRegular />} onClick={exportLog} disabled={exporting}>
            Export
          </Button>
        }
      />
      <AuditLogFilters onApply={apply} />
      {log.isError && !log.data ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>The audit log could not be loaded</MessageBarTitle>
            {errorText(log.error)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => log.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : log.data?.data.length === 0 ? (
        <EmptyState icon={<HistoryRegular />} title="No entries" description="Nothing recorded matches these filters." />
      ) : (
        <AuditLogTable entries={log.data?.data} onShow={(entry) => setShown({ entry, open: true })} />
      )}
      {(cursors.length > 1 || nextBefore) && (
        <nav className={styles.paging} aria-label="Audit log pages">
          <Button disabled={cursors.length === 1 || log.isPlaceholderData} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <Button disabled={!nextBefore || log.isPlaceholderData} onClick={() => nextBefore && setCursors((c) => [...c, nextBefore])}>
            Older
          </Button>
        </nav>
      )}
      {shown && <AuditEntryDialog entry={shown.entry} open={shown.open} onClose={() => setShown({ ...shown, open: false })} />}
    </div>
  );
}
