import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import type { Config, OidcConfig } from '../../src/config.js';

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
 * codes, PKCE, ID tokens, userinfo, its cookies) is the provider's own. Also used by the
 * browser suite (e2e/singleSignOn.spec.ts): nothing here is vitest's.
 */
export class TestOidcProvider {
  private next?: ProviderAccount;
  private readonly accounts = new Map<string, ProviderAccount>();

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  private handle?: (req: IncomingMessage, res: ServerResponse) => void;

  /** Listening, its issuer known, answering nothing until `serve`: for a Vigil whose address comes after. */
  static async listen(): Promise<TestOidcProvider> {
    let self: TestOidcProvider | undefined;
    const server = createServer((req, res) => {
      if (self?.handle) self.handle(req, res);
      else res.writeHead(503).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    self = new TestOidcProvider(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  /** A provider answering, with Vigil's client registered for `redirectUri`. */
  static async start(redirectUri: string): Promise<TestOidcProvider> {
    const provider = await TestOidcProvider.listen();
    await provider.serve(redirectUri);
    return provider;
  }

  /** Starts answering as the provider, Vigil's client registered for `redirectUri`. */
  async serve(redirectUri: string): Promise<void> {
    const { issuer } = this;
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
        const account = this.accounts.get(sub);
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
    this.handle = (req, res) => {
      if (req.url?.startsWith('/interaction/')) {
        const account = this.next;
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
