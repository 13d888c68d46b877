import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, AlertUrgentRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  DataTable,
  type EscalationPolicyPublic,
  levelsSummary,
  repeatAndStopText,
  TeamFilter,
  targetsSummary,
  useCanManageTeamOf,
  useDeleteEscalationPolicy,
  useEscalationPolicies,
  useNotify,
  useSchedules,
  useTeamFilterParam,
  useUserNames,
} from '@vigil/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ListSection } from '../components/ListSection';
import { CreatePolicyDialog, EditPolicyDialog } from './PolicyDialogs';
import { PolicyReachability } from './PolicyReachability';

export const POLICIES_EMPTY = "You don't have any escalation policies yet";
export const POLICY_DELETED = 'The escalation policy was deleted successfully';
const inUseText = (n: number) =>
  `Used by ${n} integration${n === 1 ? '' : 's'}: give ${n === 1 ? 'it' : 'them'} another policy before deleting`;

const useStyles = makeStyles({
  table: { minWidth: '640px' },
  name: { fontWeight: tokens.fontWeightSemibold },
  levels: { display: 'flex', flexDirection: 'column' },
  targets: { color: tokens.colorNeutralForeground3 },
});

/**
 * Every escalation policy: its levels, repeat and how many integrations use it. At
 * /oncall/policies/:policyId (the link of an integration's details) that policy's row is marked,
 * above the list a warning names those it reaches who cannot be woken, and its editor (with
 * the same warning) opens for whoever may change it.
 */
export function PoliciesList() {
  const styles = useStyles();
  const notify = useNotify();
  const { teamId, setTeamId } = useTeamFilterParam();
  const policies = useEscalationPolicies({ teamId });
  const remove = useDeleteEscalationPolicy();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<EscalationPolicyPublic | null>(null);
  const [deleting, setDeleting] = useState<EscalationPolicyPublic | null>(null);
  const rows = policies.data?.data;
  const { nameOf } = useUserNames(rows?.flatMap((p) => p.levels.flatMap((l) => l.targets.user_ids)) ?? []);
  const schedules = useSchedules();
  const scheduleName = (id: string) => schedules.data?.data.find((s) => s.id === id)?.name ?? 'Unknown schedule';
  const canManage = useCanManageTeamOf();
  const canEdit = (p: EscalationPolicyPublic) => canManage(p.team_id);
  const { policyId } = useParams();
  const [linkOpened, setLinkOpened] = useState<string>();
  const linked = rows?.find((p) => p.id === policyId);
  const linkedEditable = linked ? canEdit(linked) : false;
  useEffect(() => {
    // Once per link: closing the editor, or a save refreshing the rows, does not open it again.
    if (!linked || !linkedEditable || linkOpened === linked.id) return;
    setLinkOpened(linked.id);
    setEditing(linked);
  }, [linked, linkedEditable, linkOpened]);

  const add = (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
      Add Escalation Policy
    </Button>
  );
  return (
    <>
      {linked && <PolicyReachability policyId={linked.id} />}
      <ListSection
        label="Escalation policies"
        query={{ isError: policies.isError, error: policies.error, rows }}
        empty={{
          title: POLICIES_EMPTY,
          description: 'A policy says who is reached, level after level, while an alert stays unacknowledged; integrations share it.',
          icon: <AlertUrgentRegular />,
        }}
        add={add}
        filter={<TeamFilter teamId={teamId} onChange={setTeamId} />}
      >
        <DataTable
          label="Escalation policies"
          className={styles.table}
          rows={rows}
          skeletonRows={3}
          rowTestId="policy-row"
          currentRowId={policyId}
          columns={[
            { header: 'Name', cellClassName: styles.name, cell: (p) => p.name, skeletonWidth: 140 },
            {
              header: 'Levels',
              cell: (p) => (
                <span className={styles.levels}>
                  {levelsSummary(p.levels)}
                  <Caption1 className={styles.targets}>
                    {p.levels.map((l, i) => `${i + 1}. ${targetsSummary(l, nameOf, scheduleName)}`).join(' · ')}
                  </Caption1>
                </span>
              ),
              skeletonWidth: 160,
            },
            { header: 'Repeat', cell: (p) => repeatAndStopText(p.repeat, p.max_level), skeletonWidth: 80 },
            { header: 'Integrations', cell: (p) => String(p.integration_count), skeletonWidth: 40 },
          ]}
          rowActions={(p) => ({
            label: `Actions for escalation policy ${p.name}`,
            actions: canEdit(p)
              ? [
                  { label: 'Edit escalation policy', icon: <EditRegular />, onClick: () => setEditing(p) },
                  {
                    label: p.integration_count > 0 ? inUseText(p.integration_count) : 'Delete escalation policy',
                    icon: <DeleteRegular />,
                    danger: true,
                    disabled: p.integration_count > 0,
                    onClick: () => setDeleting(p),
                  },
                ]
              : [{ label: "Only its team's admins or a superuser can change it", onClick: () => {}, disabled: true }],
          })}
        />
      </ListSection>
      <CreatePolicyDialog open={creating} teamId={teamId} onClose={() => setCreating(false)} />
      <EditPolicyDialog policy={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete escalation policy"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => notify.success(POLICY_DELETED),
            onError: (error) => notify.error(error),
            onSettled: () => setDeleting(null),
          })
        }
      >
        {`"${deleting?.name ?? ''}" will be permanently deleted.`}
      </ConfirmDialog>
    </>
  );
}
