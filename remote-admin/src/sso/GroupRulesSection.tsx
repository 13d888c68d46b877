import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  errorText,
  PageHeader,
  type SsoGroupRule,
  TEAM_ROLE_LABELS,
  useDeleteSsoGroupRule,
  useNotify,
  useSsoGroupRules,
} from '@vigil/shared';
import { useState } from 'react';
import { GroupRuleDialog } from './GroupRuleDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  table: { minWidth: '480px' },
});

/** /admin/sso (superusers): which single sign-on group gives which team membership (docs/api/single-sign-on.md). */
export function GroupRulesSection() {
  const styles = useStyles();
  const rules = useSsoGroupRules();
  const remove = useDeleteSsoGroupRule();
  const notify = useNotify();
  const [adding, setAdding] = useState(0);
  const [deleting, setDeleting] = useState<SsoGroupRule | null>(null);

  const confirmDelete = async (rule: SsoGroupRule) => {
    try {
      await remove.mutateAsync(rule.id);
      notify.success('Group rule deleted.');
    } catch (error) {
      notify.error(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className={styles.root}>
      <PageHeader
        title="Single sign-on groups"
        description="A group at the identity provider gives a team membership: people join, change role or leave at their next sign-in."
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding((n) => n + 1)}>
            Add group rule
          </Button>
        }
      />
      {rules.isError && !rules.data ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errorText(rules.error)}</MessageBarBody>
        </MessageBar>
      ) : rules.data?.count === 0 ? (
        <EmptyState
          icon={<PeopleTeamRegular />}
          title="No group rules yet"
          description="Without rules, single sign-on signs people in and teams are joined by invitation."
        />
      ) : (
        <DataTable
          label="Group rules"
          rows={rules.data?.data}
          skeletonRows={3}
          className={styles.table}
          rowTestId="group-rule-row"
          columns={[
            { header: 'Group', cell: (rule) => rule.group_name, skeletonWidth: 140 },
            { header: 'Team', cell: (rule) => rule.team_name, skeletonWidth: 140 },
            { header: 'Role', cell: (rule) => TEAM_ROLE_LABELS[rule.role], skeletonWidth: 80 },
          ]}
          rowActions={(rule) => ({
            label: `Actions for the rule of ${rule.group_name}`,
            actions: [{ label: 'Delete rule', icon: <DeleteRegular />, danger: true, onClick: () => setDeleting(rule) }],
          })}
        />
      )}
      {adding > 0 && <GroupRuleDialog key={adding} open onClose={() => setAdding(0)} />}
      {deleting && (
        <ConfirmDialog
          open
          title="Delete group rule"
          confirmLabel="Delete"
          destructive
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          Members of {deleting.group_name} leave {deleting.team_name} at their next sign-in, unless another rule or an admin keeps them
          there.
        </ConfirmDialog>
      )}
    </div>
  );
}
