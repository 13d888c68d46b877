import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { expect } from 'vitest';
import type { Config, OidcConfig } from '../../src/config.js';
import type { TestApp } from './testApp.js';

/** A person at the test provider: what its ID token and userinfo say about them. */
export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

export const CLIENT_ID = 'vigil-test';
export const CLIENT_SECRET = 'vigil-test-client-secret-do-not-log-0123456789';

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1, with one confidential
 * client for Vigil. Its login and consent screens are replaced by an interaction that signs in
 * whoever `signInAs` named last, as a person clicking through would: the rest (authorization
 * codes, PKCE, ID tokens, userinfo, its cookies) is the provider's own.
 */
export class TestOidcProvider {
  private next?: ProviderAccount;
  private readonly accounts = new Map<string, ProviderAccount>();

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  static async start(redirectUri: string): Promise<TestOidcProvider> {
    let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
    const server = createServer((req, res) => handle?.(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const self = new TestOidcProvider(server, issuer);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const configuration: Configuration = {
      clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri], grant_types: ['authorization_code'] }],
      jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] } as never,
      cookies: { keys: ['test-provider-cookie-key'] },
      scopes: ['openid', 'email', 'profile', 'groups'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
      findAccount: (_ctx, sub) => {
        const account = self.accounts.get(sub);
        return account && { accountId: sub, claims: () => ({ ...account }) };
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      // Consent given: a first-party client, as an organisation's own provider treats Vigil.
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
        grant.addOIDCScope('openid email profile groups');
        await grant.save();
        return grant;
      },
    };
    const provider = new Provider(issuer, configuration);
    const callback = provider.callback();
    handle = (req, res) => {
      if (req.url?.startsWith('/interaction/')) {
        const account = self.next;
        if (!account) throw new Error('signInAs() first');
        provider
          .interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false })
          .catch((error: unknown) => {
            res.statusCode = 500;
            res.end(String(error));
          });
        return;
      }
      callback(req, res);
    };
    return self;
  }

  /** Who the provider signs in next (and, from then on, what it says about them). */
  signInAs(account: ProviderAccount): void {
    this.accounts.set(account.sub, account);
    this.next = account;
  }

  /** Vigil's OIDC configuration for this provider. */
  oidcConfig(overrides: Partial<OidcConfig> = {}): OidcConfig {
    return {
      issuer: this.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scopes: ['openid', 'email', 'profile', 'groups'],
      providerName: 'Test IdP',
      groupsClaim: 'groups',
      passwordLoginSuperusersOnly: false,
      ...overrides,
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Vigil's callback URL for a test app's configuration (the one to register at the provider). */
export const callbackUrlOf = (config: Pick<Config, 'frontendHost'>) => `${config.frontendHost}/api/v1/auth/oidc/callback`;

/** A browser's cookies for one site: enough for the provider's own (no domains, no paths). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows the provider's redirects from `url`, as a browser would, until one leaves the
 * provider: that URL (Vigil's callback with the provider's answer in its query).
 */
export async function followProvider(url: string, jar: CookieJar, issuer: string): Promise<URL> {
  let at = new URL(url);
  for (let hop = 0; hop < 10; hop++) {
    if (!at.href.startsWith(issuer)) return at;
    const res = await fetch(at, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    at = new URL(location, at);
  }
  throw new Error('too many redirects at the provider');
}

const SSO = '/api/v1/auth/oidc';

/** GET /auth/oidc/start: the provider's authorization URL and the sealed flow cookie Vigil set. */
export async function startSignIn(t: TestApp): Promise<{ providerUrl: string; flow: string }> {
  const res = await t.app.inject({ method: 'GET', url: `${SSO}/start` });
  expect(res.statusCode, res.body).toBe(302);
  const flow = res.cookies.find((c) => c.name === 'vigil_sso_flow');
  expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: SSO });
  return { providerUrl: res.headers.location as string, flow: flow!.value };
}

/** The provider's redirect back, followed into Vigil's callback with the flow cookie (if any): where Vigil sends the browser. */
export async function returnToVigil(t: TestApp, callback: URL, flow: string | undefined) {
  expect(callback.href.startsWith(callbackUrlOf(t.config))).toBe(true);
  const res = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    cookies: flow ? { vigil_sso_flow: flow } : {},
  });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(`${t.config.frontendHost}/login`);
  const fragment = new URLSearchParams(location.hash.slice(1));
  return {
    code: fragment.get('sso'),
    error: fragment.get('sso_error'),
    browser: res.cookies.find((c) => c.name === 'vigil_sso_browser' && c.value !== '')?.value,
  };
}

/** POST /auth/oidc/session: the console's exchange of the one-time code, with the browser cookie. */
export const exchangeCode = (t: TestApp, code: string, browser: string | undefined) =>
  t.app.inject({ method: 'POST', url: `${SSO}/session`, payload: { code }, cookies: browser ? { vigil_sso_browser: browser } : {} });

/** A whole sign-in as `account`, through the real provider, up to Vigil's answer at the callback. */
export async function signInAtProvider(t: TestApp, provider: TestOidcProvider, account: ProviderAccount) {
  provider.signInAs(account);
  const { providerUrl, flow } = await startSignIn(t);
  const callback = await followProvider(providerUrl, new CookieJar(), provider.issuer);
  return returnToVigil(t, callback, flow);
}

/** A whole sign-in that must succeed: the access token the console ends up with. */
export async function signInWithSso(t: TestApp, provider: TestOidcProvider, account: ProviderAccount): Promise<string> {
  const back = await signInAtProvider(t, provider, account);
  expect(back.error).toBeNull();
  const res = await exchangeCode(t, back.code!, back.browser);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}
