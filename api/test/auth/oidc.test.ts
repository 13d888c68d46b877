import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoGroupsOf } from '../../src/sso/service.js';
import { answered } from '../helpers/api.js';
import { CLIENT_SECRET, callbackUrlOf, type ProviderAccount, TestOidcProvider } from '../helpers/oidcProvider.js';
import { exchangeCode, signInAtProvider, signInWithSso } from '../helpers/ssoSignIn.js';
import { createTestApp, type TestApp, testConfig } from '../helpers/testApp.js';
import { updateUser } from '../helpers/users.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const account = (overrides: Partial<ProviderAccount> = {}): ProviderAccount => {
  const id = randomUUID().slice(0, 8);
  return { sub: `sub-${id}`, email: `sso-${id}@example.com`, email_verified: true, name: `Sso ${id}`, groups: [], ...overrides };
};

describe('single sign-on through a real OpenID provider', () => {
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

  const me = async (token: string) =>
    answered(await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } }));
  const identitiesOf = (userId: string) =>
    t.db.selectFrom('user_sso_identities').select(['issuer', 'subject', 'email', 'groups']).where('user_id', '=', userId).execute();

  it('creates the user on the first sign-in, storing the groups claim, and hands the console a token through a one-time code', async () => {
    const alice = account({ email: 'Alice.SSO@Example.com', name: 'Alice Sso', groups: ['oncall-db', 'sre'] });
    const back = await signInAtProvider(t, provider, alice);
    expect(back.error).toBeNull();
    expect(back.code).toMatch(/^[\w-]{43}$/);
    const res = await exchangeCode(t, back.code!, back.browser);
    const token = answered(res);
    expect(token.token_type).toBe('bearer');
    const user = await me(token.access_token);
    expect(user).toMatchObject({ email: 'Alice.SSO@Example.com', full_name: 'Alice Sso', is_active: true, is_superuser: false });
    expect(await identitiesOf(user.id)).toEqual([
      { issuer: provider.issuer, subject: alice.sub, email: 'Alice.SSO@Example.com', groups: ['oncall-db', 'sre'] },
    ]);
    // A password nobody knows: a real argon2id hash of random bytes, never an empty one.
    const row = await t.db.selectFrom('users').select('hashed_password').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.hashed_password).toMatch(/^\$argon2id\$/);
    // The code works once.
    expect((await exchangeCode(t, back.code!, back.browser)).json()).toEqual({ detail: 'Invalid or expired sign-in code' });
  });

  it('finds the same user at the next sign-in and replaces the stored groups with the new claim', async () => {
    const bob = account({ groups: ['payments'] });
    const first = await me(await signInWithSso(t, provider, bob));
    const second = await me(await signInWithSso(t, provider, { ...bob, groups: ['payments-admins', 'sre'] }));
    expect(second.id).toBe(first.id);
    // What group-to-team rules will read.
    expect(await ssoGroupsOf(t.db, first.id)).toEqual([
      { issuer: provider.issuer, groups: ['payments-admins', 'sre'], last_login_at: expect.any(Date) },
    ]);
    const third = await me(await signInWithSso(t, provider, { ...bob, groups: [] }));
    expect(third.id).toBe(first.id);
    expect((await ssoGroupsOf(t.db, first.id)).map((i) => i.groups)).toEqual([[]]);
  });

  it("maps groups to teams by the superuser's rules, and a changed group changes the teams at the next sign-in", async () => {
    const lead = await t.createUser();
    const payments = answered(
      await t.app.inject({ method: 'POST', url: '/api/v1/teams/', headers: lead.auth, payload: { name: 'Payments' } }),
    );
    const sre = answered(await t.app.inject({ method: 'POST', url: '/api/v1/teams/', headers: lead.auth, payload: { name: 'SRE' } }));
    const rule = (group_name: string, team_id: string, role: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/sso/group-rules', headers: t.superuser.auth, payload: { group_name, team_id, role } });
    for (const [group, team, role] of [
      ['payments', payments.id, 'responder'],
      ['payments-admins', payments.id, 'admin'],
      ['sre', sre.id, 'observer'],
    ] as const) {
      answered(await rule(group, team, role));
    }
    // Only superusers set rules; a rule for an unknown team or a second one for a group and team is refused.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/sso/group-rules',
          headers: lead.auth,
          payload: { group_name: 'x', team_id: sre.id, role: 'admin' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await rule('payments', payments.id, 'observer')).statusCode).toBe(409);
    expect((await rule('nobody', randomUUID(), 'observer')).statusCode).toBe(422);

    const dana = account({ groups: ['payments'] });
    const rolesOf = async (token: string) =>
      Object.fromEntries(
        answered(await t.app.inject({ method: 'GET', url: '/api/v1/teams/', headers: { authorization: `Bearer ${token}` } })).data.map(
          (team: { name: string; my_role: string }) => [team.name, team.my_role],
        ),
      );
    expect(await rolesOf(await signInWithSso(t, provider, dana))).toEqual({ Payments: 'responder' });
    // The highest role any group gives; a new group adds its team.
    expect(await rolesOf(await signInWithSso(t, provider, { ...dana, groups: ['payments', 'payments-admins', 'sre'] }))).toEqual({
      Payments: 'admin',
      SRE: 'observer',
    });
    // Groups taken away at the provider: the memberships they gave go at the next sign-in.
    expect(await rolesOf(await signInWithSso(t, provider, { ...dana, groups: ['sre'] }))).toEqual({ SRE: 'observer' });
    // A membership an admin gave by hand is the admin's: the rules never take it away.
    const danaId = (await me(await signInWithSso(t, provider, { ...dana, groups: ['sre'] }))).id;
    answered(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/teams/${payments.id}/members`,
        headers: t.superuser.auth,
        payload: { user_id: danaId, role: 'observer' },
      }),
    );
    expect(await rolesOf(await signInWithSso(t, provider, { ...dana, groups: [] }))).toEqual({ Payments: 'observer' });
    // Each change is in the team's audit log, made at the sign-in.
    const log = answered(
      await t.app.inject({ method: 'GET', url: `/api/v1/audit-log/?team_id=${payments.id}&target_type=team_member`, headers: lead.auth }),
    );
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['team_member.added', 'team_member.role_changed', 'team_member.removed']),
    );
  });

  it('signs an existing password user in by their verified email, in any case, without a second account', async () => {
    const existing = await t.createUser({ email: `carol-${randomUUID().slice(0, 6)}@example.com` });
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const user = await me(await signInWithSso(t, provider, account({ email: existing.email.toUpperCase(), groups: ['ops'] })));
    expect(user.id).toBe(existing.id);
    expect(await count()).toBe(before);
    // Their password still works: single sign-on adds a way in.
    expect(await t.login(existing.email, existing.password)).toBeTruthy();
  });

  it('tells the login page, without a login, that single sign-on is on and its name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/settings/public' });
    expect(answered(res)).toEqual({ signup_open: true, sso_provider_name: 'Test IdP', password_login_superusers_only: false });
  });

  it('never logs the client secret, a one-time code or the authorization code', async () => {
    const back = await signInAtProvider(t, provider, account());
    const log = logLines.join('\n');
    expect(log).toContain('signed in through single sign-on');
    expect(log).toContain('/api/v1/auth/oidc/callback?code=[redacted]');
    expect(log).not.toContain(CLIENT_SECRET);
    expect(log).not.toContain(back.code);
  });
});

describe('password login for superusers only', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await TestOidcProvider.start(callbackUrlOf(testConfig()));
    t = await createTestApp({ oidc: provider.oidcConfig({ passwordLoginSuperusersOnly: true }) });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** An ordinary user: made a superuser, so the helper can sign them in with their password, then not. */
  const ordinaryUser = async (name: string) => {
    const user = await t.createUser({ email: `${name}-${randomUUID().slice(0, 6)}@example.com`, is_superuser: true });
    await updateUser(t, user.id, { is_superuser: false });
    return user;
  };
  const passwordLogin = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      headers: FORM,
      payload: new URLSearchParams({ username, password }).toString(),
    });

  it('refuses a right password of a non-superuser with 403 and lets a superuser in', async () => {
    const user = await ordinaryUser('erin');
    const refused = await passwordLogin(user.email, user.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Password login is turned off: sign in with Test IdP' });
    // A wrong password is still the usual 400: nothing is said about the account without it.
    expect((await passwordLogin(user.email, 'wrong-password')).statusCode).toBe(400);
    expect(answered(await passwordLogin(t.superuser.email, t.superuser.password)).token_type).toBe('bearer');
    const settings = answered(await t.app.inject({ method: 'GET', url: '/api/v1/settings/public' }));
    expect(settings.password_login_superusers_only).toBe(true);
  });

  it('still signs the same non-superuser in through the provider', async () => {
    const user = await ordinaryUser('frank');
    const token = await signInWithSso(t, provider, account({ email: user.email }));
    const me = answered(await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } }));
    expect(me.id).toBe(user.id);
  });
});
