import { Body1Strong, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SendRegular, ToggleLeftRegular, ToggleRightRegular } from '@fluentui/react-icons';
import {
  CHAT_KIND_HELP,
  type ChatChannelPublic,
  type ChatChannelWithSecret,
  type DataColumn,
  DataTable,
  errorText,
  useChatChannels,
  useChatKinds,
  useDeleteChatChannel,
  useNotify,
  useTestChatChannel,
  useUpdateChatChannel,
} from '@vigil/shared';
import { useState } from 'react';
import { ActionDialog } from './ActionDialog';
import { AddChatChannelDialog, ChannelSecretPanel } from './ChatChannelDialogs';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  table: { minWidth: '480px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export const NO_CHANNELS = 'No chat channels: alerts of this team are not posted to any chat.';

/**
 * The team's chat channels (docs/oncall/channels/slack.md): every member sees them; its admins
 * add, enable or disable, delete them and send a test.
 */
export function ChatChannelsSection({ teamId, manage }: { teamId: string; manage: boolean }) {
  const styles = useStyles();
  const notify = useNotify();
  const channels = useChatChannels(teamId);
  const kinds = useChatKinds();
  const update = useUpdateChatChannel(teamId);
  const remove = useDeleteChatChannel(teamId);
  const test = useTestChatChannel(teamId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ChatChannelPublic | null>(null);
  const [secret, setSecret] = useState<ChatChannelWithSecret | null>(null);
  const rows = channels.data?.data;
  const kindList = kinds.data?.data ?? [];

  const sendTest = (channel: ChatChannelPublic) =>
    test.mutate(channel.id, { onSuccess: (answer) => notify.success(answer.message), onError: (error) => notify.error(error) });
  const toggle = (channel: ChatChannelPublic) =>
    update.mutate(
      { id: channel.id, body: { enabled: !channel.enabled } },
      {
        onSuccess: () => notify.success(`${channel.label} is ${channel.enabled ? 'disabled' : 'enabled'}.`),
        onError: (error) => notify.error(error),
      },
    );

  const columns: DataColumn<ChatChannelPublic>[] = [
    { header: 'Label', cell: (c) => c.label, skeletonWidth: 140 },
    { header: 'Kind', cell: (c) => CHAT_KIND_HELP[c.kind]?.label ?? c.kind, skeletonWidth: 80 },
    { header: 'Target', cell: (c) => c.target, skeletonWidth: 160 },
    { header: 'Status', cell: (c) => (c.enabled ? 'Enabled' : 'Disabled'), skeletonWidth: 70 },
  ];

  return (
    <section className={styles.root} aria-label="Chat channels">
      <div className={styles.head}>
        <Body1Strong as="h2">Chat channels</Body1Strong>
        {manage && (
          <Button icon={<AddRegular />} onClick={() => setAdding(true)} disabled={!kindList.some((k) => k.available)}>
            Add chat channel
          </Button>
        )}
      </div>
      {manage && kinds.data && !kindList.some((k) => k.available) && (
        <Text className={styles.muted}>No chat provider is set up on this server yet: a superuser sets up the Slack app first.</Text>
      )}
      {secret && <ChannelSecretPanel channel={secret} onClose={() => setSecret(null)} />}
      {channels.isError ? (
        <Text className={styles.muted}>{errorText(channels.error)}</Text>
      ) : rows?.length === 0 ? (
        <Text className={styles.muted}>{NO_CHANNELS}</Text>
      ) : (
        <DataTable
          label="Chat channels"
          rows={rows}
          skeletonRows={1}
          columns={columns}
          className={styles.table}
          rowTestId="chat-channel-row"
          rowActions={(channel) =>
            manage
              ? {
                  label: `Actions for the chat channel ${channel.label}`,
                  actions: [
                    { label: 'Send a test', icon: <SendRegular />, disabled: test.isPending, onClick: () => sendTest(channel) },
                    {
                      label: channel.enabled ? 'Disable' : 'Enable',
                      icon: channel.enabled ? <ToggleLeftRegular /> : <ToggleRightRegular />,
                      onClick: () => toggle(channel),
                    },
                    {
                      label: 'Delete chat channel',
                      icon: <DeleteRegular />,
                      danger: true,
                      onClick: () => {
                        remove.reset();
                        setDeleting(channel);
                      },
                    },
                  ],
                }
              : null
          }
        />
      )}
      {manage && (
        <AddChatChannelDialog
          teamId={teamId}
          kinds={kindList}
          open={adding}
          onClose={() => setAdding(false)}
          onSaved={(channel) => {
            setAdding(false);
            if (channel.secret) setSecret(channel);
          }}
        />
      )}
      <ActionDialog
        open={deleting !== null}
        title="Delete chat channel"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify.success(`${deleting.label} was deleted.`);
              setDeleting(null);
            },
          })
        }
        onCancel={() => setDeleting(null)}
      >
        New alerts will no longer be posted to {deleting?.label}. Messages already posted stay in the chat.
      </ActionDialog>
    </section>
  );
}
