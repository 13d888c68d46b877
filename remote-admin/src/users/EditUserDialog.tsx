import type { UserPublic } from '@vigil/shared';
import { useNotify, useUpdateUser, useValidatedForm } from '@vigil/shared';
import { useState } from 'react';
import { UserDialog } from './UserDialog';
import { UserFormFields } from './UserFormFields';
import { editUserValidators, toUpdateBody, userFormOf } from './userForm';

interface Props {
  user: UserPublic;
  open: boolean;
  onClose: () => void;
}

/**
 * Edit User (docs/product.md §2.8, §5.5): the password is optional and left out of the PATCH when empty.
 * Save is disabled until something changed and every rule passes. Mount it afresh per user.
 */
export function EditUserDialog({ user, open, onClose }: Props) {
  const [initial] = useState(() => userFormOf(user));
  const form = useValidatedForm(initial, editUserValidators);
  const updateUser = useUpdateUser();
  const notify = useNotify();

  const submit = form.handleSubmit(async (values) => {
    try {
      await updateUser.mutateAsync({ id: user.id, body: toUpdateBody(values) });
      notify.success('User updated successfully.');
      onClose();
    } catch (error) {
      notify.error(error);
    }
  });

  return (
    <UserDialog
      open={open}
      title="Edit User"
      description="Password is optional: leave it empty to keep the current one."
      canSave={form.isValid && form.isDirty}
      saving={updateUser.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserFormFields form={form} passwordRequired={false} />
    </UserDialog>
  );
}
