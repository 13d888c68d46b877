import { type ApiClient, type Schemas, unwrap } from '@vigil/shared';

// The chat link page's request: like the invitation page, loaded on demand outside the
// signed-in area, so it calls the client itself rather than through react-query.

export type ChatUserLink = Schemas['ChatUserLinkPublic'];

/** Links the chat account the one-time link was sent to, to the signed-in user (400: expired or used). */
export async function claimChatLink(api: ApiClient, token: string): Promise<ChatUserLink> {
  return unwrap(await api.POST('/api/v1/users/me/chat-links/claim', { body: { token } }));
}
