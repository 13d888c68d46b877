import { expect } from 'vitest';
import { CookieJar, callbackUrlOf, followProvider, type ProviderAccount, type TestOidcProvider } from './oidcProvider.js';
import type { TestApp } from './testApp.js';

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
