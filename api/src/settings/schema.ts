import { type Static, Type } from 'typebox';

export const SettingsPublic = Type.Object(
  {
    /** On: the public alert routes refuse a call without a valid signed link token (a signed-in owner or superuser still may). */
    require_signed_links: Type.Boolean(),
    /** How long a signed link works (SIGNED_LINK_TTL_HOURS): configuration, shown, not changed here. */
    signed_link_ttl_hours: Type.Integer(),
  },
  { title: 'SettingsPublic' },
);
export type SettingsPublic = Static<typeof SettingsPublic>;

export const SettingsUpdate = Type.Object(
  { require_signed_links: Type.Boolean() },
  { title: 'SettingsUpdate', additionalProperties: false },
);
export type SettingsUpdate = Static<typeof SettingsUpdate>;
