import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';

/**
 * Why a sign-in was refused. The callback sends the console to `/login#sso_error=<reason>`,
 * and the login page shows its text for it (shell/src/pages/ssoReturn.ts): a code, not a
 * message, so nobody can make the login page say what they like with a crafted link.
 */
export const SIGN_IN_REFUSALS = [
  /** Single sign-on is not configured. */
  'sso_off',
  /** No flow cookie, or an expired or forged one: too slow, another browser, or not started here. */
  'no_flow',
  /** The callback's state is not the one this browser's sign-in sent. */
  'state_mismatch',
  /** The provider answered with an error (the person cancelled, or was not allowed). */
  'provider_refused',
  /** The provider could not be reached (discovery, token or userinfo endpoint). */
  'provider_unreachable',
  /** The code exchange or the ID token failed a check: signature, issuer, audience, expiry, nonce, PKCE. */
  'token_rejected',
  /** The provider gave no email address. */
  'email_missing',
  /** The provider does not say the email address is verified. */
  'email_unverified',
  /** The Vigil account is inactive. */
  'inactive_user',
  /** Password login is for superusers only (PASSWORD_LOGIN_SUPERUSERS_ONLY). */
  'password_login_off',
] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

/** A refused sign-in: `detail` is for the log only (openid-client's reason), never shown to the person. */
export class SignInRefused extends Error {
  constructor(
    readonly reason: SignInRefusal,
    readonly detail?: string,
  ) {
    super(`sign-in refused: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}

/** What is known of a refused sign-in: never a token, a code or a secret. */
export interface RefusedSignIn {
  reason: SignInRefusal;
  /** `oidc` (single sign-on) or `password`. */
  method: 'oidc' | 'password';
  detail?: string;
  issuer?: string;
  subject?: string;
  email?: string;
  userId?: string;
  ip: string;
}

/**
 * Every refused sign-in passes here: a warning in the log and an entry in the audit log
 * (`signin.refused` with the email and the reason; docs/api/audit-log.md). A failure to write the
 * entry (the database away) is logged and does not change the answer: the sign-in is refused
 * either way.
 */
export async function onRefusedSignIn(db: Db, log: FastifyBaseLogger, refusal: RefusedSignIn): Promise<void> {
  log.warn({ signInRefused: refusal }, `sign-in refused: ${refusal.reason}`);
  const actor = { userId: null, tokenId: null, label: refusal.email ?? refusal.subject ?? null, address: refusal.ip };
  await recordAudit(db, actor, {
    action: 'signin.refused',
    targetType: 'signin',
    targetId: refusal.userId ?? null,
    after: { email: refusal.email ?? null, reason: refusal.reason },
  }).catch((err: unknown) => log.warn({ err }, 'refused sign-in not recorded in the audit log'));
}
