import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular, ArrowClockwiseRegular } from '@fluentui/react-icons';
import {
  ALERTS_PAGE_SIZE,
  type AlertPublic,
  ConfirmDialog,
  EmptyState,
  errorText,
  PageHeader,
  Pagination,
  useAlerts,
  useDeleteAlert,
  useNotify,
  usePageParam,
  useStayWithinPages,
} from '@vigil/shared';
import { useState } from 'react';
import { AlertsTable } from '../components/AlertsTable';

// Spec §2 and §8, verbatim.
const EMPTY = "You don't have any alerts yet";
const DELETED = 'The alert was deleted successfully';
const DELETE_FAILED = 'An error occurred while deleting the alert';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  error: { marginBottom: tokens.spacingVerticalL },
});

/** The line under the heading: how many there are once known (and not zero). */
const summary = (count: number | undefined) =>
  count ? `${count === 1 ? '1 alert' : `${count} alerts`}, newest first.` : 'Alerts raised for you, newest first.';

/** /alerts?page=n — the signed-in user's alerts, 10 a page, newest first, with Delete. */
export default function AlertsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const { page, setPage } = usePageParam();
  const alerts = useAlerts(page);
  const deleteAlert = useDeleteAlert();
  // The dialog keeps showing its alert while it closes, so `toDelete` outlives `confirming`.
  const [toDelete, setToDelete] = useState<AlertPublic | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = alerts.data?.count;
  useStayWithinPages(page, alerts.isPlaceholderData ? undefined : count, ALERTS_PAGE_SIZE, setPage);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteAlert.mutate(toDelete.id, {
      onSuccess: () => notify.success(DELETED),
      onError: () => notify.error(DELETE_FAILED),
      onSettled: () => setConfirming(false),
    });
  };

  const askToDelete = (alert: AlertPublic) => {
    setToDelete(alert);
    setConfirming(true);
  };

  const failedFirstLoad = alerts.isError && !alerts.data;
  const empty = count === 0;

  return (
    <div className={styles.root}>
      <PageHeader
        title="Alerts"
        description={summary(count)}
        actions={
          <Button icon={<ArrowClockwiseRegular />} disabled={alerts.isFetching} onClick={() => alerts.refetch()}>
            Refresh
          </Button>
        }
      />

      {failedFirstLoad ? (
        <MessageBar intent="error" className={styles.error}>
          <MessageBarBody>
            <MessageBarTitle>Alerts could not be loaded</MessageBarTitle>
            {errorText(alerts.error)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => alerts.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : empty ? (
        <EmptyState title={EMPTY} icon={<AlertRegular />} description="When something needs your attention, its alert shows up here." />
      ) : (
        <>
          <AlertsTable alerts={alerts.data?.data} skeletonRows={ALERTS_PAGE_SIZE} onDelete={askToDelete} />
          {count !== undefined && (
            <Pagination page={page} pageSize={ALERTS_PAGE_SIZE} count={count} onPageChange={setPage} disabled={alerts.isPlaceholderData} />
          )}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title="Delete Alert"
        confirmLabel="Delete"
        destructive
        busy={deleteAlert.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        The alert <strong>{toDelete?.title}</strong> will be permanently deleted. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
