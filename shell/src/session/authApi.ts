import { useSubmission } from './useSubmission';

export interface Credentials {
  /** The email, sent as OAuth2's `username` field. */
  username: string;
  password: string;
}

/** The requests (and the API client) come when a form is first sent, not with the page. */
const requests = () => import('./authRequests');

const login = async (credentials: Credentials) => (await requests()).login(credentials);
/** The one-time code of a single sign-on, for the access token (the client comes with it, as with a form). */
export const exchangeSsoCode = async (code: string) => (await requests()).exchangeSsoCode(code);
const signup = async (body: { email: string; full_name: string; password: string }) => (await requests()).signup(body);
/** Whether sign-up is open, asked once the page runs (the prerendered page cannot know). */
export const readSignupOpen = async () => (await requests()).readSignupOpen();
const recoverPassword = async (email: string) => (await requests()).recoverPassword(email);
const resetPassword = async (body: { token: string; new_password: string }) => (await requests()).resetPassword(body);

export const useLogin = () => useSubmission(login);
export const useSignup = () => useSubmission(signup);
export const useRecoverPassword = () => useSubmission(recoverPassword);
export const useResetPassword = () => useSubmission(resetPassword);
