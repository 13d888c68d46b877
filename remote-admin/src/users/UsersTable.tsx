import { Badge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { type DataColumn, DataTable, PHONE, USERS_PAGE_SIZE, type UserPublic } from '@vigil/shared';

const useStyles = makeStyles({
  // Phones get one stacked card per user instead of a table that hides its Actions off-screen.
  card: {
    [PHONE]: {
      display: 'grid',
      gridTemplateColumns: 'auto 1fr auto',
      gridTemplateAreas: '"name name actions" "email email actions" "role status status"',
      columnGap: tokens.spacingHorizontalM,
      paddingBlock: tokens.spacingVerticalS,
      paddingInline: tokens.spacingHorizontalXS,
    },
  },
  // Column widths (flex layout: header and body cells share them), and each one's place on a card.
  nameCol: { flex: '3 1 0', [PHONE]: { gridArea: 'name', minHeight: '28px', fontWeight: tokens.fontWeightSemibold } },
  emailCol: { flex: '3.5 1 0', [PHONE]: { gridArea: 'email', minHeight: '24px', color: tokens.colorNeutralForeground2 } },
  roleCol: { flex: '1.5 1 0', [PHONE]: { gridArea: 'role', minHeight: '28px' } },
  statusCol: { flex: '1.5 1 0', [PHONE]: { gridArea: 'status', minHeight: '28px' } },
  actionsCol: { [PHONE]: { gridArea: 'actions', alignSelf: 'start', flexBasis: 'auto' } },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  missing: { color: tokens.colorNeutralForeground4, fontStyle: 'italic', fontWeight: tokens.fontWeightRegular },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dot: { width: '8px', height: '8px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  activeDot: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  inactiveDot: { backgroundColor: tokens.colorNeutralForeground4 },
  inactiveText: { color: tokens.colorNeutralForeground3 },
});

interface Props {
  /** Undefined while the first page loads: the table then shows a skeleton of 5 rows (docs/product.md §2.8). */
  users: UserPublic[] | undefined;
  currentUserId: string | undefined;
  onEdit: (user: UserPublic) => void;
  onDelete: (user: UserPublic) => void;
}

/** docs/product.md §2.8's columns (Full name, Email, Role, Status, Actions) on the shared DataTable. */
export function UsersTable({ users, currentUserId, onEdit, onDelete }: Props) {
  const styles = useStyles();
  const columns: DataColumn<UserPublic>[] = [
    {
      header: 'Full name',
      className: styles.nameCol,
      cell: (user) => (
        <span className={styles.name}>
          <span className={mergeClasses(styles.ellipsis, !user.full_name && styles.missing)}>{user.full_name || 'N/A'}</span>
          {user.id === currentUserId && (
            <Badge appearance="tint" color="brand" size="small">
              You
            </Badge>
          )}
        </span>
      ),
      skeletonWidth: 160,
    },
    {
      header: 'Email',
      className: styles.emailCol,
      cell: (user) => (
        <span className={styles.ellipsis} title={user.email}>
          {user.email}
        </span>
      ),
      skeletonWidth: 200,
    },
    { header: 'Role', className: styles.roleCol, cell: (user) => (user.is_superuser ? 'Superuser' : 'User'), skeletonWidth: 72 },
    {
      header: 'Status',
      className: styles.statusCol,
      cell: (user) => (
        <span className={mergeClasses(styles.status, !user.is_active && styles.inactiveText)}>
          <span aria-hidden="true" className={mergeClasses(styles.dot, user.is_active ? styles.activeDot : styles.inactiveDot)} />
          {user.is_active ? 'Active' : 'Inactive'}
        </span>
      ),
      skeletonWidth: 72,
    },
  ];
  return (
    <DataTable
      label="Users"
      rows={users}
      // Spec §2: while loading, a skeleton of 5 rows (one page).
      skeletonRows={USERS_PAGE_SIZE}
      columns={columns}
      layout={{ kind: 'cards', cardClassName: styles.card, actionsClassName: styles.actionsCol }}
      rowTestId="user-row"
      skeletonTestId="user-row-skeleton"
      rowActions={(user) => {
        // Nobody edits or deletes themselves here (their own settings page is for that).
        const isMe = user.id === currentUserId;
        return {
          label: `Actions for ${user.email}`,
          actions: [
            { label: 'Edit User', icon: <EditRegular />, disabled: isMe, onClick: () => onEdit(user) },
            { label: 'Delete User', icon: <DeleteRegular />, disabled: isMe, danger: true, onClick: () => onDelete(user) },
          ],
        };
      }}
    />
  );
}
