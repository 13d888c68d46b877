import { type Static, Type } from 'typebox';

export const ChatUserLinkPublic = Type.Object(
  {
    /** The chat kind (slack_app, telegram, …). */
    kind: Type.String(),
    /** The Slack workspace (team id); '' for kinds with one namespace. */
    workspace: Type.String(),
    /** The chat user's id there (a Slack member id, a Telegram user id). */
    external_user_id: Type.String(),
    linked_at: Type.String({ format: 'date-time' }),
  },
  { title: 'ChatUserLinkPublic' },
);
export type ChatUserLinkPublic = Static<typeof ChatUserLinkPublic>;

export const ChatUserLinksPublic = Type.Object(
  { data: Type.Array(ChatUserLinkPublic), count: Type.Integer() },
  { title: 'ChatUserLinksPublic' },
);

export const ChatLinkClaim = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) },
  { title: 'ChatLinkClaim', additionalProperties: false },
);

export const ChatLinkParams = Type.Object({
  kind: Type.String({ minLength: 1, maxLength: 32 }),
  external_user_id: Type.String({ minLength: 1, maxLength: 128 }),
});
