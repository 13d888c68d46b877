import { Body1Strong, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { type DataColumn, DataTable, errorText, TEAM_ROLE_LABELS, type TeamInvite, useTeamInvites } from '@vigil/shared';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  table: { minWidth: '480px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export const NO_INVITES = 'No pending invitations.';
const expires = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A team's pending invitations (its admins see them): address, role, until when; Revoke. */
export function InvitesSection({ teamId, onRevoke }: { teamId: string; onRevoke: (invite: TeamInvite) => void }) {
  const styles = useStyles();
  const invites = useTeamInvites(teamId);
  const rows = invites.data?.data;
  const columns: DataColumn<TeamInvite>[] = [
    { header: 'Email', cell: (invite) => invite.email, skeletonWidth: 200 },
    { header: 'Role', cell: (invite) => TEAM_ROLE_LABELS[invite.role], skeletonWidth: 80 },
    { header: 'Expires', cell: (invite) => expires(invite.expires_at), skeletonWidth: 140 },
  ];
  return (
    <section className={styles.root} aria-label="Pending invitations">
      <Body1Strong as="h2">Pending invitations</Body1Strong>
      {invites.isError ? (
        <Text className={styles.muted}>{errorText(invites.error)}</Text>
      ) : rows?.length === 0 ? (
        <Text className={styles.muted}>{NO_INVITES}</Text>
      ) : (
        <DataTable
          label="Pending invitations"
          rows={rows}
          skeletonRows={1}
          columns={columns}
          className={styles.table}
          rowTestId="invite-row"
          rowActions={(invite) => ({
            label: `Actions for the invitation of ${invite.email}`,
            actions: [{ label: 'Revoke invitation', icon: <DeleteRegular />, danger: true, onClick: () => onRevoke(invite) }],
          })}
        />
      )}
    </section>
  );
}
