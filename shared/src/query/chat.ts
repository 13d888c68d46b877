import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';

// A team's chat channels (docs/oncall/channels/slack.md) and the caller's linked chat accounts.
// Keys start with 'chat'.

export type ChatChannelPublic = Schemas['ChatChannelPublic'];
export type ChatChannelWithSecret = Schemas['ChatChannelWithSecret'];
export type ChatChannelCreate = Schemas['ChatChannelCreate'];
export type ChatChannelUpdate = Schemas['ChatChannelUpdate'];
export type ChatKind = Schemas['ChatKind'];
export type ChatKindPublic = Schemas['ChatKindPublic'];
export type ChatUserLink = Schemas['ChatUserLinkPublic'];
export type TelegramLink = Schemas['TelegramLink'];

export const chatKeys = {
  all: ['chat'] as const,
  kinds: ['chat', 'kinds'] as const,
  channels: (teamId: string) => ['chat', 'channels', teamId] as const,
  links: ['chat', 'links'] as const,
};

/** How the console names each kind, and what its target is. */
export const CHAT_KIND_HELP: Record<ChatKind, { label: string; target: string; placeholder: string }> = {
  slack_app: { label: 'Slack', target: "The channel's id, at the bottom of its details in Slack", placeholder: 'C0123ABCD' },
  mattermost: { label: 'Mattermost', target: "The channel's incoming webhook URL", placeholder: 'https://mattermost.example.com/hooks/…' },
  rocketchat: { label: 'Rocket.Chat', target: "The channel's incoming webhook URL", placeholder: 'https://chat.example.com/hooks/…' },
  msteams: { label: 'Microsoft Teams', target: "The channel's workflow (incoming webhook) URL", placeholder: 'https://…' },
  telegram: { label: 'Telegram', target: 'The chat id (the bot must be in the chat)', placeholder: '-1001234567890' },
};

/** A chat kind as the console names it ("Slack" for slack_app); an unknown kind as it is. */
export const chatKindName = (kind: string): string => CHAT_KIND_HELP[kind as ChatKind]?.label ?? kind;

export function useChatKinds(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: chatKeys.kinds,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/chat/kinds', { signal })),
    staleTime: 60_000,
  });
}

export function useChatChannels(teamId: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: chatKeys.channels(teamId),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/teams/{team_id}/chat-channels', { params: { path: { team_id: teamId } }, signal })),
  });
}

function useChannelMutation<Vars, Result>(teamId: string, mutationFn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.channels(teamId) }) });
}

const channelPath = (teamId: string, id: string) => ({ params: { path: { team_id: teamId, id } } });

/** The answer carries the channel's own secret, for kinds that have one: shown this once. */
export function useCreateChatChannel(teamId: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useChannelMutation(teamId, async (body: ChatChannelCreate) =>
    unwrap(await client.POST('/api/v1/teams/{team_id}/chat-channels', { params: { path: { team_id: teamId } }, body })),
  );
}

export function useUpdateChatChannel(teamId: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useChannelMutation(teamId, async ({ id, body }: { id: string; body: ChatChannelUpdate }) =>
    unwrap(await client.PATCH('/api/v1/teams/{team_id}/chat-channels/{id}', { ...channelPath(teamId, id), body })),
  );
}

export function useDeleteChatChannel(teamId: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useChannelMutation(teamId, async (id: string) =>
    unwrap(await client.DELETE('/api/v1/teams/{team_id}/chat-channels/{id}', channelPath(teamId, id))),
  );
}

/** Posts a test message now; a refusal is the provider's in words (409). */
export function useTestChatChannel(teamId: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.POST('/api/v1/teams/{team_id}/chat-channels/{id}/test', channelPath(teamId, id))),
  });
}

export function useChatLinks(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: chatKeys.links,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/users/me/chat-links', { signal })),
  });
}

function useLinkMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.links }) });
}

/** Links the Slack member whose email is the caller's. */
export function useLinkSlackByEmail(options?: ClientOption) {
  const client = useApiClient(options);
  return useLinkMutation(async () => unwrap(await client.POST('/api/v1/users/me/chat-links/slack')));
}

/**
 * A one-time t.me link to the bot: pressing Start there links the Telegram account that does
 * (docs/oncall/channels/telegram.md). Nothing is linked yet, so the list is not refetched; a 409
 * when no bot is set up or Telegram cannot be reached.
 */
export function useRequestTelegramLink(options?: ClientOption) {
  const client = useApiClient(options);
  return useMutation({ mutationFn: async () => unwrap(await client.POST('/api/v1/users/me/chat-links/telegram')) });
}

export function useUnlinkChatAccount(options?: ClientOption) {
  const client = useApiClient(options);
  return useLinkMutation(async ({ kind, external_user_id }: Pick<ChatUserLink, 'kind' | 'external_user_id'>) =>
    unwrap(await client.DELETE('/api/v1/users/me/chat-links/{kind}/{external_user_id}', { params: { path: { kind, external_user_id } } })),
  );
}
