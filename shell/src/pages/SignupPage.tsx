import { Body1, Field, Input } from '@fluentui/react-components';
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
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthForm, AuthLayout, AuthSubmitButton, useAuthFormStyles } from '../layout/AuthLayout';
import { RouterButtonLink, RouterLink } from '../layout/RouterLink';
import { readSignupOpen, useSignup } from '../session/authApi';

export const SIGNUP_CLOSED_TITLE = 'Sign-up is closed';
export const SIGNUP_CLOSED_TEXT = 'Accounts on this Vigil are made by an administrator: ask one for an account.';

/**
 * Whether sign-up is open (GET /settings/public): null until known. The page is prerendered
 * (docs/console/prerendered-pages.md) with its form, which it keeps while asking and if the question fails (the
 * API's 403 then says it); closed, it says so instead.
 */
function useSignupOpen(read: () => Promise<boolean>): boolean | null {
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    read().then(
      (answer) => current && setOpen(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [read]);
  return open;
}

const toLogin = (
  <>
    Already have an account? <RouterLink to="/login">Log in</RouterLink>
  </>
);

/**
 * /signup (docs/product.md §2.1): full name, email, password, confirmation; then /login. While
 * an administrator has closed sign-up, the page says so and leads to /login. `readOpen` is the
 * question's source (a test's fake; the API otherwise).
 */
export default function SignupPage({ readOpen = readSignupOpen }: { readOpen?: () => Promise<boolean> }) {
  const styles = useAuthFormStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const signup = useSignup();
  const open = useSignupOpen(readOpen);
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

  if (open === false) {
    return (
      <AuthLayout title="Sign up" subtitle={SIGNUP_CLOSED_TITLE} footer={toLogin}>
        <Body1>{SIGNUP_CLOSED_TEXT}</Body1>
        <RouterButtonLink to="/login" appearance="primary" size="large">
          Go to log in
        </RouterButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign up" subtitle="Create your Vigil account." footer={toLogin}>
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
