import { Body1, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { PasswordInput, setToken, useNotify, useValidatedForm, validatePassword, validateUsername } from '@vigil/shared';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthForm, AuthLayout, AuthSubmitButton, useAuthFormStyles } from '../layout/AuthLayout';
import { RouterLink } from '../layout/RouterLink';
import { exchangeSsoCode, useLogin } from '../session/authApi';
import { safeNextPath } from '../session/nextPath';
import { readSsoProviderName, SSO_START_URL } from '../session/singleSignOn';
import { type SingleSignOnSources, useSingleSignOn } from '../session/useSingleSignOn';

// Plain elements, not Fluent's Divider and Spinner: those would add 2.5 KB (brotli) to what /login downloads.
const useStyles = makeStyles({
  sso: { width: '100%' },
  or: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground3,
    '::before': { content: '""', flexGrow: 1, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
    '::after': { content: '""', flexGrow: 1, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  signingIn: { textAlign: 'center', color: tokens.colorNeutralForeground2 },
  refusal: { color: tokens.colorPaletteRedForeground1 },
});

const API_SOURCES: SingleSignOnSources = { readProviderName: readSsoProviderName, exchangeCode: exchangeSsoCode };

/**
 * /login (docs/product.md §2.1): email (sent as `username`) and password; then / (or `?next=`, a path of the console) with the token
 * stored. With single sign-on configured, "Sign in with <provider>" under the form, shown once
 * the page knows (docs/api/single-sign-on.md). `sso` is where that comes from (a test's fake; the API otherwise).
 */
export default function LoginPage({ sso = API_SOURCES }: { sso?: SingleSignOnSources }) {
  const styles = useAuthFormStyles();
  const ssoStyles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const login = useLogin();
  // `?next=`: the page that sent the user here (an invitation), read when the form is sent.
  const [params] = useSearchParams();
  const form = useValidatedForm(
    { username: '', password: '' },
    { username: (value) => validateUsername(value), password: (value) => validatePassword(value) },
  );

  const signedIn = useCallback(
    async (token: string) => {
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
    [navigate, notify, params],
  );
  const { providerName, exchanging, refusal } = useSingleSignOn(sso, signedIn);

  const submit = form.handleSubmit((values) => login.mutate(values, { onSuccess: signedIn, onError: (error) => notify.error(error) }));

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
      {refusal && (
        <Body1 role="alert" className={ssoStyles.refusal}>
          {refusal}
        </Body1>
      )}
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
      {exchanging && (
        <Body1 className={ssoStyles.signingIn} role="status">
          Signing you in…
        </Body1>
      )}
      {providerName !== null && !exchanging && (
        <>
          <Body1 className={ssoStyles.or}>or</Body1>
          {/* A full navigation: the API sends the browser on to the provider. */}
          <Button as="a" href={SSO_START_URL} appearance="secondary" size="large" className={ssoStyles.sso}>
            Sign in with {providerName}
          </Button>
        </>
      )}
    </AuthLayout>
  );
}
