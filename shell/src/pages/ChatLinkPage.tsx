import { Body1, Spinner, Text, tokens } from '@fluentui/react-components';
import { errorText, useApiClient, useSession } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../layout/AuthLayout';
import { RouterButtonLink, RouterLink } from '../layout/RouterLink';
import { claimChatLink } from '../session/chatLinkRequests';
import { loginReturningTo } from '../session/nextPath';

export const NO_LINK_TOKEN = 'This link has no token: press a button on an alert in the chat again for a new one.';
const CHAT_NAMES: Record<string, string> = { slack: 'Slack', mattermost: 'Mattermost', telegram: 'Telegram' };

type Outcome = { state: 'pending' } | { state: 'linked' } | { state: 'failed'; text: string };

/**
 * /link/:kind?token=… (docs/oncall/channels/slack.md, "Link Slack members"): the one-time link a
 * chat sends someone who pressed a button unlinked. Signed in, it links that chat account to
 * you at once; signed out, "Sign in" comes back here. Loaded on demand, never prerendered.
 */
export default function ChatLinkPage() {
  const { kind = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useApiClient();
  const { token: session } = useSession();
  const chat = CHAT_NAMES[kind] ?? 'chat';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: claimed once per token and session; `client` is the same client
  useEffect(() => {
    if (!session || !token) return;
    let current = true;
    claimChatLink(client, token).then(
      () => current && setOutcome({ state: 'linked' }),
      (error: unknown) => current && setOutcome({ state: 'failed', text: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [session, token]);

  const title = `Link your ${chat} account`;
  if (!token) return <AuthLayout title={title}>{<Text role="alert">{NO_LINK_TOKEN}</Text>}</AuthLayout>;
  if (!session) {
    const here = `/link/${encodeURIComponent(kind)}?token=${encodeURIComponent(token)}`;
    return (
      <AuthLayout title={title} subtitle={`Sign in to Vigil: your ${chat} account is then linked to your Vigil account.`}>
        <RouterButtonLink to={loginReturningTo(here)} appearance="primary" size="large">
          Sign in
        </RouterButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={title} footer={<RouterLink to="/settings?tab=chat-accounts">Your chat accounts</RouterLink>}>
      {outcome.state === 'pending' ? (
        <Spinner label={`Linking your ${chat} account…`} />
      ) : outcome.state === 'linked' ? (
        <Body1 role="status">{chat} linked: the buttons you press there now act as you. Press the button again.</Body1>
      ) : (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
          {outcome.text}
        </Text>
      )}
    </AuthLayout>
  );
}
