import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { AlertRegular, ArrowClockwiseRegular, FilterDismissRegular } from '@fluentui/react-icons';
import {
  ALERTS_PAGE_SIZE,
  type AlertBulkActionName,
  type AlertPublic,
  bulkOutcomeSummary,
  ConfirmDialog,
  EmptyState,
  errorText,
  hasAlertFilters,
  NO_ALERT_FILTERS,
  PageHeader,
  Pagination,
  TeamFilter,
  useAlertChanges,
  useAlerts,
  useBulkAlertAction,
  useDeleteAlert,
  useNotify,
  usePageParam,
  useStayWithinPages,
  useTeamFilterParam,
} from '@vigil/shared';
import { useEffect, useState } from 'react';
import { AddAlertDialog } from '../components/AddAlertDialog';
import { AlertDetailDialog } from '../components/AlertDetailDialog';
import { AlertFiltersBar } from '../components/AlertFiltersBar';
import { AlertsTable } from '../components/AlertsTable';
import { BulkActionsBar } from '../components/BulkActionsBar';
import { useAlertFilterParams, useOpenAlertParam } from '../hooks/useAlertFilterParams';

// Spec §2 and §8, verbatim.
const EMPTY = "You don't have any alerts yet";
const DELETED = 'The alert was deleted successfully';
const DELETE_FAILED = 'An error occurred while deleting the alert';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  error: { marginBottom: tokens.spacingVerticalL },
});

/** The line under the heading: how many there are once known (and not zero). */
const summary = (count: number | undefined, filtered: boolean) =>
  count
    ? `${count === 1 ? '1 alert' : `${count} alerts`}${filtered ? ' match' : ''}, newest first.`
    : 'Alerts raised for you, newest first.';

/**
 * /alerts?page=n&state=..&severity=..&q=..&alert=id — the signed-in user's alerts, 10 a page,
 * newest first: filters, search, bulk acknowledge/close, details with history, Delete; kept
 * current by the live change stream.
 */
export default function AlertsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const { page, setPage } = usePageParam();
  const { filters, setFilters } = useAlertFilterParams();
  const { openId, setOpenId } = useOpenAlertParam();
  const filtered = hasAlertFilters(filters);
  const { teamId, setTeamId } = useTeamFilterParam();
  const alerts = useAlerts({ page, filters, teamId });
  const deleteAlert = useDeleteAlert();
  const bulk = useBulkAlertAction();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  useAlertChanges();

  // A selection belongs to the rows on screen: another page or filter starts afresh.
  const listKey = `${page}|${filters.state}|${filters.severity}|${filters.q}|${teamId}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: listKey is the trigger
  useEffect(() => setSelected(new Set()), [listKey]);
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

  const runBulk = (action: AlertBulkActionName) => {
    const ids = [...selected];
    bulk.mutate(
      { action, ids },
      {
        onSuccess: (result) => {
          notify.success(bulkOutcomeSummary(action, result));
          setSelected(new Set());
        },
        onError: (error) => notify.error(error),
      },
    );
  };

  const failedFirstLoad = alerts.isError && !alerts.data;
  const empty = count === 0;

  return (
    <div className={styles.root}>
      <PageHeader
        title="Alerts"
        description={summary(count, filtered)}
        actions={
          <>
            <Button icon={<ArrowClockwiseRegular />} disabled={alerts.isFetching} onClick={() => alerts.refetch()}>
              Refresh
            </Button>
            <AddAlertDialog teamId={teamId} />
          </>
        }
      />
      <AlertFiltersBar filters={filters} onChange={setFilters}>
        <TeamFilter teamId={teamId} onChange={setTeamId} />
      </AlertFiltersBar>

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
      ) : empty && filtered ? (
        <EmptyState
          title="No alerts match these filters"
          icon={<FilterDismissRegular />}
          description="Try another state, severity or search, or clear the filters."
          action={<Button onClick={() => setFilters(NO_ALERT_FILTERS)}>Clear filters</Button>}
        />
      ) : empty ? (
        <EmptyState title={EMPTY} icon={<AlertRegular />} description="When something needs your attention, its alert shows up here." />
      ) : (
        <>
          <BulkActionsBar
            count={selected.size}
            busy={bulk.isPending ? bulk.variables?.action : undefined}
            onAction={runBulk}
            onClear={() => setSelected(new Set())}
          />
          <AlertsTable
            rows={alerts.data?.data}
            skeletonRows={ALERTS_PAGE_SIZE}
            onDelete={askToDelete}
            onOpen={(alert) => setOpenId(alert.id)}
            selected={selected}
            onSelectedChange={setSelected}
          />
          {count !== undefined && (
            <Pagination page={page} pageSize={ALERTS_PAGE_SIZE} count={count} onPageChange={setPage} disabled={alerts.isPlaceholderData} />
          )}
        </>
      )}

      <AlertDetailDialog id={openId} onClose={() => setOpenId(undefined)} />

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
