import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { PersonDeleteRegular, PersonEditRegular } from '@fluentui/react-icons';
import { type DataColumn, DataTable, TEAM_ROLE_LABELS, TEAM_ROLES, type TeamMember, type TeamRole } from '@vigil/shared';

const useStyles = makeStyles({
  table: { minWidth: '560px' },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  inactive: { color: tokens.colorNeutralForeground3 },
});

type MemberRow = TeamMember & { id: string };

interface Props {
  members: TeamMember[] | undefined;
  myId: string | undefined;
  /** Whether the caller changes roles and removes members (the team's admins, superusers). */
  manage: boolean;
  onRole: (member: TeamMember, role: TeamRole) => void;
  onRemove: (member: TeamMember) => void;
}

export const memberName = (member: Pick<TeamMember, 'full_name' | 'email'>) => member.full_name || member.email || 'Unnamed user';
const joined = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A team's members: name, email (shown to its admins), role, since when; admins change a role or remove a member. */
export function MembersTable({ members, myId, manage, onRole, onRemove }: Props) {
  const styles = useStyles();
  const showEmail = members?.some((m) => m.email !== undefined) ?? false;
  const columns: DataColumn<MemberRow>[] = [
    {
      header: 'Name',
      cell: (member) => (
        <span className={styles.name}>
          <span className={member.is_active ? undefined : styles.inactive}>
            {memberName(member)}
            {member.is_active ? '' : ' (deactivated)'}
          </span>
          {member.user_id === myId && (
            <Badge appearance="tint" color="brand" size="small">
              You
            </Badge>
          )}
        </span>
      ),
      skeletonWidth: 160,
    },
    ...(showEmail ? [{ header: 'Email', cell: (member: MemberRow) => member.email ?? '', skeletonWidth: 200 }] : []),
    { header: 'Role', cell: (member) => TEAM_ROLE_LABELS[member.role], skeletonWidth: 80 },
    { header: 'Joined', cell: (member) => joined(member.joined_at), skeletonWidth: 90 },
  ];
  return (
    <DataTable
      label="Members"
      rows={members?.map((member) => ({ ...member, id: member.user_id }))}
      skeletonRows={3}
      columns={columns}
      className={styles.table}
      rowTestId="member-row"
      rowActions={(member) =>
        manage
          ? {
              label: `Actions for ${memberName(member)}`,
              actions: [
                ...TEAM_ROLES.filter((role) => role !== member.role).map((role) => ({
                  label: `Make ${TEAM_ROLE_LABELS[role].toLowerCase()}`,
                  icon: <PersonEditRegular />,
                  onClick: () => onRole(member, role),
                })),
                { label: 'Remove from team', icon: <PersonDeleteRegular />, danger: true, onClick: () => onRemove(member) },
              ],
            }
          : null
      }
    />
  );
}
