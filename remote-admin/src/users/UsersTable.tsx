import {
  Badge,
  makeStyles,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { RowActionsMenu, USERS_PAGE_SIZE, type UserPublic } from '@vigil/shared';

/** Phones get one stacked card per user instead of a table that hides its Actions off-screen. */
const PHONE = '@media (max-width: 640px)';

const useStyles = makeStyles({
  frame: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  head: { backgroundColor: tokens.colorNeutralBackground2, [PHONE]: { display: 'none' } },
  headCell: { fontWeight: tokens.fontWeightSemibold },
  row: {
    [PHONE]: {
      display: 'grid',
      gridTemplateColumns: 'auto 1fr auto',
      gridTemplateAreas: '"name name actions" "email email actions" "role status status"',
      columnGap: tokens.spacingHorizontalM,
      paddingBlock: tokens.spacingVerticalS,
      paddingInline: tokens.spacingHorizontalXS,
    },
  },
  // Column widths (flex layout: header and body cells share them).
  nameCol: { flex: '3 1 0' },
  emailCol: { flex: '3.5 1 0' },
  roleCol: { flex: '1.5 1 0' },
  statusCol: { flex: '1.5 1 0' },
  actionsCol: { flex: '0 0 72px', justifyContent: 'flex-end' },
  phoneName: { [PHONE]: { gridArea: 'name', minHeight: '28px', fontWeight: tokens.fontWeightSemibold } },
  phoneEmail: { [PHONE]: { gridArea: 'email', minHeight: '24px', color: tokens.colorNeutralForeground2 } },
  phoneRole: { [PHONE]: { gridArea: 'role', minHeight: '28px' } },
  phoneStatus: { [PHONE]: { gridArea: 'status', minHeight: '28px' } },
  phoneActions: { [PHONE]: { gridArea: 'actions', alignSelf: 'start', flexBasis: 'auto' } },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  missing: { color: tokens.colorNeutralForeground4, fontStyle: 'italic', fontWeight: tokens.fontWeightRegular },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dot: { width: '8px', height: '8px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  activeDot: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  inactiveDot: { backgroundColor: tokens.colorNeutralForeground4 },
  inactiveText: { color: tokens.colorNeutralForeground3 },
  skeletonBar: { width: '100%', [PHONE]: { width: '160px' } },
  skeletonShort: { width: '100%', [PHONE]: { width: '72px' } },
  skeletonAction: { width: '24px', marginLeft: 'auto' },
});

const COLUMNS = [
  { key: 'full_name', label: 'Full name', className: 'nameCol', phone: 'phoneName' },
  { key: 'email', label: 'Email', className: 'emailCol', phone: 'phoneEmail' },
  { key: 'role', label: 'Role', className: 'roleCol', phone: 'phoneRole' },
  { key: 'status', label: 'Status', className: 'statusCol', phone: 'phoneStatus' },
  { key: 'actions', label: 'Actions', className: 'actionsCol', phone: 'phoneActions' },
] as const;

/** Spec §2: while loading, a skeleton of 5 rows (one page). */
const SKELETON_KEYS = Array.from({ length: USERS_PAGE_SIZE }, (_, i) => `skeleton-${i}`);

interface Props {
  /** Undefined while the first page loads: the table then shows a skeleton of 5 rows (docs/product.md §2.8). */
  users: UserPublic[] | undefined;
  currentUserId: string | undefined;
  onEdit: (user: UserPublic) => void;
  onDelete: (user: UserPublic) => void;
}

export function UsersTable({ users, currentUserId, onEdit, onDelete }: Props) {
  const styles = useStyles();
  return (
    <div className={styles.frame}>
      <Table noNativeElements aria-label="Users" aria-busy={!users}>
        <TableHeader className={styles.head}>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column.key} className={mergeClasses(styles.headCell, styles[column.className])}>
                {column.label}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {users
            ? users.map((user) => (
                <UserRow key={user.id} user={user} isMe={user.id === currentUserId} onEdit={onEdit} onDelete={onDelete} />
              ))
            : SKELETON_KEYS.map((key) => <SkeletonRow key={key} />)}
        </TableBody>
      </Table>
    </div>
  );
}

function UserRow({ user, isMe, onEdit, onDelete }: { user: UserPublic; isMe: boolean } & Pick<Props, 'onEdit' | 'onDelete'>) {
  const styles = useStyles();
  return (
    <TableRow className={styles.row} data-testid="user-row">
      <TableCell className={mergeClasses(styles.nameCol, styles.phoneName)}>
        <span className={styles.name}>
          <span className={mergeClasses(styles.ellipsis, !user.full_name && styles.missing)}>{user.full_name || 'N/A'}</span>
          {isMe && (
            <Badge appearance="tint" color="brand" size="small">
              You
            </Badge>
          )}
        </span>
      </TableCell>
      <TableCell className={mergeClasses(styles.emailCol, styles.phoneEmail)}>
        <span className={styles.ellipsis} title={user.email}>
          {user.email}
        </span>
      </TableCell>
      <TableCell className={mergeClasses(styles.roleCol, styles.phoneRole)}>{user.is_superuser ? 'Superuser' : 'User'}</TableCell>
      <TableCell className={mergeClasses(styles.statusCol, styles.phoneStatus)}>
        <span className={mergeClasses(styles.status, !user.is_active && styles.inactiveText)}>
          <span aria-hidden="true" className={mergeClasses(styles.dot, user.is_active ? styles.activeDot : styles.inactiveDot)} />
          {user.is_active ? 'Active' : 'Inactive'}
        </span>
      </TableCell>
      <TableCell className={mergeClasses(styles.actionsCol, styles.phoneActions)}>
        <RowActionsMenu
          label={`Actions for ${user.email}`}
          actions={[
            { label: 'Edit User', icon: <EditRegular />, disabled: isMe, onClick: () => onEdit(user) },
            { label: 'Delete User', icon: <DeleteRegular />, disabled: isMe, danger: true, onClick: () => onDelete(user) },
          ]}
        />
      </TableCell>
    </TableRow>
  );
}

/** One loading row: a bar per column. */
function SkeletonRow() {
  const styles = useStyles();
  const SKELETON_WIDTH: Record<(typeof COLUMNS)[number]['key'], string> = {
    full_name: styles.skeletonBar,
    email: styles.skeletonBar,
    role: styles.skeletonShort,
    status: styles.skeletonShort,
    actions: styles.skeletonAction,
  };
  return (
    <TableRow className={styles.row} data-testid="user-row-skeleton">
      {COLUMNS.map((column) => (
        <TableCell key={column.key} className={mergeClasses(styles[column.className], styles[column.phone])}>
          <Skeleton aria-hidden="true" className={SKELETON_WIDTH[column.key]}>
            <SkeletonItem size={16} />
          </Skeleton>
        </TableCell>
      ))}
    </TableRow>
  );
}
