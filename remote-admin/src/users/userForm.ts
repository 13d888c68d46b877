import type { UserCreate, UserPublic, UserUpdate } from '@vigil/shared';
import { MESSAGES, type Validators, validateConfirmPassword, validateEmail, validatePassword } from '@vigil/shared';

/** What the Add User and Edit User dialogs edit. */
export interface UserFormValues {
  email: string;
  full_name: string;
  password: string;
  confirm_password: string;
  is_superuser: boolean;
  is_active: boolean;
}

export const emptyUserForm: UserFormValues = {
  email: '',
  full_name: '',
  password: '',
  confirm_password: '',
  is_superuser: false,
  // A new account is usable at once unless the admin says otherwise (the API's default too).
  is_active: true,
};

/** Spec §5, Add User: email and password required (≥ 8), confirmation 'Please confirm your password' and equal. */
export const addUserValidators: Validators<UserFormValues> = {
  email: (value) => validateEmail(value),
  password: (value) => validatePassword(value),
  confirm_password: (value, values) => validateConfirmPassword(value, values.password, { requiredMessage: MESSAGES.confirmRequiredAdmin }),
};

/** Spec §5, Edit User: the password is optional, ≥ 8 when given; a given one must be confirmed. */
export const editUserValidators: Validators<UserFormValues> = {
  email: (value) => validateEmail(value),
  password: (value) => validatePassword(value, { required: false }),
  confirm_password: (value, values) =>
    validateConfirmPassword(value, values.password, { required: false, requiredMessage: MESSAGES.confirmRequiredAdmin }),
};

export const userFormOf = (user: UserPublic): UserFormValues => ({
  ...emptyUserForm,
  email: user.email,
  full_name: user.full_name ?? '',
  is_superuser: user.is_superuser,
  is_active: user.is_active,
});

/** An empty full name is sent as null: the table then shows 'N/A'. */
const fullNameOf = (value: string) => value.trim() || null;

export const toCreateBody = (values: UserFormValues): UserCreate => ({
  email: values.email.trim(),
  full_name: fullNameOf(values.full_name),
  password: values.password,
  is_superuser: values.is_superuser,
  is_active: values.is_active,
});

/** Spec §5: an empty password is left out of the request (the server keeps the current one). */
export function toUpdateBody(values: UserFormValues): UserUpdate {
  const body: UserUpdate = {
    email: values.email.trim(),
    full_name: fullNameOf(values.full_name),
    is_superuser: values.is_superuser,
    is_active: values.is_active,
  };
  if (values.password) body.password = values.password;
  return body;
}
