import { Field, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import {
  PasswordInput,
  PasswordStrengthMeter,
  useHydrated,
  useNotify,
  useValidatedForm,
  validateConfirmPassword,
  validatePassword,
} from '@vigil/shared';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthForm, AuthLayout, AuthSubmitButton, useAuthFormStyles } from '../layout/AuthLayout';
import { RouterLink } from '../layout/RouterLink';
import { useResetPassword } from '../session/authApi';

/** /reset-password?token=… (docs/product.md §2.1): a new password and its confirmation; then /login. */
export default function ResetPasswordPage() {
  const styles = useAuthFormStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const reset = useResetPassword();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The page is prerendered without a query (docs/console/prerendered-pages.md): whether the link lacks its token
  // is only known in the browser, after hydration.
  const tokenMissing = useHydrated() && !token;
  const form = useValidatedForm(
    { new_password: '', confirm_password: '' },
    {
      new_password: (value) => validatePassword(value),
      confirm_password: (value, values) => validateConfirmPassword(value, values.new_password),
    },
  );

  const submit = form.handleSubmit(({ new_password }) =>
    reset.mutate(
      { token, new_password },
      {
        onSuccess: () => {
          notify.success('Password updated successfully.');
          navigate('/login', { replace: true });
        },
        onError: (error) => notify.error(error),
      },
    ),
  );

  return (
    <AuthLayout
      title="Reset Password"
      subtitle="Please enter your new password and confirm it to reset your password."
      footer={<RouterLink to="/login">Back to log in</RouterLink>}
    >
      {tokenMissing && (
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>This link has no reset token.</MessageBarTitle>
            Open the link from the recovery email, or <RouterLink to="/recover-password">ask for a new one</RouterLink>.
          </MessageBarBody>
        </MessageBar>
      )}
      <AuthForm onSubmit={submit}>
        <div className={styles.passwordGroup}>
          <Field label="New password" {...form.fieldState('new_password')}>
            <PasswordInput autoComplete="new-password" {...form.field('new_password')} />
          </Field>
          <PasswordStrengthMeter password={form.values.new_password} />
        </div>
        <Field label="Confirm password" {...form.fieldState('confirm_password')}>
          <PasswordInput autoComplete="new-password" {...form.field('confirm_password')} />
        </Field>
        <AuthSubmitButton pending={reset.isPending}>Reset Password</AuthSubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}
