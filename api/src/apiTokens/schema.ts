import { type Static, Type } from 'typebox';
import { PageQuery, Uuid } from '../common/schema.js';
import { TOKEN_SCOPES } from './scopes.js';

// The bodies and answers of /api/v1/tokens (docs/api/tokens.md). Bodies are closed.

export const TOKEN_NAME_MAX = 100;
/** The longest life a token may be given: a token is renewed at least yearly (docs/decisions/0082). */
export const TOKEN_EXPIRY_DAYS_MAX = 365;
/** Live (unrevoked, unexpired) tokens a user may hold at once. */
export const LIVE_TOKENS_PER_USER_MAX = 50;
/** Revoked and expired tokens kept per user to show in the list; older ones are deleted. */
export const DEAD_TOKENS_KEPT_PER_USER = 50;

const DateTime = Type.String({ format: 'date-time' });
export const TokenScope = Type.Enum([...TOKEN_SCOPES], {
  title: 'TokenScope',
  description:
    'read: GET and HEAD; alerts:write: alert creation and actions; config:write: every other change; admin: superuser-only routes',
});

export const TokenCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: TOKEN_NAME_MAX, description: 'What the token is for, shown in lists' }),
    scopes: Type.Array(TokenScope, { minItems: 1, maxItems: TOKEN_SCOPES.length, uniqueItems: true }),
    expires_in_days: Type.Integer({
      minimum: 1,
      maximum: TOKEN_EXPIRY_DAYS_MAX,
      description: 'Days from now until the token stops working',
    }),
    team_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: "A team token: it reaches only this team's things, as the caller may there (the caller must be its admin)",
      }),
    ),
  },
  { title: 'ApiTokenCreate', additionalProperties: false },
);
export type TokenCreate = Static<typeof TokenCreate>;

const tokenFields = {
  id: Uuid,
  user_id: Uuid,
  team_id: Type.Union([Uuid, Type.Null()], { description: "A team token's team; null for a personal token" }),
  name: Type.String(),
  prefix: Type.String({ description: 'The first 12 characters of the secret (`vgl_` and 8 more), to tell tokens apart' }),
  scopes: Type.Array(TokenScope),
  expires_at: DateTime,
  last_used_at: Type.Union([DateTime, Type.Null()], { description: 'Recorded at most once a minute' }),
  revoked_at: Type.Union([DateTime, Type.Null()]),
  created_at: DateTime,
};

export const TokenPublic = Type.Object(tokenFields, { title: 'ApiTokenPublic' });
export type TokenPublic = Static<typeof TokenPublic>;

export const TokenCreated = Type.Object(
  { ...tokenFields, token: Type.String({ description: 'The secret: shown in this answer only, never again' }) },
  { title: 'ApiTokenCreated' },
);

export const TokensPublic = Type.Object({ data: Type.Array(TokenPublic), count: Type.Integer() }, { title: 'ApiTokensPublic' });

export const TokenListQuery = Type.Object({
  ...PageQuery.properties,
  user_id: Type.Optional(Type.String({ format: 'uuid', description: "Superusers: this user's tokens (others may name only themselves)" })),
  all: Type.Optional(Type.Boolean({ description: "Superusers: every user's tokens, newest first" })),
});
export type TokenListQuery = Static<typeof TokenListQuery>;
