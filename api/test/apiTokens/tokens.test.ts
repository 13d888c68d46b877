import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiToken, LAST_USED_PRECISION_MS } from '../../src/apiTokens/credentials.js';
import { LIVE_TOKENS_PER_USER_MAX } from '../../src/apiTokens/schema.js';
import { ADMIN_SCOPE_SUPERUSERS_ONLY, tooManyTokens } from '../../src/apiTokens/service.js';
import { ALERTS } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createApiToken, TOKENS } from '../helpers/apiTokens.js';
import { eventually } from '../helpers/eventually.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

const DAY_MS = 86_400_000;

describe('/api/v1/tokens', () => {
  let t: TestApp;
  let user: TestUser;
  const clock = new TestClock();
  const storedTokens = (userId: string) => t.db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId).execute();

  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
    user = await t.createUser();
  });
  afterAll(() => t.close());

  it('answers the secret once and stores only its SHA-256; lists show the prefix, never the secret', async () => {
    const created = answered(
      await callAs(t, user, 'POST', `${TOKENS}/`, { name: 'Deploy bot', scopes: ['read', 'alerts:write'], expires_in_days: 90 }),
    );
    expect(created).toMatchObject({
      name: 'Deploy bot',
      scopes: ['read', 'alerts:write'],
      user_id: user.id,
      team_id: null,
      last_used_at: null,
      revoked_at: null,
    });
    expect(created.prefix).toBe(created.token.slice(0, 12));
    expect(new Date(created.expires_at).getTime() - new Date(created.created_at).getTime()).toBe(90 * DAY_MS);

    const [row] = await storedTokens(user.id);
    expect(row?.token_hash).toBe(hashApiToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));

    const list = await callAs(t, user, 'GET', `${TOKENS}/`);
    expect(list.body).not.toContain(created.token.slice(12));
    const { token: _secret, ...shown } = created;
    expect(answered(list)).toEqual({ data: [shown], count: 1 });
  });

  it.each([
    ['an unknown scope', { name: 'x', scopes: ['write'], expires_in_days: 30 }, ['body', 'scopes', 0]],
    ['no scope', { name: 'x', scopes: [], expires_in_days: 30 }, ['body', 'scopes']],
    ['a repeated scope', { name: 'x', scopes: ['read', 'read'], expires_in_days: 30 }, ['body', 'scopes']],
    ['no expiry', { name: 'x', scopes: ['read'] }, ['body', 'expires_in_days']],
    ['an expiry past a year', { name: 'x', scopes: ['read'], expires_in_days: 366 }, ['body', 'expires_in_days']],
    ['an expiry of 0 days', { name: 'x', scopes: ['read'], expires_in_days: 0 }, ['body', 'expires_in_days']],
    ['an empty name', { name: '', scopes: ['read'], expires_in_days: 30 }, ['body', 'name']],
    [
      'a team id (not yet accepted)',
      { name: 'x', scopes: ['read'], expires_in_days: 30, team_id: '00000000-0000-4000-8000-000000000000' },
      ['body', 'team_id'],
    ],
  ])('refuses %s with a 422 and stores nothing', async (_what, payload, loc) => {
    const someone = await t.createUser();
    const res = await callAs(t, someone, 'POST', `${TOKENS}/`, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
    expect(await storedTokens(someone.id)).toEqual([]);
  });

  it('gives the admin scope to superusers only (403 otherwise)', async () => {
    const res = await callAs(t, user, 'POST', `${TOKENS}/`, { name: 'root', scopes: ['admin'], expires_in_days: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(ADMIN_SCOPE_SUPERUSERS_ONLY);
    answered(await callAs(t, t.superuser, 'POST', `${TOKENS}/`, { name: 'root', scopes: ['admin'], expires_in_days: 1 }));
  });

  it(`holds at most ${LIVE_TOKENS_PER_USER_MAX} live tokens: an expired or revoked one makes room`, async () => {
    const someone = await t.createUser();
    const made = [];
    for (let i = 0; i < LIVE_TOKENS_PER_USER_MAX; i++)
      made.push(await createApiToken(t, someone, ['read'], { expires_in_days: i === 0 ? 1 : 30 }));
    const over = await callAs(t, someone, 'POST', `${TOKENS}/`, { name: 'one more', scopes: ['read'], expires_in_days: 30 });
    expect(over.statusCode).toBe(422);
    expect(over.json().detail[0].msg).toBe(`Value error, ${tooManyTokens}`);

    answered(await callAs(t, someone, 'DELETE', `${TOKENS}/${made[1]?.id}`));
    await createApiToken(t, someone, ['read']);
    clock.advance(DAY_MS);
    await createApiToken(t, someone, ['read']);
    expect((await storedTokens(someone.id)).length).toBe(LIVE_TOKENS_PER_USER_MAX + 2);
  });

  it('lets only one of two creations made at once take the last slot', async () => {
    const someone = await t.createUser();
    for (let i = 0; i < LIVE_TOKENS_PER_USER_MAX - 1; i++) await createApiToken(t, someone, ['read']);
    const both = await Promise.all(
      ['a', 'b'].map((name) => callAs(t, someone, 'POST', `${TOKENS}/`, { name, scopes: ['read'], expires_in_days: 30 })),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect((await storedTokens(someone.id)).length).toBe(LIVE_TOKENS_PER_USER_MAX);
  });

  it('revokes: the token stops at once; again changes nothing; another user gets 404, a superuser may', async () => {
    const token = await createApiToken(t, user, ['read']);
    const first = answered(await callAs(t, user, 'DELETE', `${TOKENS}/${token.id}`));
    expect(first.revoked_at).toBe(clock.now().toISOString());
    clock.advance(1000);
    expect(answered(await callAs(t, user, 'DELETE', `${TOKENS}/${token.id}`))).toEqual(first);
    expect((await callAs(t, token.caller, 'GET', '/api/v1/users/me')).statusCode).toBe(401);

    const other = await t.createUser();
    const theirs = await createApiToken(t, other, ['read']);
    const foreign = await callAs(t, user, 'DELETE', `${TOKENS}/${theirs.id}`);
    expect([foreign.statusCode, foreign.json().detail]).toEqual([404, 'API token not found']);
    answered(await callAs(t, theirs.caller, 'GET', '/api/v1/users/me'));
    expect(answered(await callAs(t, t.superuser, 'DELETE', `${TOKENS}/${theirs.id}`)).revoked_at).not.toBeNull();
  });

  it("lists one's own; a superuser lists another user's or everyone's, anyone else gets 403", async () => {
    const other = await t.createUser();
    const theirs = await createApiToken(t, other, ['read'], { name: 'theirs' });
    const mine = answered(await callAs(t, user, 'GET', `${TOKENS}/`));
    expect(mine.data.every((token: { user_id: string }) => token.user_id === user.id)).toBe(true);
    for (const query of [`user_id=${other.id}`, 'all=true']) {
      const res = await callAs(t, user, 'GET', `${TOKENS}/?${query}`);
      expect([query, res.statusCode]).toEqual([query, 403]);
    }
    expect(answered(await callAs(t, t.superuser, 'GET', `${TOKENS}/?user_id=${other.id}`)).data.map((x: { id: string }) => x.id)).toEqual([
      theirs.id,
    ]);
    const all = answered(await callAs(t, t.superuser, 'GET', `${TOKENS}/?all=true&limit=100`));
    expect(all.count).toBeGreaterThan(mine.count);
  });

  it('records the last use at most once a minute, without a write per request', async () => {
    const token = await createApiToken(t, user, ['read']);
    const lastUsed = async () =>
      (await t.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', token.id).executeTakeFirstOrThrow()).last_used_at;
    const firstUse = clock.now().toISOString();
    answered(await callAs(t, token.caller, 'GET', `${ALERTS}/`));
    expect((await eventually(lastUsed, 'the first use recorded')).toISOString()).toBe(firstUse);

    clock.advance(LAST_USED_PRECISION_MS - 1);
    answered(await callAs(t, token.caller, 'GET', `${ALERTS}/`));
    clock.advance(1);
    const minuteLater = clock.now().toISOString();
    answered(await callAs(t, token.caller, 'GET', `${ALERTS}/`));
    answered(await callAs(t, token.caller, 'GET', `${ALERTS}/`));
    await eventually(
      async () => (await lastUsed())?.toISOString(),
      (at) => at === minuteLater,
      'the use a minute later recorded',
    );
    const listed = answered(await callAs(t, user, 'GET', `${TOKENS}/`)).data.find((x: { id: string }) => x.id === token.id);
    expect(listed.last_used_at).toBe(minuteLater);
  });
});
