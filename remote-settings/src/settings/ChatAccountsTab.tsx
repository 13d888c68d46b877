import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  type ChatUserLink,
  ConfirmDialog,
  chatKindName,
  errorText,
  SmallTable,
  type SmallTableColumn,
  useChatLinks,
  useLinkSlackByEmail,
  useNotify,
  useRequestTelegramLink,
  useUnlinkChatAccount,
} from '@vigil/shared';
import { useState } from 'react';
import { SettingsSection } from './SettingsSection';
import { TelegramLinkReady, TelegramLinkRefused } from './TelegramLinkPanel';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  table: { minWidth: '420px' },
  scroll: { overflowX: 'auto' },
  dim: { color: tokens.colorNeutralForeground3 },
});

const accountName = (link: ChatUserLink) => `${chatKindName(link.kind)} ${link.external_user_id}`;

/**
 * Chat accounts (docs/oncall/channels.md, "Linking chat users"): the chat accounts whose button
 * presses act as you; "Link Slack" links the Slack member with your email; "Link Telegram" gives a
 * one-time t.me link to the bot; Unlink asks first.
 */
export function ChatAccountsTab() {
  const styles = useStyles();
  const links = useChatLinks();
  const linkSlack = useLinkSlackByEmail();
  const telegramLink = useRequestTelegramLink();
  const unlink = useUnlinkChatAccount();
  const notify = useNotify();
  const [unlinking, setUnlinking] = useState<ChatUserLink | null>(null);

  const link = () =>
    linkSlack.mutate(undefined, {
      onSuccess: (answer) => notify.success(`Slack member ${answer.external_user_id} is linked to you.`),
      onError: (error) => notify.error(error),
    });
  // The bot links the account in Telegram, out of sight: the list is read again once back here.
  const telegramDone = () => {
    telegramLink.reset();
    void links.refetch();
  };
  const confirmUnlink = async () => {
    if (!unlinking) return;
    try {
      await unlink.mutateAsync({ kind: unlinking.kind, external_user_id: unlinking.external_user_id });
      notify.success(`${accountName(unlinking)} is unlinked.`);
    } catch (error) {
      notify.error(error);
    }
    setUnlinking(null);
  };

  const columns: SmallTableColumn<ChatUserLink>[] = [
    { header: 'Chat', cell: (l) => chatKindName(l.kind) },
    { header: 'Account', cell: (l) => l.external_user_id },
    { header: 'Workspace', cell: (l) => l.workspace || <span className={styles.dim}>—</span> },
    { header: 'Linked', cell: (l) => new Date(l.linked_at).toLocaleString() },
    {
      header: 'Actions',
      cell: (l) => (
        <Button size="small" onClick={() => setUnlinking(l)} aria-label={`Unlink ${accountName(l)}`}>
          Unlink
        </Button>
      ),
    },
  ];

  const list = links.data?.data ?? [];
  return (
    <SettingsSection
      title="Chat accounts"
      description="A button pressed in chat (Acknowledge, Escalate, Close) acts as you when it is pressed from one of these accounts."
    >
      <div className={styles.actions}>
        <Button appearance="primary" onClick={link} disabled={linkSlack.isPending}>
          Link Slack
        </Button>
        <Button onClick={() => telegramLink.mutate()} disabled={telegramLink.isPending}>
          Link Telegram
        </Button>
      </div>
      <Text className={styles.dim}>
        Link Slack finds the member of the Slack workspace with your email. Link Telegram gives you a link to the bot that links the
        Telegram account pressing Start. Or press a button on an alert in Slack or Mattermost: you are sent a link that links you.
      </Text>
      {telegramLink.isSuccess && <TelegramLinkReady link={telegramLink.data} onDone={telegramDone} />}
      {telegramLink.isError && <TelegramLinkRefused error={telegramLink.error} />}
      {links.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>Your chat accounts could not be loaded: {errorText(links.error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => links.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : links.isPending ? (
        <Spinner label="Loading your chat accounts…" />
      ) : list.length === 0 ? (
        <Text className={styles.dim}>No chat account is linked to you.</Text>
      ) : (
        <div className={styles.scroll}>
          <SmallTable
            label="Chat accounts"
            rows={list}
            rowKey={(l) => `${l.kind}:${l.workspace}:${l.external_user_id}`}
            columns={columns}
            className={styles.table}
          />
        </div>
      )}
      <ConfirmDialog
        open={unlinking !== null}
        title="Unlink chat account"
        confirmLabel="Unlink"
        destructive
        busy={unlink.isPending}
        onConfirm={confirmUnlink}
        onCancel={() => setUnlinking(null)}
      >
        Buttons pressed from <strong>{unlinking ? accountName(unlinking) : ''}</strong> will no longer act as you.
      </ConfirmDialog>
    </SettingsSection>
  );
}
