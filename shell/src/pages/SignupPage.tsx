import { Field, Input } from '@fluentui/react-components';
import {
  FULL_NAME_MIN_LENGTH,
  PasswordInput,
  PasswordStrengthMeter,
  useNotify,
  useValidatedForm,
  validateConfirmPassword,
  validateEmail,
  validateFullName,
  validatePassword,
} from '@vigil/shared';
import { useNavigate } from 'react-router-dom';
import { AuthForm, AuthLayout, AuthSubmitButton, useAuthFormStyles } from '../layout/AuthLayout';
import { RouterLink } from '../layout/RouterLink';
import { useSignup } from '../session/authApi';

/** /signup (docs/product.md §2.1): full name, email, password, confirmation; then /login. */
export default function SignupPage() {
  const styles = useAuthFormStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const signup = useSignup();
  const form = useValidatedForm(
    { full_name: '', email: '', password: '', confirm_password: '' },
    {
      full_name: (value) => validateFullName(value),
      email: (value) => validateEmail(value),
      password: (value) => validatePassword(value),
      confirm_password: (value, values) => validateConfirmPassword(value, values.password),
    },
  );

  const submit = form.handleSubmit(({ full_name, email, password }) =>
    signup.mutate(
      { full_name, email, password },
      { onSuccess: () => navigate('/login', { replace: true }), onError: (error) => notify.error(error) },
    ),
  );

  return (
    <AuthLayout
      title="Sign up"
      subtitle="Create your Vigil account."
      footer={
        <>
          Already have an account? <RouterLink to="/login">Log in</RouterLink>
        </>
      }
    >
      <AuthForm onSubmit={submit}>
        <Field label="Full name" {...form.fieldState('full_name')}>
          <Input autoComplete="name" minLength={FULL_NAME_MIN_LENGTH} {...form.field('full_name')} />
        </Field>
        <Field label="Email" {...form.fieldState('email')}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </Field>
        <div className={styles.passwordGroup}>
          <Field label="Password" {...form.fieldState('password')}>
            <PasswordInput autoComplete="new-password" {...form.field('password')} />
          </Field>
          <PasswordStrengthMeter password={form.values.password} />
        </div>
        <Field label="Confirm password" {...form.fieldState('confirm_password')}>
          <PasswordInput autoComplete="new-password" {...form.field('confirm_password')} />
        </Field>
        <AuthSubmitButton pending={signup.isPending}>Sign Up</AuthSubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}
