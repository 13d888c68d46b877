import { Type } from 'typebox';

/** The one-time code the callback put in /login's fragment (43 characters of base64url). */
export const SessionCodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 128 }) },
  { title: 'SsoSessionCode', additionalProperties: false },
);
