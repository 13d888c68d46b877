import { Type } from 'typebox';
import { Email, Password } from '../users/schema.js';

export const Token = Type.Object({ access_token: Type.String(), token_type: Type.Literal('bearer') }, { title: 'Token' });

/** OAuth2 password form, as FastAPI's OAuth2PasswordRequestForm. */
export const LoginForm = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 255 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    grant_type: Type.Optional(Type.String({ pattern: '^password$' })),
    scope: Type.Optional(Type.String()),
    client_id: Type.Optional(Type.String()),
    client_secret: Type.Optional(Type.String()),
  },
  { title: 'Body_login-login_access_token', additionalProperties: false },
);

export const NewPassword = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }), new_password: Password },
  { title: 'NewPassword', additionalProperties: false },
);

export const EmailParams = Type.Object({ email: Email });
