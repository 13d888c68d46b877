import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@vigil/shared';

export interface Credentials {
  /** The email, sent as OAuth2's `username` field. */
  username: string;
  password: string;
}

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

export async function signup(body: { email: string; full_name: string; password: string }) {
  return unwrap(await api.POST('/api/v1/users/signup', { body: { ...body, email: body.email.trim(), full_name: body.full_name.trim() } }));
}

export async function recoverPassword(email: string) {
  return unwrap(await api.POST('/api/v1/password-recovery/{email}', { params: { path: { email: email.trim() } } }));
}

export async function resetPassword(body: { token: string; new_password: string }) {
  return unwrap(await api.POST('/api/v1/reset-password/', { body }));
}

export const useLogin = () => useMutation({ mutationFn: login });
export const useSignup = () => useMutation({ mutationFn: signup });
export const useRecoverPassword = () => useMutation({ mutationFn: recoverPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
