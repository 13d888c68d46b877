import type { Schemas } from '@vigil/shared';

// Single sign-on on the login page (docs/api/single-sign-on.md). Nothing here runs before the
// page paints: the provider's name is asked once the page is hydrated, with a bare fetch (the
// API client is not part of what /login downloads, docs/console/prerendered-pages.md).

/** Where the button leads: a full navigation to the API, which sends the browser on to the provider. */
export const SSO_START_URL = '/api/v1/auth/oidc/start';

type PublicSettings = Schemas['SettingsForEveryone'];

/** GET /settings/public (no login): the provider's name for "Sign in with …", or null when single sign-on is off. */
export async function readSsoProviderName(): Promise<string | null> {
  const res = await fetch('/api/v1/settings/public', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /settings/public answered ${res.status}`);
  return ((await res.json()) as PublicSettings).sso_provider_name;
}

/**
 * What the provider's round trip left in /login's fragment: the one-time code to exchange
 * (`#sso=…`), or why the sign-in was refused (`#sso_error=…`); null for anything else.
 */
export function ssoReturnOf(hash: string): { code: string } | { refusal: string } | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const code = fragment.get('sso');
  if (code) return { code };
  const refusal = fragment.get('sso_error');
  return refusal ? { refusal } : null;
}

/**
 * The text for each refusal the API names (api/src/sso/refusals.ts): a fixed text per known
 * reason, so a crafted link cannot make the page say anything else.
 */
const REFUSAL_TEXTS: Record<string, string> = {
  sso_off: 'Single sign-on is not set up on this Vigil.',
  no_flow: 'The sign-in took too long or was started in another browser. Try again.',
  state_mismatch: 'The sign-in did not match the one this browser started. Try again.',
  provider_refused: 'The sign-in was cancelled or refused at the provider.',
  provider_unreachable: 'The sign-in provider could not be reached. Try again later.',
  token_rejected: "The sign-in provider's answer could not be verified. Try again.",
  email_missing: 'The sign-in provider gave no email address for your account.',
  email_unverified: 'Your email address is not verified at the sign-in provider: verify it there, then try again.',
  inactive_user: 'Your Vigil account is inactive: ask an administrator.',
};
export const SSO_FAILED_TEXT = 'Single sign-on failed. Try again.';

export const ssoRefusalText = (reason: string): string => (Object.hasOwn(REFUSAL_TEXTS, reason) ? REFUSAL_TEXTS[reason]! : SSO_FAILED_TEXT);
