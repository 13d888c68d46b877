import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * GET /users/directory: a member reads who the people of their teams are (the on-call console's
 * names and people pickers), a page at a time; only superusers and the team's admins read
 * emails, and nobody reads anyone outside their teams.
 */
let t: TestApp;
let reader: TestUser;
let lead: TestUser;
let teamId: string;

/** A new user in the reader's team (a responder, as the reader). */
const colleague = async (fields: Parameters<TestApp['createUser']>[0]) => {
  const user = await t.createUser(fields);
  await shareTeam(t, lead, [user], 'responder');
  return user;
};
/** Users written straight to the table, put in the reader's team. */
const joinAll = (ids: string[]) =>
  t.db
    .insertInto('team_members')
    .values(ids.map((user_id) => ({ team_id: teamId, user_id, role: 'responder' as const })))
    .execute();

const URL = '/api/v1/users/directory';
const read = async (who: TestUser, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body(res) as { data: { id: string; full_name: string | null; email?: string; is_active: boolean }[]; count: number };
};
const ids = (page: { data: { id: string }[] }) => page.data.map((u) => u.id);

beforeAll(async () => {
  t = await createTestApp();
  lead = await t.createUser({ email: 'lead@example.com', full_name: 'Team Lead' });
  reader = await t.createUser({ email: 'reader@example.com', full_name: 'Reader Person' });
  teamId = await shareTeam(t, lead, [reader], 'responder');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /users/directory', () => {
  it('answers an ordinary user names only: no email anywhere in the answer', async () => {
    const zoe = await colleague({ email: 'zoe.secret@example.com', full_name: 'Zed Names' });
    const res = await t.app.inject({ method: 'GET', url: URL, headers: reader.auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('@');
    const page = body(res);
    expect(page.data.find((u: { id: string }) => u.id === zoe.id)).toEqual({ id: zoe.id, full_name: 'Zed Names', is_active: true });
    for (const user of page.data) expect(Object.keys(user).sort()).toEqual(['full_name', 'id', 'is_active']);
  });

  it('answers a superuser the emails too', async () => {
    const ann = await colleague({ email: 'ann.visible@example.com', full_name: 'Ann Visible' });
    const page = await read(t.superuser, '?q=Ann%20Visible');
    expect(page).toEqual({ data: [{ id: ann.id, full_name: 'Ann Visible', email: 'ann.visible@example.com', is_active: true }], count: 1 });
  });

  it('pages with skip and limit in a stable order (by name, the unnamed last, then id), with the total', async () => {
    const made = [];
    for (const name of ['Pager Carol', 'Pager Alma', 'Pager Bert', 'Pager Alma']) made.push(await colleague({ full_name: name }));
    const [carol, alma1, bert, alma2] = made.map((u) => u.id) as [string, string, string, string];
    const almas = [alma1, alma2].sort();
    const all = await read(reader, '?q=Pager');
    expect(all.count).toBe(4);
    expect(ids(all)).toEqual([...almas, bert, carol]);
    const first = await read(reader, '?q=Pager&skip=0&limit=3');
    const second = await read(reader, '?q=Pager&skip=3&limit=3');
    expect([first.count, second.count]).toEqual([4, 4]);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all));
    // limit is capped at a page of 100, as for every list.
    const bulk = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: 101 }, (_, i) => ({ email: `bulk-${i}@example.com`, full_name: `Bulk ${i}`, hashed_password: 'not-a-hash' })),
      )
      .returning('id')
      .execute();
    await joinAll(bulk.map((u) => u.id));
    const capped = await read(reader, '?q=Bulk&limit=500');
    expect([capped.data.length, capped.count]).toEqual([100, 101]);
    const unnamed = await t.db
      .insertInto('users')
      .values({ email: 'no-name@example.com', full_name: null, hashed_password: 'not-a-hash' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await joinAll([unnamed.id]);
    const everyone = await read(reader, '?skip=0&limit=100');
    const rest = await read(reader, '?skip=100&limit=100');
    const listed = [...everyone.data, ...rest.data];
    expect(listed.length).toBe(everyone.count);
    expect(listed.at(-1)?.id).toBe(unnamed.id);
    expect(listed.findIndex((u) => u.full_name === null)).toBe(listed.length - 1);
  });

  it('lists active users only; asked for by id, a deactivated user is named, marked inactive', async () => {
    const gone = await colleague({ full_name: 'Deactivated Dora' });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${gone.id}`,
      headers: t.superuser.auth,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await read(reader, '?q=Dora')).toEqual({ data: [], count: 0 });
    expect(await read(t.superuser, '?q=Dora')).toEqual({ data: [], count: 0 });
    const byId = await read(reader, `?id=${gone.id}&id=${reader.id}`);
    expect(byId).toEqual({
      data: [
        { id: gone.id, full_name: 'Deactivated Dora', is_active: false },
        { id: reader.id, full_name: 'Reader Person', is_active: true },
      ],
      count: 2,
    });
  });

  it('searches names in any case, `%` and `_` as characters; an ordinary user cannot search by email', async () => {
    const percent = await colleague({ email: 'findme.hidden@example.com', full_name: 'Mary 100% Sure' });
    await colleague({ full_name: 'Mary 1000 Sure' });
    expect(ids(await read(reader, '?q=MARY%20100%25'))).toEqual([percent.id]);
    expect(ids(await read(reader, '?q=ry_1'))).toEqual([]);
    expect(await read(reader, '?q=findme.hidden')).toEqual({ data: [], count: 0 });
    expect(ids(await read(t.superuser, '?q=findme.hidden'))).toEqual([percent.id]);
  });

  it('names at most 100 ids in a call, and refuses what is not an id or a bounded search', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `id=00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join('&');
    const cases: [string, unknown][] = [
      [`?${many}`, [{ loc: ['query', 'id'], msg: 'List should have at most 100 items', type: 'too_long' }]],
      ['?id=nope', [{ loc: ['query', 'id', 0], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }]],
      [`?q=${'x'.repeat(101)}`, [{ loc: ['query', 'q'], msg: 'String should have at most 100 characters', type: 'string_too_long' }]],
      ['?q=', [{ loc: ['query', 'q'], msg: 'String should have at least 1 character', type: 'string_too_short' }]],
    ];
    for (const [query, detail] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: reader.auth });
      expect(res.statusCode, query).toBe(422);
      expect(body(res).detail, query).toEqual(detail);
    }
  });

  it("names nobody outside the caller's teams, and the team's admins read their members' emails", async () => {
    const stranger = await t.createUser({ email: 'stranger@example.com', full_name: 'Strange Stranger' });
    expect(await read(reader, '?q=Strange')).toEqual({ data: [], count: 0 });
    expect(await read(reader, `?id=${stranger.id}`)).toEqual({ data: [], count: 0 });
    expect(ids(await read(stranger, '?q=Reader'))).toEqual([]);
    const seen = await read(lead, '?q=Reader%20Person');
    expect(seen.data).toEqual([{ id: reader.id, full_name: 'Reader Person', email: 'reader@example.com', is_active: true }]);
    const filtered = await read(reader, `?team_id=${teamId}&q=Team%20Lead`);
    expect(ids(filtered)).toEqual([lead.id]);
  });

  it('is refused without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
