import { Body1Strong, Button, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowExitRegular, DeleteRegular, EditRegular, PersonAddRegular } from '@fluentui/react-icons';
import {
  errorText,
  PageHeader,
  TEAM_ROLE_LABELS,
  type TeamInvite,
  type TeamInviteCreated,
  type TeamMember,
  type TeamRole,
  useChangeTeamRole,
  useCurrentUser,
  useDeleteTeam,
  useNotify,
  useRemoveTeamMember,
  useRevokeTeamInvite,
  useTeam,
} from '@vigil/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { RouteLink } from '../components/RouteLink';
import { EditTeamDialog } from '../list/TeamDialogs';
import { ActionDialog } from './ActionDialog';
import { ChatChannelsSection } from './ChatChannelsSection';
import { InviteDialog, InviteLinkPanel } from './InviteDialogs';
import { InvitesSection } from './InvitesSection';
import { MembersTable, memberName } from './MembersTable';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** Which dialog is open. */
type Dialog =
  | { kind: 'none' }
  | { kind: 'rename' }
  | { kind: 'invite' }
  | { kind: 'delete' }
  | { kind: 'leave' }
  | { kind: 'remove'; member: TeamMember }
  | { kind: 'revoke'; invite: TeamInvite };

/** /teams/:teamId: the team's members and roles, and its chat channels; its admins change them, invite, rename and delete; every member may leave. */
export function TeamPage() {
  const styles = useStyles();
  const { teamId = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const team = useTeam(teamId);
  const me = useCurrentUser();
  const changeRole = useChangeTeamRole();
  const removeMember = useRemoveTeamMember();
  const deleteTeam = useDeleteTeam();
  const revoke = useRevokeTeamInvite();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [inviteLink, setInviteLink] = useState<TeamInviteCreated | null>(null);
  const open = (next: Dialog) => {
    // Each confirmation starts without the last one's refusal.
    removeMember.reset();
    deleteTeam.reset();
    revoke.reset();
    setDialog(next);
  };
  const close = () => setDialog({ kind: 'none' });

  const back = <RouteLink to="/teams">All teams</RouteLink>;
  if (team.isError && !team.data) {
    return (
      <div className={styles.root}>
        {back}
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>This team could not be loaded</MessageBarTitle>
            {errorText(team.error)}
          </MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  const data = team.data;
  const myId = me.data?.id;
  const manage = Boolean(data && (me.data?.is_superuser || data.my_role === 'admin'));
  const member = Boolean(data?.my_role);

  const setRole = (target: TeamMember, role: TeamRole) =>
    changeRole.mutate(
      { teamId, userId: target.user_id, role },
      {
        onSuccess: () => notify.success(`${memberName(target)} is now ${TEAM_ROLE_LABELS[role].toLowerCase()}.`),
        onError: (error) => notify.error(error),
      },
    );
  const remove = (userId: string, done: () => void) => removeMember.mutate({ teamId, userId }, { onSuccess: done });

  return (
    <div className={styles.root}>
      {back}
      <PageHeader
        title={data?.name ?? 'Team'}
        description={
          data ? (data.description ?? (data.my_role ? `Your role: ${TEAM_ROLE_LABELS[data.my_role]}.` : 'You are not a member.')) : ' '
        }
        actions={
          data && (
            <div className={styles.actions}>
              {manage && (
                <>
                  <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => open({ kind: 'invite' })}>
                    Invite member
                  </Button>
                  <Button icon={<EditRegular />} onClick={() => open({ kind: 'rename' })}>
                    Rename team
                  </Button>
                  <Button icon={<DeleteRegular />} onClick={() => open({ kind: 'delete' })}>
                    Delete team
                  </Button>
                </>
              )}
              {member && (
                <Button icon={<ArrowExitRegular />} onClick={() => open({ kind: 'leave' })}>
                  Leave team
                </Button>
              )}
            </div>
          )
        }
      />

      {inviteLink && <InviteLinkPanel invite={inviteLink} onClose={() => setInviteLink(null)} />}

      <section className={styles.section} aria-label="Members">
        <Body1Strong as="h2">Members</Body1Strong>
        <MembersTable
          members={data?.members}
          myId={myId}
          manage={manage}
          onRole={setRole}
          onRemove={(target) => open({ kind: 'remove', member: target })}
        />
      </section>

      {manage && <InvitesSection teamId={teamId} onRevoke={(invite) => open({ kind: 'revoke', invite })} />}

      {data && <ChatChannelsSection teamId={teamId} manage={manage} />}

      {data && <EditTeamDialog team={data} open={dialog.kind === 'rename'} onClose={close} />}
      <InviteDialog
        teamId={teamId}
        open={dialog.kind === 'invite'}
        onClose={close}
        onSaved={(invite) => {
          close();
          setInviteLink(invite);
        }}
      />

      <ActionDialog
        open={dialog.kind === 'leave'}
        title="Leave team"
        confirmLabel="Leave"
        destructive
        busy={removeMember.isPending}
        error={dialog.kind === 'leave' ? removeMember.error : null}
        onConfirm={() =>
          myId &&
          remove(myId, () => {
            notify.success(`You left ${data?.name ?? 'the team'}.`);
            navigate('/teams');
          })
        }
        onCancel={close}
      >
        You will no longer see {data?.name}'s integrations, schedules, policies and alerts. An admin can invite you again.
      </ActionDialog>
      <ActionDialog
        open={dialog.kind === 'remove'}
        title="Remove member"
        confirmLabel="Remove"
        destructive
        busy={removeMember.isPending}
        error={dialog.kind === 'remove' ? removeMember.error : null}
        onConfirm={() =>
          dialog.kind === 'remove' &&
          remove(dialog.member.user_id, () => {
            notify.success(`${memberName(dialog.member)} was removed from the team.`);
            close();
          })
        }
        onCancel={close}
      >
        {dialog.kind === 'remove' ? memberName(dialog.member) : ''} will no longer be a member of {data?.name}.
      </ActionDialog>
      <ActionDialog
        open={dialog.kind === 'delete'}
        title="Delete team"
        confirmLabel="Delete"
        destructive
        busy={deleteTeam.isPending}
        error={deleteTeam.error}
        onConfirm={() =>
          deleteTeam.mutate(teamId, {
            onSuccess: () => {
              notify.success('The team was deleted.');
              navigate('/teams');
            },
          })
        }
        onCancel={close}
      >
        {data?.name} will be deleted with its alerts, members and invitations. A team that still owns integrations, escalation policies or
        schedules cannot be deleted. This cannot be undone.
      </ActionDialog>
      <ActionDialog
        open={dialog.kind === 'revoke'}
        title="Revoke invitation"
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        error={revoke.error}
        onConfirm={() =>
          dialog.kind === 'revoke' &&
          revoke.mutate(
            { teamId, inviteId: dialog.invite.id },
            {
              onSuccess: () => {
                notify.success('Invitation revoked.');
                close();
              },
            },
          )
        }
        onCancel={close}
      >
        The link sent to {dialog.kind === 'revoke' ? dialog.invite.email : ''} will stop working.
      </ActionDialog>
    </div>
  );
}
