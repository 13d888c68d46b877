import { type Static, Type } from 'typebox';
import { PageQuery } from '../common/schema.js';

/** Server-side limits (the console is stricter for the profile name: 30). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 255;

export const Email = Type.String({ format: 'email', maxLength: 255 });
export const Password = Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });
const FullName = Type.Union([Type.String({ maxLength: FULL_NAME_MAX }), Type.Null()]);

/**
 * Request bodies are closed (`additionalProperties: false`): an unknown field is a 422, never
 * applied (requestValidation.ts refuses an open body schema at start-up). An edit names at
 * least one field: `{}` is a 422 (minProperties).
 */
const CLOSED = { additionalProperties: false } as const;
const EDIT = { ...CLOSED, minProperties: 1 } as const;

export const UserPublic = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    full_name: FullName,
    is_active: Type.Boolean(),
    is_superuser: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'UserPublic' },
);

export const UsersPublic = Type.Object({ data: Type.Array(UserPublic), count: Type.Integer() }, { title: 'UsersPublic' });

/**
 * A user as every signed-in user may see them: who is on call, whom a rotation or a policy can
 * name (docs/oncall/console.md). Their email only to a superuser: an account anyone can make
 * must not list everyone's address.
 */
export const UserDirectoryEntry = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    full_name: FullName,
    /** Superusers only. */
    email: Type.Optional(Type.String()),
    /** Always true in a listing; a user asked for by `id` may be deactivated. */
    is_active: Type.Boolean(),
  },
  { title: 'UserDirectoryEntry' },
);
export const UserDirectory = Type.Object({ data: Type.Array(UserDirectoryEntry), count: Type.Integer() }, { title: 'UserDirectory' });

/** The most users one directory call names by id: a page. */
export const DIRECTORY_IDS_MAX = 100;
export const DIRECTORY_QUERY_MAX = 100;

export const DirectoryQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: DIRECTORY_QUERY_MAX,
      description: 'Part of the name, any case (a superuser: of the name or the email)',
    }),
  ),
  id: Type.Optional(
    Type.Array(Type.String({ format: 'uuid' }), {
      maxItems: DIRECTORY_IDS_MAX,
      uniqueItems: true,
      description: 'Only these users (repeat the parameter), deactivated ones included: the names of ids a page shows',
    }),
  ),
  team_id: Type.Optional(Type.String({ format: 'uuid', description: "Only the members of this team (one of the caller's)" })),
});
export type DirectoryQuery = Static<typeof DirectoryQuery>;

export const UserCreate = Type.Object(
  {
    email: Email,
    password: Password,
    full_name: Type.Optional(FullName),
    is_active: Type.Optional(Type.Boolean({ default: true })),
    is_superuser: Type.Optional(Type.Boolean({ default: false })),
  },
  { title: 'UserCreate', ...CLOSED },
);
export type UserCreate = Static<typeof UserCreate>;

export const UserRegister = Type.Object(
  { email: Email, password: Password, full_name: Type.Optional(FullName) },
  { title: 'UserRegister', ...CLOSED },
);

/** Admin edit: every field optional; an absent password leaves it unchanged. */
export const UserUpdate = Type.Object(
  {
    email: Type.Optional(Email),
    password: Type.Optional(Password),
    full_name: Type.Optional(FullName),
    is_active: Type.Optional(Type.Boolean()),
    is_superuser: Type.Optional(Type.Boolean()),
  },
  { title: 'UserUpdate', ...EDIT },
);
export type UserUpdate = Static<typeof UserUpdate>;

/** A user's own profile: only these two fields, never the role, activity or password. */
export const UserUpdateMe = Type.Object(
  { email: Type.Optional(Email), full_name: Type.Optional(FullName) },
  { title: 'UserUpdateMe', ...EDIT },
);
export type UserUpdateMe = Static<typeof UserUpdateMe>;

export const UpdatePassword = Type.Object(
  { current_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }), new_password: Password },
  { title: 'UpdatePassword', ...CLOSED },
);

export const UserIdParams = Type.Object({ user_id: Type.String({ format: 'uuid' }) });
