import { type Static, Type } from 'typebox';
import { CHAT_KINDS } from '../db/schema.js';

const DateTime = Type.String({ format: 'date-time' });

/** The most chat channels one team may have: each new alert is posted to every one. */
export const MAX_CHAT_CHANNELS_PER_TEAM = 20;

export const ChatKindSchema = Type.Enum([...CHAT_KINDS], { title: 'ChatKind' });
const Label = Type.String({ minLength: 1, maxLength: 64 });
const Target = Type.String({ minLength: 1, maxLength: 2048 });

export const ChatChannelParams = Type.Object({ team_id: Type.String({ format: 'uuid' }), id: Type.String({ format: 'uuid' }) });
export const TeamChatParams = Type.Object({ team_id: Type.String({ format: 'uuid' }) });

export const ChatChannelCreate = Type.Object(
  {
    kind: ChatKindSchema,
    label: Label,
    /** slack_app: a channel id (C0123ABCD); telegram: a chat id; mattermost, rocketchat, msteams: the incoming webhook URL. */
    target: Target,
  },
  { title: 'ChatChannelCreate', additionalProperties: false },
);
export type ChatChannelCreate = Static<typeof ChatChannelCreate>;

export const ChatChannelUpdate = Type.Object(
  { label: Type.Optional(Label), target: Type.Optional(Target), enabled: Type.Optional(Type.Boolean()) },
  { title: 'ChatChannelUpdate', additionalProperties: false },
);
export type ChatChannelUpdate = Static<typeof ChatChannelUpdate>;

export const ChatChannelPublic = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    team_id: Type.String({ format: 'uuid' }),
    kind: ChatKindSchema,
    label: Type.String(),
    /** The channel or chat id; a webhook URL (itself a credential) only as its origin and last 4 characters. */
    target: Type.String(),
    /** Only enabled channels are posted to. */
    enabled: Type.Boolean(),
    /** Whether the channel has a secret of its own (shown once, at creation). */
    has_secret: Type.Boolean(),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'ChatChannelPublic' },
);
export type ChatChannelPublic = Static<typeof ChatChannelPublic>;

export const ChatChannelWithSecret = Type.Object(
  {
    ...ChatChannelPublic.properties,
    /** The channel's own secret, shown only now, for kinds that have one; null otherwise. */
    secret: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'ChatChannelWithSecret' },
);
export type ChatChannelWithSecret = Static<typeof ChatChannelWithSecret>;

export const ChatChannelsPublic = Type.Object(
  { data: Type.Array(ChatChannelPublic), count: Type.Integer() },
  { title: 'ChatChannelsPublic' },
);

/** A chat kind this build posts to, for the console's kind picker. */
export const ChatKindPublic = Type.Object(
  {
    kind: ChatKindSchema,
    title: Type.String(),
    has_secret: Type.Boolean(),
    /** The superuser-configured provider it needs (slack_app, telegram), or null. */
    provider: Type.Union([Type.String(), Type.Null()]),
    /** Whether that provider is configured (true when it needs none). */
    available: Type.Boolean(),
  },
  { title: 'ChatKindPublic' },
);
export const ChatKindsPublic = Type.Object({ data: Type.Array(ChatKindPublic), count: Type.Integer() }, { title: 'ChatKindsPublic' });
