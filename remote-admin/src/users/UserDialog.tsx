import type { UserPublic } from '@vigil/shared';
import { FormDialog, useCreateUser, useNotify, useUpdateUser, useValidatedForm } from '@vigil/shared';
import { useState } from 'react';
import { UserFormFields } from './UserFormFields';
import { addUserValidators, editUserValidators, emptyUserForm, toCreateBody, toUpdateBody, userFormOf } from './userForm';

interface Props {
  /** The user to edit; without one, the dialog adds a user. */
  user?: UserPublic;
  open: boolean;
  onClose: () => void;
}

/**
 * Add User and Edit User (docs/product.md §2.8, §5.5). Save stays disabled until every rule passes,
 * and in Edit User until something changed; there the password is optional and left out of the
 * PATCH when empty. Mount it afresh for each opening.
 */
export function UserDialog({ user, open, onClose }: Props) {
  const [initial] = useState(() => (user ? userFormOf(user) : emptyUserForm));
  const form = useValidatedForm(initial, user ? editUserValidators : addUserValidators);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const notify = useNotify();

  const submit = form.handleSubmit(async (values) => {
    try {
      if (user) await updateUser.mutateAsync({ id: user.id, body: toUpdateBody(values) });
      else await createUser.mutateAsync(toCreateBody(values));
      notify.success(user ? 'User updated successfully.' : 'User created successfully.');
      onClose();
    } catch (error) {
      notify.error(error);
    }
  });

  return (
    <FormDialog
      open={open}
      title={user ? 'Edit User' : 'Add User'}
      description={
        user ? 'Password is optional: leave it empty to keep the current one.' : 'The new user signs in with this email and password.'
      }
      canSave={form.isValid && (!user || form.isDirty)}
      saving={createUser.isPending || updateUser.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserFormFields form={form} passwordRequired={!user} />
    </FormDialog>
  );
}
