import { MutationFormDialog, type UserPublic, useCreateUser, useUpdateUser } from '@vigil/shared';
import { UserFormFields } from './UserFormFields';
import { addUserValidators, editUserValidators, emptyUserForm, toCreateBody, toUpdateBody, userFormOf } from './userForm';

// Add User and Edit User (docs/product.md §2.8, §5.5): Save stays disabled until every rule
// passes, and in Edit User until something changed; there the password is optional and left out
// of the PATCH when empty.

/** Add User. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <MutationFormDialog
      open={open}
      title="Add User"
      description="The new user signs in with this email and password."
      initial={emptyUserForm}
      rules={addUserValidators}
      mutation={useCreateUser()}
      toVariables={toCreateBody}
      successText="User created successfully."
      canSave={(form) => form.isValid}
      onClose={onClose}
    >
      {(form) => <UserFormFields form={form} passwordRequired />}
    </MutationFormDialog>
  );
}

/** Edit User: `user` as it is now. */
export function EditUserDialog({ user, open, onClose }: { user: UserPublic; open: boolean; onClose: () => void }) {
  return (
    <MutationFormDialog
      open={open}
      title="Edit User"
      description="Password is optional: leave it empty to keep the current one."
      initial={userFormOf(user)}
      rules={editUserValidators}
      mutation={useUpdateUser()}
      toVariables={(values) => ({ id: user.id, body: toUpdateBody(values) })}
      successText="User updated successfully."
      canSave={(form) => form.isValid && form.isDirty}
      onClose={onClose}
    >
      {(form) => <UserFormFields form={form} passwordRequired={false} />}
    </MutationFormDialog>
  );
}
