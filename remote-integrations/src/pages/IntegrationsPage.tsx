import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, PlugConnectedRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  EmptyState,
  errorText,
  INTEGRATIONS_PAGE_SIZE,
  type IntegrationPublic,
  type IntegrationWithIngest,
  PageHeader,
  Pagination,
  TeamFilter,
  useDeleteIntegration,
  useIntegrations,
  useNotify,
  usePageParam,
  useStayWithinPages,
  useTeamFilterParam,
} from '@vigil/shared';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AddIntegrationDialog } from '../components/AddIntegrationDialog';
import { IntegrationDetailDialog } from '../components/IntegrationDetailDialog';
import { IntegrationsTable } from '../components/IntegrationsTable';

// Spec §2 and §8, verbatim.
const EMPTY = "You don't have any integrations yet";
const DELETED = 'The Integration was deleted successfully';
const DELETE_FAILED = 'An error occurred while deleting the Integration';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  error: { marginBottom: tokens.spacingVerticalL },
  // Empty when there is nothing to narrow (TeamFilter hides itself).
  filters: { display: 'flex', marginBottom: tokens.spacingVerticalM, ':empty': { display: 'none' } },
});

/** The line under the heading: how many there are once known (and not zero). */
const summary = (count: number | undefined) =>
  count ? `${count === 1 ? '1 integration' : `${count} integrations`}, newest first.` : 'The sources that send you alerts, newest first.';

/** /integrations?page=n — the signed-in user's integrations, 5 a page, newest first, with Delete. */
export default function IntegrationsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const { page, setPage } = usePageParam();
  const { teamId, setTeamId } = useTeamFilterParam();
  const integrations = useIntegrations({ page, teamId });
  const deleteIntegration = useDeleteIntegration();
  // The dialog keeps showing its integration while it closes, so `toDelete` outlives `confirming`.
  const [toDelete, setToDelete] = useState<IntegrationPublic | null>(null);
  const [confirming, setConfirming] = useState(false);
  const count = integrations.data?.count;
  // `?integration=<id>`: the integration whose details are open; `created` keeps the create answer (its ingest URL is shown once).
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('integration') ?? undefined;
  const [created, setCreated] = useState<IntegrationWithIngest>();
  const setOpenId = useCallback(
    (id: string | undefined) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('integration', id);
        else next.delete('integration');
        return next;
      }),
    [setSearchParams],
  );
  const closeDetails = () => {
    setOpenId(undefined);
    setCreated(undefined);
  };
  useStayWithinPages(page, integrations.isPlaceholderData ? undefined : count, INTEGRATIONS_PAGE_SIZE, setPage);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteIntegration.mutate(toDelete.id, {
      onSuccess: () => notify.success(DELETED),
      onError: () => notify.error(DELETE_FAILED),
      onSettled: () => setConfirming(false),
    });
  };

  const askToDelete = (integration: IntegrationPublic) => {
    setToDelete(integration);
    setConfirming(true);
  };

  const failedFirstLoad = integrations.isError && !integrations.data;
  const empty = count === 0;

  return (
    <div className={styles.root}>
      <PageHeader
        title="Integrations"
        description={summary(count)}
        actions={
          <>
            <Button icon={<ArrowClockwiseRegular />} disabled={integrations.isFetching} onClick={() => integrations.refetch()}>
              Refresh
            </Button>
            <AddIntegrationDialog
              teamId={teamId}
              onCreated={(integration) => {
                setCreated(integration);
                setOpenId(integration.id);
              }}
            />
          </>
        }
      />

      <div className={styles.filters}>
        <TeamFilter teamId={teamId} onChange={setTeamId} />
      </div>

      {failedFirstLoad ? (
        <MessageBar intent="error" className={styles.error}>
          <MessageBarBody>
            <MessageBarTitle>Integrations could not be loaded</MessageBarTitle>
            {errorText(integrations.error)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => integrations.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : empty ? (
        <EmptyState
          title={EMPTY}
          icon={<PlugConnectedRegular />}
          description="Integrations connect the systems you monitor to Vigil. Once you add one, it shows up here."
        />
      ) : (
        <>
          <IntegrationsTable
            rows={integrations.data?.data}
            skeletonRows={INTEGRATIONS_PAGE_SIZE}
            onDelete={askToDelete}
            onOpen={(integration) => setOpenId(integration.id)}
          />
          {count !== undefined && (
            <Pagination
              page={page}
              pageSize={INTEGRATIONS_PAGE_SIZE}
              count={count}
              onPageChange={setPage}
              disabled={integrations.isPlaceholderData}
            />
          )}
        </>
      )}

      <IntegrationDetailDialog id={openId} created={created} onClose={closeDetails} />

      <ConfirmDialog
        open={confirming}
        title="Delete Integration"
        confirmLabel="Delete"
        destructive
        busy={deleteIntegration.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        The integration <strong>{toDelete?.title}</strong> will be permanently deleted. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
