import { Badge, Body1Strong, Button, Caption1, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, StopRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  describeMaintenance,
  errorText,
  fieldErrors,
  type MaintenanceWindowPublic,
  MutationFormDialog,
  SmallTable,
  useCreateMaintenanceWindow,
  useDeleteMaintenanceWindow,
  useEndMaintenanceWindow,
  useIntegrationMaintenance,
  useNotify,
} from '@vigil/shared';
import { useState } from 'react';
import { MaintenanceForm } from './MaintenanceForm';
import { maintenanceBody, maintenanceRules, newMaintenanceValues } from './maintenanceValues';

export const MAINTENANCE_TEXTS = {
  explanation:
    'During a maintenance window, the alerts it matches are stored silenced: nobody is emailed, paged or posted to. A resolve still closes them. When it ends, those still open page as usual.',
  created: 'The maintenance window was created successfully',
  ended: 'The maintenance window was ended',
  deleted: 'The maintenance window was deleted successfully',
} as const;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  table: { minWidth: '520px' },
  detail: { display: 'block', color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const time = (iso: string) => new Date(iso).toLocaleString();

/** In progress (until when, and how many alerts it holds), next, or over. */
export function MaintenanceState({ window: w }: { window: MaintenanceWindowPublic }) {
  const styles = useStyles();
  if (w.active) {
    return (
      <>
        <Badge appearance="filled" color="warning">
          In progress
        </Badge>
        <Caption1 className={styles.detail}>
          Until {time(w.current_end ?? '')} · {w.silenced_alerts} silenced
        </Caption1>
      </>
    );
  }
  return w.next_start ? (
    <>
      <Badge appearance="tint" color="informative">
        Planned
      </Badge>
      <Caption1 className={styles.detail}>Next from {time(w.next_start)}</Caption1>
    </>
  ) : (
    <>
      <Badge appearance="tint" color="subtle">
        Over
      </Badge>
      {w.ended_at && <Caption1 className={styles.detail}>Ended early, {time(w.ended_at)}</Caption1>}
    </>
  );
}

/** Scope and matchers in words, to read beside the plan. */
const coverage = (w: MaintenanceWindowPublic) =>
  `${w.integration_id ? 'This integration' : 'Every integration of the team'}${
    w.matchers.length
      ? `, ${w.match_mode === 'all' ? 'alerts matching all of' : 'alerts matching any of'} ${w.matchers.length} condition${w.matchers.length === 1 ? '' : 's'}`
      : ''
  }`;

/**
 * An integration's maintenance windows (its own and its team's whole-team ones): each with where
 * it stands, End now while in progress, Delete; and Add (once or weekly, this integration or
 * the team, optional conditions).
 */
export function MaintenanceSection({ integrationId, teamId }: { integrationId: string; teamId: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const windows = useIntegrationMaintenance(integrationId);
  const create = useCreateMaintenanceWindow();
  const end = useEndMaintenanceWindow();
  const remove = useDeleteMaintenanceWindow();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<MaintenanceWindowPublic | null>(null);
  const busy = end.isPending || remove.isPending;

  const endNow = (w: MaintenanceWindowPublic) =>
    end.mutate(w.id, { onSuccess: () => notify.success(MAINTENANCE_TEXTS.ended), onError: notify.error });
  const confirmDelete = () =>
    toDelete &&
    remove.mutate(toDelete.id, {
      onSuccess: () => notify.success(MAINTENANCE_TEXTS.deleted),
      onError: notify.error,
      onSettled: () => setToDelete(null),
    });

  const rows = windows.data?.data ?? [];
  return (
    <section className={styles.section} aria-label="Maintenance">
      <div className={styles.head}>
        <Body1Strong as="h3">Maintenance</Body1Strong>
        <Button size="small" icon={<AddRegular />} onClick={() => setAdding(true)}>
          Add maintenance window
        </Button>
      </div>
      <Caption1>{MAINTENANCE_TEXTS.explanation}</Caption1>
      {windows.isLoading && <Spinner size="tiny" label="Loading the maintenance windows" />}
      {windows.isError && <Text role="alert">{errorText(windows.error)}</Text>}
      {rows.length > 0 && (
        <SmallTable
          className={styles.table}
          label="Maintenance windows"
          rows={rows}
          rowKey={(w) => w.id}
          columns={[
            {
              header: 'Window',
              cell: (w) => (
                <>
                  {w.name}
                  <Caption1 className={styles.detail}>{describeMaintenance(w)}</Caption1>
                  <Caption1 className={styles.detail}>{coverage(w)}</Caption1>
                </>
              ),
            },
            { header: 'Status', cell: (w) => <MaintenanceState window={w} /> },
            {
              header: 'Actions',
              cell: (w) => (
                <div className={styles.actions}>
                  {w.active && (
                    <Button size="small" icon={<StopRegular />} aria-label={`End ${w.name} now`} disabled={busy} onClick={() => endNow(w)}>
                      End now
                    </Button>
                  )}
                  <Button
                    size="small"
                    icon={<DeleteRegular />}
                    aria-label={`Delete ${w.name}`}
                    disabled={busy}
                    onClick={() => setToDelete(w)}
                  >
                    Delete
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
      <MutationFormDialog
        open={adding}
        title="Add maintenance window"
        description="Alerts it matches while it is in progress page nobody until it ends."
        initial={newMaintenanceValues()}
        rules={maintenanceRules}
        mutation={create}
        toVariables={(values) => maintenanceBody(values, integrationId, teamId)}
        successText={MAINTENANCE_TEXTS.created}
        placeErrors={(error) => placedErrors(fieldErrors(error))}
        onClose={() => setAdding(false)}
      >
        {(form) => <MaintenanceForm form={form} />}
      </MutationFormDialog>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete the maintenance window?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {`"${toDelete?.name ?? ''}" will be deleted. The alerts it silences that are still open page at once.`}
      </ConfirmDialog>
    </section>
  );
}

/** A refusal's items at the form's fields: a condition's at the conditions, the integration's at the scope. */
function placedErrors(errors: Record<string, string>): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.startsWith('matchers') ? 'matchers' : key === 'integration_id' || key === 'team_id' ? 'scope' : key;
    placed[field] ??= message;
  }
  return placed;
}
