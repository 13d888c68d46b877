import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { FlowSecrets } from './provider.js';

/** The cookie holding one sign-in's state, nonce and PKCE verifier, sealed, between /start and /callback. */
export const FLOW_COOKIE = 'vigil_sso_flow';
/** The cookie binding a callback's one-time code to the browser it was made for, until /session. */
export const BROWSER_COOKIE = 'vigil_sso_browser';
/** Time to sign in at the provider (a password manager, a second factor). */
export const FLOW_TTL_SECONDS = 600;
/** Time between the callback and the console's exchange of the code: one page load. */
export const SESSION_CODE_TTL_SECONDS = 60;

const HKDF_INFO = 'vigil sso flow cookie';
const keys = new Map<string, Uint8Array>();
const keyOf = (secretKey: string): Uint8Array => {
  let key = keys.get(secretKey);
  if (!key) {
    // Its own key, derived from SECRET_KEY: never the access tokens' signing key itself.
    key = new Uint8Array(hkdfSync('sha256', secretKey, '', HKDF_INFO, 32));
    keys.set(secretKey, key);
  }
  return key;
};

/**
 * The flow's secrets encrypted and authenticated (JWE, A256GCM) with an expiry: the browser
 * carries them, so any replica can finish a sign-in another started and nothing is stored for
 * a sign-in never finished; the PKCE verifier stays unreadable to the page and to the provider.
 */
export async function sealFlow(secretKey: string, secrets: FlowSecrets): Promise<string> {
  return new EncryptJWT({ s: secrets.state, n: secrets.nonce, v: secrets.codeVerifier })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
    .encrypt(keyOf(secretKey));
}

/** The secrets of a sealed flow, or null when it is missing, forged, tampered with or expired. */
export async function openFlow(secretKey: string, sealed: string | undefined): Promise<FlowSecrets | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, keyOf(secretKey), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const { s, n, v } = payload;
    if (typeof s !== 'string' || typeof n !== 'string' || typeof v !== 'string') return null;
    return { state: s, nonce: n, codeVerifier: v };
  } catch {
    return null;
  }
}
