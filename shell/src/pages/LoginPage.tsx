import { Field, Input } from '@fluentui/react-components';
import { PasswordInput, setToken, useNotify, useValidatedForm, validatePassword, validateUsername } from '@vigil/shared';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthForm, AuthLayout, AuthSubmitButton, useAuthFormStyles } from '../layout/AuthLayout';
import { RouterLink } from '../layout/RouterLink';
import { useLogin } from '../session/authApi';
import { safeNextPath } from '../session/nextPath';

/** /login (docs/product.md §2.1): email (sent as `username`) and password; then / (or `?next=`, a path of the console) with the token stored. */
export default function LoginPage() {
  const styles = useAuthFormStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const login = useLogin();
  // `?next=`: the page that sent the user here (an invitation), read when the form is sent.
  const [params] = useSearchParams();
  const form = useValidatedForm(
    { username: '', password: '' },
    { username: (value) => validateUsername(value), password: (value) => validatePassword(value) },
  );

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: async (token) => {
        // Nothing cached from an earlier session in this page may show (another tab's log out
        // brings this one here without a reload). The client comes with the signed-in area.
        // If it cannot load, it never loaded: nothing is cached.
        await import('../session/consoleQueryClient').then(
          ({ clearCachedQueries }) => clearCachedQueries(),
          () => undefined,
        );
        setToken(token);
        notify.dismissAll();
        navigate(safeNextPath(params.get('next')), { replace: true });
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
      <AuthForm onSubmit={submit}>
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
      </AuthForm>
    </AuthLayout>
  );
}
