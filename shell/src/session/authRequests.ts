import { api, unwrap } from '@vigil/shared';
import type { Credentials } from './authApi';

// The auth pages' requests, fetched when a form is sent (authApi.ts): the API client is not
// part of what a public page needs to paint or hydrate.

/** POST /login/access-token: a form-encoded body, answers the access token (docs/product.md §7.2). */
export async function login({ username, password }: Credentials): Promise<string> {
  const token = unwrap(
    await api.POST('/api/v1/login/access-token', {
      body: { username: username.trim(), password },
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }),
  );
  return token.access_token;
}

/** POST /auth/oidc/session: the one-time code single sign-on left in /login's fragment, for the access token. */
export async function exchangeSsoCode(code: string): Promise<string> {
  return unwrap(await api.POST('/api/v1/auth/oidc/session', { body: { code } })).access_token;
}

export async function signup(body: { email: string; full_name: string; password: string }) {
  return unwrap(await api.POST('/api/v1/users/signup', { body: { ...body, email: body.email.trim(), full_name: body.full_name.trim() } }));
}

/** GET /settings/public (no login): whether POST /users/signup creates accounts. */
export async function readSignupOpen(): Promise<boolean> {
  return unwrap(await api.GET('/api/v1/settings/public')).signup_open;
}

export async function recoverPassword(email: string) {
  return unwrap(await api.POST('/api/v1/password-recovery/{email}', { params: { path: { email: email.trim() } } }));
}

export async function resetPassword(body: { token: string; new_password: string }) {
  return unwrap(await api.POST('/api/v1/reset-password/', { body }));
}
