import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, callbackUrlOf, followProvider, type ProviderAccount, TestOidcProvider } from '../helpers/oidcProvider.js';
import { exchangeCode, returnToVigil, signInAtProvider, startSignIn } from '../helpers/ssoSignIn.js';
import { createTestApp, type TestApp, testConfig } from '../helpers/testApp.js';
import { updateUser } from '../helpers/users.js';

const account = (overrides: Partial<ProviderAccount> = {}): ProviderAccount => {
  const id = randomUUID().slice(0, 8);
  return { sub: `sub-${id}`, email: `refused-${id}@example.com`, email_verified: true, groups: ['sre'], ...overrides };
};

describe('single sign-on refusals: to /login with a reason, nothing created', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    provider = await TestOidcProvider.start(callbackUrlOf(testConfig()));
    t = await createTestApp({ oidc: provider.oidcConfig() }, { logStream: { write: (line) => logLines.push(line) } });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  const rows = async () => ({
    users: Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    identities: Number(
      (
        await t.db
          .selectFrom('user_sso_identities')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    codes: Number(
      (
        await t.db
          .selectFrom('sso_session_codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  /** The refusal's warning, as the audit log will get it (sso/refusals.ts, onRefusedSignIn). */
  const refusalLogged = (reason: string) =>
    logLines.map((line) => JSON.parse(line)).find((entry) => entry.signInRefused?.reason === reason && entry.level === 40)?.signInRefused;
  /** Runs `attempt` and checks it refused with `reason` and wrote no user, identity nor code. */
  const expectRefused = async (reason: string, attempt: () => Promise<{ code: string | null; error: string | null }>) => {
    const before = await rows();
    const back = await attempt();
    expect(back).toMatchObject({ code: null, error: reason });
    expect(await rows()).toEqual(before);
    expect(refusalLogged(reason)).toMatchObject({ reason, method: 'oidc' });
  };

  it('refuses a callback whose state is not the one this browser sent', async () => {
    provider.signInAs(account());
    const { providerUrl, flow } = await startSignIn(t);
    const callback = await followProvider(providerUrl, new CookieJar(), provider.issuer);
    callback.searchParams.set('state', 'state-of-another-sign-in');
    await expectRefused('state_mismatch', () => returnToVigil(t, callback, flow));
  });

  it('refuses an ID token whose nonce is not the one this browser sent', async () => {
    provider.signInAs(account());
    const { providerUrl, flow } = await startSignIn(t);
    const tampered = new URL(providerUrl);
    tampered.searchParams.set('nonce', 'nonce-of-another-sign-in');
    const callback = await followProvider(tampered.href, new CookieJar(), provider.issuer);
    await expectRefused('token_rejected', () => returnToVigil(t, callback, flow));
    expect(refusalLogged('token_rejected').detail).toMatch(/nonce/);
  });

  it('refuses an email the provider does not say is verified, and one it does not give', async () => {
    const unverified = account({ email_verified: false });
    await expectRefused('email_unverified', () => signInAtProvider(t, provider, unverified));
    expect(refusalLogged('email_unverified')).toMatchObject({ email: unverified.email, subject: unverified.sub, issuer: provider.issuer });
    // …and recorded in the audit log, with the address tried and why.
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label', 'after'])
      .where('action', '=', 'signin.refused')
      .where('actor_label', '=', unverified.email)
      .executeTakeFirst();
    expect(entry).toEqual({
      action: 'signin.refused',
      actor_label: unverified.email,
      after: { email: unverified.email, reason: 'email_unverified' },
    });
    await expectRefused('email_missing', () => signInAtProvider(t, provider, account({ email: '' })));
  });

  it('refuses an inactive account, leaving its stored identity as it was', async () => {
    const user = await t.createUser({ email: `inactive-${randomUUID().slice(0, 6)}@example.com` });
    await updateUser(t, user.id, { is_active: false });
    await expectRefused('inactive_user', () => signInAtProvider(t, provider, account({ email: user.email })));
  });

  it('refuses a callback without the flow cookie, or with a forged one', async () => {
    for (const flow of [undefined, 'forged.flow.cookie.value.x']) {
      provider.signInAs(account());
      const { providerUrl } = await startSignIn(t);
      const callback = await followProvider(providerUrl, new CookieJar(), provider.issuer);
      await expectRefused('no_flow', () => returnToVigil(t, callback, flow));
    }
  });

  it("refuses the provider's error answer (the person cancelled)", async () => {
    const { providerUrl, flow } = await startSignIn(t);
    const callback = new URL(callbackUrlOf(t.config));
    callback.search = new URLSearchParams({
      error: 'access_denied',
      state: new URL(providerUrl).searchParams.get('state')!,
      iss: provider.issuer,
    }).toString();
    await expectRefused('provider_refused', () => returnToVigil(t, callback, flow));
  });

  it('exchanges a code only in the browser it was made for, once, and before it expires', async () => {
    const back = await signInAtProvider(t, provider, account());
    expect(back.code).toBeTruthy();
    for (const browser of [undefined, 'cookie-of-another-browser']) {
      const res = await exchangeCode(t, back.code!, browser);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'Invalid or expired sign-in code' });
    }
    // Expired: the right browser is too late.
    await t.db
      .updateTable('sso_session_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await exchangeCode(t, back.code!, back.browser)).statusCode).toBe(400);
    expect((await rows()).codes).toBe(0);
  });

  it('refuses an exchange for a user made inactive since the callback', async () => {
    const user = await t.createUser({ email: `late-${randomUUID().slice(0, 6)}@example.com` });
    const back = await signInAtProvider(t, provider, account({ email: user.email }));
    await updateUser(t, user.id, { is_active: false });
    const res = await exchangeCode(t, back.code!, back.browser);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Inactive user' });
  });
});

describe('single sign-on not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 404 at start and sends a callback to /login with sso_off', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({ detail: 'Single sign-on is not configured' });
    const back = await returnToVigil(t, new URL(`${callbackUrlOf(t.config)}?code=x&state=y`), undefined);
    expect(back).toMatchObject({ code: null, error: 'sso_off' });
  });
});
