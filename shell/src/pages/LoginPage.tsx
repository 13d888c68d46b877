import { Field, Input } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { PasswordInput, setToken, useNotify, useValidatedForm, validatePassword, validateUsername } from '@vigil/shared';
import { useNavigate } from 'react-router-dom';
import { AuthLayout, AuthSubmitButton, useAuthFormStyles } from '../layout/AuthLayout';
import { RouterLink } from '../layout/RouterLink';
import { useLogin } from '../session/authApi';

/** /login (docs/product.md §2.1): email (sent as `username`) and password; then / with the token stored. */
export default function LoginPage() {
  const styles = useAuthFormStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const login = useLogin();
  const form = useValidatedForm(
    { username: '', password: '' },
    { username: (value) => validateUsername(value), password: (value) => validatePassword(value) },
  );

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (token) => {
        setToken(token);
        notify.dismissAll();
        queryClient.clear(); // nothing cached from an earlier session may show
        navigate('/', { replace: true });
      },
      onError: (error) => notify.error(error),
    }),
  );

  return (
    <AuthLayout
      title="Log in"
      subtitle="Welcome back. Sign in to manage your alerts."
      footer={
        <>
          Don't have an account? <RouterLink to="/signup">Sign up</RouterLink>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Email" {...form.fieldState('username')}>
          <Input type="email" autoComplete="username" inputMode="email" {...form.field('username')} />
        </Field>
        <Field label="Password" {...form.fieldState('password')}>
          <PasswordInput autoComplete="current-password" {...form.field('password')} />
        </Field>
        <div className={styles.row}>
          <RouterLink to="/recover-password">Forgot password?</RouterLink>
        </div>
        <AuthSubmitButton pending={login.isPending}>Log In</AuthSubmitButton>
      </form>
    </AuthLayout>
  );
}
