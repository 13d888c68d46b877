import { useCreateUser, useNotify, useValidatedForm } from '@vigil/shared';
import { UserDialog } from './UserDialog';
import { UserFormFields } from './UserFormFields';
import { addUserValidators, emptyUserForm, toCreateBody } from './userForm';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Add User (docs/product.md §2.8, §5.5): Save stays disabled until every rule passes. Mount it afresh for each opening. */
export function AddUserDialog({ open, onClose }: Props) {
  const form = useValidatedForm(emptyUserForm, addUserValidators);
  const createUser = useCreateUser();
  const notify = useNotify();

  const submit = form.handleSubmit(async (values) => {
    try {
      await createUser.mutateAsync(toCreateBody(values));
      notify.success('User created successfully.');
      onClose();
    } catch (error) {
      notify.error(error);
    }
  });

  return (
    <UserDialog
      open={open}
      title="Add User"
      description="The new user signs in with this email and password."
      canSave={form.isValid}
      saving={createUser.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserFormFields form={form} passwordRequired />
    </UserDialog>
  );
}
