import { type Static, Type } from 'typebox';

export const SettingsPublic = Type.Object(
  {
    /** On: the public alert routes refuse a call without a valid signed link token (a signed-in owner or superuser still may). */
    require_signed_links: Type.Boolean(),
    /** How long a signed link works (SIGNED_LINK_TTL_HOURS): configuration, shown, not changed here. */
    signed_link_ttl_hours: Type.Integer(),
    /** On (the default): anyone may create an account through POST /users/signup. Off: that call is a 403, and only superusers add users. */
    signup_open: Type.Boolean(),
  },
  { title: 'SettingsPublic' },
);
export type SettingsPublic = Static<typeof SettingsPublic>;

/** What a superuser changes: any of the settings, at least one. */
export const SettingsUpdate = Type.Object(
  { require_signed_links: Type.Optional(Type.Boolean()), signup_open: Type.Optional(Type.Boolean()) },
  { title: 'SettingsUpdate', additionalProperties: false, minProperties: 1 },
);
export type SettingsUpdate = Static<typeof SettingsUpdate>;

/** The settings anyone may read, signed in or not: what the public pages need (sign-up, login). */
export const SettingsForEveryone = Type.Object(
  {
    signup_open: Type.Boolean(),
    /** The login page's "Sign in with <name>"; null: single sign-on is not configured. */
    sso_provider_name: Type.Union([Type.String(), Type.Null()]),
    /** On: password login is for superusers only (everyone else signs in through the provider). */
    password_login_superusers_only: Type.Boolean(),
  },
  { title: 'SettingsForEveryone' },
);
export type SettingsForEveryone = Static<typeof SettingsForEveryone>;
