import { Body1, Button, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  errorText,
  PasswordInput,
  PasswordStrengthMeter,
  setToken,
  useApiClient,
  useSession,
  useValidatedForm,
  validateConfirmPassword,
  validatePassword,
} from '@vigil/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthForm, AuthLayout, AuthSubmitButton, useAuthFormStyles } from '../layout/AuthLayout';
import { RouterButtonLink, RouterLink } from '../layout/RouterLink';
import { acceptInvite, type InviteLookup, lookUpInvite, readMe, signUpWithInvite } from '../session/inviteRequests';
import { loginReturningTo } from '../session/nextPath';

export const NO_TOKEN = 'This invitation link has no token: open the link from the email.';
const ROLE_NAMES = { admin: 'an admin', responder: 'a responder', observer: 'an observer' } as const;

const useStyles = makeStyles({
  refusal: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * Nothing the console cached before may show now: the teams changed (joined), or a new session
 * starts (signed up). The client comes with the signed-in area; if it never loaded, nothing is cached.
 */
const forgetCachedQueries = () =>
  import('../session/consoleQueryClient').then(
    ({ clearCachedQueries }) => clearCachedQueries(),
    () => undefined,
  );

/** A request's outcome for this page: pending, answered, or refused with the API's sentence. */
type Answer<T> = { state: 'pending' } | { state: 'done'; value: T } | { state: 'failed'; text: string };

function useAnswer<T>(ask: (() => Promise<T>) | null, key: string): Answer<T> {
  const [answer, setAnswer] = useState<Answer<T>>({ state: 'pending' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the question; `ask` is made anew each render
  useEffect(() => {
    if (!ask) return;
    let current = true;
    setAnswer({ state: 'pending' });
    ask().then(
      (value) => current && setAnswer({ state: 'done', value }),
      (error: unknown) => current && setAnswer({ state: 'failed', text: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return answer;
}

function Refusal({ text }: { text: string | null }) {
  const styles = useStyles();
  return text ? (
    <Text role="alert" className={styles.refusal}>
      {text}
    </Text>
  ) : null;
}

/**
 * /invite?token=… (docs/console/teams.md): what a team invitation offers. Signed in with the
 * invited address: "Join <team>", then the team's page; with another: says so; signed out: a
 * sign-up form with the address fixed, or "Sign in" coming back here. Loaded on demand, never
 * prerendered: the answer depends on the link and the session.
 */
export default function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useApiClient();
  const { token: session } = useSession();
  const lookup = useAnswer(token ? () => lookUpInvite(client, token) : null, token);
  const here = `/invite?token=${encodeURIComponent(token)}`;
  const frame = (subtitle: ReactNode, body: ReactNode, footer?: ReactNode) => (
    <AuthLayout title={lookup.state === 'done' ? `Join ${lookup.value.team_name}` : 'Team invitation'} subtitle={subtitle} footer={footer}>
      {body}
    </AuthLayout>
  );

  if (!token) return frame(undefined, <Refusal text={NO_TOKEN} />);
  if (lookup.state === 'pending') return frame(undefined, <Spinner label="Reading the invitation…" />);
  if (lookup.state === 'failed')
    return frame(
      undefined,
      <Refusal text={lookup.text} />,
      session ? <RouterLink to="/">Go to the console</RouterLink> : <RouterLink to="/login">Go to log in</RouterLink>,
    );
  const invite = lookup.value;
  const offer = `You are invited to ${invite.team_name} as ${ROLE_NAMES[invite.role]}.`;
  return session ? (
    <SignedIn token={token} invite={invite} offer={offer} frame={frame} />
  ) : (
    frame(
      `${offer} Create your account to join, or sign in if you have one.`,
      <SignUpForm token={token} invite={invite} />,
      <>
        Already have an account? <RouterLink to={loginReturningTo(here)}>Sign in</RouterLink>
      </>,
    )
  );
}

type Frame = (subtitle: ReactNode, body: ReactNode, footer?: ReactNode) => ReactNode;

/** Signed in: joins with the invited address, else says which address the invitation is for. */
function SignedIn({ token, invite, offer, frame }: { token: string; invite: InviteLookup; offer: string; frame: Frame }) {
  const client = useApiClient();
  const navigate = useNavigate();
  const me = useAnswer(() => readMe(client), 'me');
  const [joining, setJoining] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (me.state === 'pending') return frame(offer, <Spinner label="Reading your account…" />);
  if (me.state === 'failed') return frame(offer, <Refusal text={me.text} />);
  if (me.value.email.toLowerCase() !== invite.email.toLowerCase())
    return frame(
      offer,
      <>
        <Body1>
          This invitation is for {invite.email}, and you are signed in as {me.value.email}. Log out, then open the link again and sign in
          with {invite.email}.
        </Body1>
        <RouterButtonLink to="/" appearance="primary" size="large">
          Go to the console
        </RouterButtonLink>
      </>,
    );
  const join = () => {
    setJoining(true);
    setRefusal(null);
    acceptInvite(client, token).then(
      async (teamId) => {
        await forgetCachedQueries();
        navigate(`/teams/${teamId}`, { replace: true });
      },
      (error: unknown) => {
        setJoining(false);
        setRefusal(errorText(error));
      },
    );
  };
  return frame(
    offer,
    <>
      <Refusal text={refusal} />
      <Button appearance="primary" size="large" disabled={joining} icon={joining ? <Spinner size="tiny" /> : undefined} onClick={join}>
        Join {invite.team_name}
      </Button>
    </>,
    <RouterLink to="/">Not now</RouterLink>,
  );
}

/** Signed out: an account with the invited address (fixed), which joins the team; then signed in, on the Teams page. */
function SignUpForm({ token, invite }: { token: string; invite: InviteLookup }) {
  const styles = useAuthFormStyles();
  const client = useApiClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useValidatedForm(
    { full_name: '', password: '', confirm_password: '' },
    {
      full_name: () => undefined,
      password: (value) => validatePassword(value),
      confirm_password: (value, values) => validateConfirmPassword(value, values.password),
    },
  );
  const submit = form.handleSubmit(({ full_name, password }) => {
    setPending(true);
    setRefusal(null);
    signUpWithInvite(client, { token, email: invite.email, password, full_name }).then(
      async (access) => {
        await forgetCachedQueries();
        setToken(access);
        navigate('/teams', { replace: true });
      },
      (error: unknown) => {
        setPending(false);
        setRefusal(errorText(error));
      },
    );
  });
  return (
    <AuthForm onSubmit={submit}>
      <Field label="Email" hint="The invited address: the account is made with it.">
        <Input type="email" readOnly value={invite.email} />
      </Field>
      <Field label="Full name" {...form.fieldState('full_name')}>
        <Input autoComplete="name" maxLength={255} {...form.field('full_name')} />
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
      <Refusal text={refusal} />
      <AuthSubmitButton pending={pending}>Create account and join</AuthSubmitButton>
    </AuthForm>
  );
}
