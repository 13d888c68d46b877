import * as client from 'openid-client';
import type { OidcConfig } from '../config.js';
import { SignInRefused } from './refusals.js';

/** What the provider said about the person who signed in, after every check openid-client makes. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  fullName: string | null;
  groups: string[];
}

/** The secrets of one sign-in under way, kept in the browser's sealed flow cookie (flowCookie.ts). */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Groups kept per sign-in and the longest name kept: the provider's claim is bounded before it is stored. */
export const MAX_GROUPS = 200;
export const MAX_GROUP_LENGTH = 255;
/** The provider's metadata is read again after this, so a moved endpoint is found without a restart. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds openid-client waits for the provider on each request. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * The OpenID provider, through openid-client: discovery (cached, read lazily so a provider
 * that is down never stops Vigil starting), the authorization URL with PKCE, state and nonce,
 * and the code exchange with the ID token's checks (signature, issuer, audience, expiry,
 * nonce). Claims the ID token lacks (many providers put email and groups in userinfo only)
 * are read from the userinfo endpoint, whose subject openid-client checks against the token's.
 */
export class OidcProvider {
  private discovered?: { at: number; configuration: Promise<client.Configuration> };

  constructor(
    private readonly config: OidcConfig,
    /** Where the provider sends the browser back: registered at the provider as is. */
    readonly redirectUri: string,
  ) {}

  private configuration(): Promise<client.Configuration> {
    if (!this.discovered || Date.now() - this.discovered.at > DISCOVERY_TTL_MS) {
      const { issuer, clientId, clientSecret } = this.config;
      const issuerUrl = new URL(issuer);
      // configSettings.ts admits http only on a loopback address (a provider on this machine).
      const insecure = issuerUrl.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {};
      const configuration = client
        .discovery(issuerUrl, clientId, undefined, client.ClientSecretBasic(clientSecret), {
          ...insecure,
          timeout: PROVIDER_TIMEOUT_SECONDS,
        })
        .catch((error: unknown) => {
          // Not remembered: the next sign-in tries again.
          this.discovered = undefined;
          throw new SignInRefused('provider_unreachable', describe(error));
        });
      this.discovered = { at: Date.now(), configuration };
    }
    return this.discovered.configuration;
  }

  /** The provider's authorization URL for a new sign-in, and the secrets the callback will need. */
  async start(): Promise<{ url: URL; secrets: FlowSecrets }> {
    const configuration = await this.configuration();
    const secrets: FlowSecrets = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: this.config.scopes.join(' '),
      state: secrets.state,
      nonce: secrets.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, secrets };
  }

  /**
   * The identity the callback's query (`code`, `state`, `iss` …) proves, checked against the
   * secrets of the sign-in this browser started; SignInRefused for anything else.
   */
  async finish(query: string, secrets: FlowSecrets): Promise<ProviderIdentity> {
    const configuration = await this.configuration();
    const callbackUrl = new URL(this.redirectUri);
    callbackUrl.search = query;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError) throw new SignInRefused('provider_refused', describe(error));
      if (isUnreachable(error)) throw new SignInRefused('provider_unreachable', describe(error));
      throw new SignInRefused('token_rejected', describe(error));
    }
    const idToken = tokens.claims();
    if (!idToken) throw new SignInRefused('token_rejected', 'no ID token');
    let claims: Record<string, unknown> = idToken;
    const { groupsClaim } = this.config;
    const lacking = idToken.email === undefined || idToken.email_verified === undefined || idToken[groupsClaim] === undefined;
    if (lacking && configuration.serverMetadata().userinfo_endpoint) {
      try {
        const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
        // The signed ID token's word wins where both speak.
        claims = { ...userinfo, ...idToken };
      } catch (error) {
        throw new SignInRefused(isUnreachable(error) ? 'provider_unreachable' : 'token_rejected', `userinfo: ${describe(error)}`);
      }
    }
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: typeof claims.email === 'string' && claims.email.trim() !== '' ? claims.email.trim() : undefined,
      // Some providers send the string "true": the claim is a boolean, anything else is "not verified".
      emailVerified: claims.email_verified === true,
      fullName: typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim().slice(0, 255) : null,
      groups: groupsOf(claims[groupsClaim]),
    };
  }
}

/** The groups claim as a bounded list of distinct names: an array of strings, or one string. */
export function groupsOf(claim: unknown): string[] {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  const names = values
    .filter((value): value is string => typeof value === 'string')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name.length <= MAX_GROUP_LENGTH && !name.includes('\u0000'));
  return [...new Set(names)].slice(0, MAX_GROUPS);
}

/** fetch's own failures (refused, reset, DNS) and openid-client's timeout: the provider did not answer. */
const isUnreachable = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'TimeoutError' || error.name === 'AbortError' || (error instanceof TypeError && error.message === 'fetch failed'));

/**
 * An error as one log line: openid-client's code and message, and those of the error it wraps
 * (`unexpected ID Token "nonce" claim value`), never a value (the messages name none; the
 * causes' claim values stay out).
 */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 3; at = at.cause, depth++) {
    const code = (at as { code?: unknown }).code;
    parts.push(`${typeof code === 'string' ? `${code}: ` : ''}${at.message}`);
  }
  return parts.length ? parts.join(' <- ') : String(error);
}
