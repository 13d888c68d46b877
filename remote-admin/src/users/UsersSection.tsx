import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { PeopleRegular, PersonAddRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  EmptyState,
  errorText,
  PageHeader,
  Pagination,
  pageCountOf,
  USERS_PAGE_SIZE,
  type UserPublic,
  useCurrentUser,
  useDeleteUser,
  useNotify,
  usePageParam,
  useUsers,
} from '@vigil/shared';
import { useState } from 'react';
import { SignedLinksSetting } from '../settings/SignedLinksSetting';
import { SignupSetting } from '../settings/SignupSetting';
import { CreateUserDialog, EditUserDialog } from './UserDialogs';
import { UsersTable } from './UsersTable';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** Which dialog is open; `key` makes each opening a fresh form. */
type Dialogs =
  | { kind: 'none' }
  | { kind: 'add'; key: number }
  | { kind: 'edit'; key: number; user: UserPublic }
  | { kind: 'delete'; key: number; user: UserPublic };

/** /admin?page=n (docs/product.md §2.8, §6): superusers list, add, edit and delete users, and the instance settings. */
export function UsersSection() {
  const styles = useStyles();
  const { page, setPage } = usePageParam();
  const me = useCurrentUser();
  const users = useUsers({ page });
  const deleteUser = useDeleteUser();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  // The last dialog stays mounted while it animates out.
  const [shown, setShown] = useState<Exclude<Dialogs, { kind: 'none' }> | null>(null);
  const open = (next: Exclude<Dialogs, { kind: 'none' }>) => {
    setDialog(next);
    setShown(next);
  };
  const close = () => setDialog({ kind: 'none' });
  const nextKey = () => (shown?.key ?? 0) + 1;

  const confirmDelete = async (user: UserPublic) => {
    try {
      await deleteUser.mutateAsync(user.id);
      notify.success('The user was deleted successfully');
    } catch {
      // Spec §8: a fixed text for delete failures.
      notify.error('An error occurred while deleting the user');
    } finally {
      close();
    }
  };

  const count = users.data?.count ?? 0;
  const rows = users.data?.data;
  const beyondLastPage = rows?.length === 0 && page > 1;

  return (
    <div className={styles.root}>
      <PageHeader
        title="Users Management"
        description={users.data ? `${count} ${count === 1 ? 'user' : 'users'} can sign in to Vigil.` : 'Everyone who can sign in to Vigil.'}
        actions={
          <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => open({ kind: 'add', key: nextKey() })}>
            Add User
          </Button>
        }
      />

      {users.isError && !users.data ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>The users could not be loaded</MessageBarTitle>
            {errorText(users.error)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => users.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : beyondLastPage ? (
        <EmptyState
          icon={<PeopleRegular />}
          title="No users on this page"
          description={`There are ${pageCountOf(count, USERS_PAGE_SIZE)} pages of users.`}
          action={<Button onClick={() => setPage(1)}>Go to the first page</Button>}
        />
      ) : (
        <>
          <UsersTable
            users={rows}
            currentUserId={me.data?.id}
            onEdit={(user) => open({ kind: 'edit', key: nextKey(), user })}
            onDelete={(user) => open({ kind: 'delete', key: nextKey(), user })}
          />
          {users.data && (count > USERS_PAGE_SIZE || page > 1) && (
            <Pagination page={page} pageSize={USERS_PAGE_SIZE} count={count} onPageChange={setPage} disabled={users.isPlaceholderData} />
          )}
        </>
      )}

      <SignupSetting enabled={me.data?.is_superuser === true} />
      <SignedLinksSetting enabled={me.data?.is_superuser === true} />

      {shown?.kind === 'add' && <CreateUserDialog key={shown.key} open={dialog.kind === 'add'} onClose={close} />}
      {shown?.kind === 'edit' && <EditUserDialog key={shown.key} user={shown.user} open={dialog.kind === 'edit'} onClose={close} />}
      {shown?.kind === 'delete' && (
        <ConfirmDialog
          key={shown.key}
          open={dialog.kind === 'delete'}
          title="Delete User"
          confirmLabel="Delete"
          destructive
          busy={deleteUser.isPending}
          onConfirm={() => confirmDelete(shown.user)}
          onCancel={close}
        >
          {shown.user.full_name ? `${shown.user.full_name} (${shown.user.email})` : shown.user.email} will be deleted permanently, with all
          their alerts and integrations. This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
